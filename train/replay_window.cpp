#include "train/replay_window.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>

#include "core/error.h"
#include "core/tps.h"
#include "model/action_index.h"
#include "train/short_term_value.h"

namespace bredon {

std::string ReplayWindow::unusable(const Shard& s) const {
  if (s.size != board_size_ || s.half_komi != half_komi_)
    return "its games are " + std::to_string(s.size) + "x" + std::to_string(s.size) + " with half komi " +
           std::to_string(s.half_komi) + ", this run's " + std::to_string(board_size_) + "x" +
           std::to_string(board_size_) + " with half komi " + std::to_string(half_komi_);
  const int actions = action_count(board_size_);
  for (size_t i = 0; i < s.positions.size(); ++i) {
    const PositionRecord& p = s.positions[i];
    const std::string where = "position " + std::to_string(i) + ": ";
    try {
      if (parse_tps(p.tps, half_komi_).size() != board_size_) return where + "its TPS is of another board size";
    } catch (const ParseError& e) {
      return where + e.what();
    }
    if (p.policy_actions.size() != p.policy_probs.size()) return where + "policy actions and probabilities differ in number";
    for (int32_t a : p.policy_actions)
      if (a < 0 || a >= actions) return where + "policy action " + std::to_string(a) + " is off the action index";
    if (p.ownership.size() != static_cast<size_t>(board_size_ * board_size_)) return where + "ownership is not one per square";
    if (!(p.policy_surprise >= 0) || !std::isfinite(p.policy_surprise))
      return where + "its policy surprise is negative or not a finite number";
  }
  return "";
}

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
    const std::string problem = unusable(s);
    if (!problem.empty()) {
      spdlog::warn("skipping shard {}: {}", path, problem);
      continue;
    }
    if (config_.short_term_value_weight > 0) set_short_term_values(s.positions, config_.short_term_value_plies);
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
  reweigh();
}

void ReplayWindow::reweigh() {
  double sum = 0;
  size_t full = 0;
  for (const PositionRecord& p : positions_)
    if (p.full_search) {
      sum += p.policy_surprise;
      ++full;
    }
  mean_surprise_ = full ? sum / static_cast<double>(full) : 0;
  cumulative_weight_.clear();
  const double w = config_.policy_surprise_weight;
  if (w <= 0 || mean_surprise_ <= 0) return;
  cumulative_weight_.reserve(positions_.size());
  double total = 0;
  for (const PositionRecord& p : positions_) {
    total += p.full_search ? (1 - w) + w * p.policy_surprise / mean_surprise_ : 1.0;
    cumulative_weight_.push_back(total);
  }
}

const PositionRecord& ReplayWindow::sample(std::mt19937_64& rng) const {
  if (cumulative_weight_.empty())
    return positions_[std::uniform_int_distribution<size_t>(0, positions_.size() - 1)(rng)];
  const double r = std::uniform_real_distribution<double>(0, cumulative_weight_.back())(rng);
  const auto it = std::upper_bound(cumulative_weight_.begin(), cumulative_weight_.end(), r);
  return positions_[std::min(static_cast<size_t>(it - cumulative_weight_.begin()), positions_.size() - 1)];
}

}  // namespace bredon
