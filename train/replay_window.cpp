#include "train/replay_window.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>

namespace bredon {

size_t ReplayWindow::target_size() const {
  const double c = config_.window_base, a = config_.window_alpha, b = config_.window_beta;
  const double n = static_cast<double>(total_positions_);
  const double w = n <= c ? n : c * (1 + b * (std::pow(n / c, a) - 1) / a);
  return static_cast<size_t>(std::min<double>(w, config_.window_max));
}

void ReplayWindow::refresh(const std::string& dir) {
  for (const std::string& path : list_shards(dir)) {
    if (std::find(seen_.begin(), seen_.end(), path) != seen_.end()) continue;
    seen_.push_back(path);
    Shard s;
    try {
      s = read_shard(path);
    } catch (const ShardError& e) {
      spdlog::warn("skipping unreadable shard: {}", e.what());
      continue;
    }
    board_size_ = s.size;
    half_komi_ = s.half_komi;
    total_positions_ += static_cast<int64_t>(s.positions.size());
    total_games_ += static_cast<int64_t>(s.games.size());
    shard_lengths_.push_back(s.positions.size());
    for (PositionRecord& p : s.positions) positions_.push_back(std::move(p));
  }
  // Drop whole shards from the old end while the rest still fills the window.
  const size_t target = target_size();
  while (!shard_lengths_.empty() && positions_.size() - shard_lengths_.front() >= target) {
    for (size_t i = 0; i < shard_lengths_.front(); ++i) positions_.pop_front();
    shard_lengths_.pop_front();
  }
}

const PositionRecord& ReplayWindow::sample(std::mt19937_64& rng) const {
  return positions_[std::uniform_int_distribution<size_t>(0, positions_.size() - 1)(rng)];
}

}  // namespace bredon
