// Several self-play runners on their own threads, each with its own evaluator (on CPU: one
// LibTorch thread each). Measured on 2 cores: two concurrent single-threaded network streams
// beat one two-threaded stream by ~30%, and each runner's tree search overlaps the other's
// forward pass. The runners persist between calls, so unfinished games carry on.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "selfplay/selfplay.h"

namespace bredon {

struct PoolResult {
  SelfPlayStats stats;  // this call's, summed over workers
  size_t peak_tree_bytes = 0;
  double seconds = 0;
};

class SelfPlayPool {
 public:
  // Worker w numbers its games first_game_id + w, + w + workers, ... (deterministic per seed).
  SelfPlayPool(int workers, int size, int half_komi, const SelfPlayConfig& config, const SearchConfig& search,
               const std::function<std::unique_ptr<Evaluator>()>& make_evaluator, uint64_t seed,
               const std::string& model_id, int64_t first_game_id);
  ~SelfPlayPool();

  // Plays until `games` games finished (see SelfPlayRunner::run for `drain`). `on_game` is
  // called under a lock; `on_progress` from one worker with the running totals.
  // `stop`, if given, ends the call early (checked after every batch of every worker).
  PoolResult play(int games, bool drain, const std::function<void(FinishedGame&&)>& on_game,
                  const std::function<void(const SelfPlayStats&)>& on_progress = nullptr,
                  const std::function<bool()>& stop = nullptr);
  void set_model_id(const std::string& id);
  int workers() const { return static_cast<int>(runners_.size()); }

 private:
  std::vector<std::unique_ptr<Evaluator>> evaluators_;
  std::vector<std::unique_ptr<SelfPlayRunner>> runners_;
};

}  // namespace bredon
