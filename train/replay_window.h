// The replay window: the newest self-play positions, read from the run's HDF5 shards, growing
// with the run as KataGo's does: window(N) = c * (1 + b * ((N / c)^a - 1) / a) positions for N
// positions generated so far (capped), sampled uniformly, or with train.policy_surprise_weight
// partly in proportion to the full searches' policy surprise.
#pragma once

#include <cstdint>
#include <deque>
#include <random>
#include <string>
#include <vector>

#include "data/shard.h"
#include "config/run_config.h"

namespace bredon {

class ReplayWindow {
 public:
  // Holds positions of `size` boards with `half_komi` only.
  ReplayWindow(const TrainConfig& config, int size, int half_komi)
      : config_(config), board_size_(size), half_komi_(half_komi) {}

  // Reads shards of `dir` not seen yet and drops the oldest beyond the window. A shard that
  // cannot be read, is of another board size or komi, or holds a position a training batch
  // cannot use (a malformed TPS, a policy entry off the action index) is skipped whole with a
  // warning naming it, never fatal.
  void refresh(const std::string& dir);
  size_t size() const { return positions_.size(); }
  int64_t total_positions() const { return total_positions_; }
  int64_t total_games() const { return total_games_; }
  size_t target_size() const;
  const PositionRecord& sample(std::mt19937_64& rng) const;
  // Mean policy surprise of the window's full-search positions (0 when none has one).
  double mean_policy_surprise() const { return mean_surprise_; }
  int shard_size() const { return board_size_; }
  int half_komi() const { return half_komi_; }

 private:
  // Why a shard cannot join this window, or "".
  std::string unusable(const Shard& shard) const;
  // Rebuilds cumulative_weight_ for the positions now in the window.
  void reweigh();

  TrainConfig config_;
  std::vector<std::string> seen_;
  std::deque<PositionRecord> positions_;
  std::deque<size_t> shard_lengths_;  // positions per loaded shard, oldest first
  // Running sums of the sampling weights, one per position (empty: sample evenly). A full search's
  // weight is (1 - w) + w * surprise / mean surprise, a cheap one's 1, so the full searches keep
  // their share of the samples and only their order of preference changes.
  std::vector<double> cumulative_weight_;
  double mean_surprise_ = 0;
  int64_t total_positions_ = 0, total_games_ = 0;
  int board_size_, half_komi_;
};

}  // namespace bredon
