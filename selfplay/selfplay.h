// Self-play across many games at once: every game runs its own single-threaded tree, and the
// leaves of all of them are evaluated in one network call (KataGo's and minigo's design; search
// threads inside one tree cost strength). The loop is: advance every game until it needs an
// evaluation or finishes a move -> evaluate the batch -> hand each game its result.
#pragma once

#include <cstdint>
#include <functional>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "core/position.h"
#include "data/shard.h"
#include "search/evaluator.h"
#include "search/search.h"
#include "selfplay/selfplay_config.h"

namespace bredon {

struct FinishedGame {
  GameRecordRow row;
  std::vector<PositionRecord> positions;  // `game` fields are 0: the shard writer sets them
  GameResult result = GameResult::Ongoing;
  bool resigned = false;
  bool adjudicated = false;
};

struct SelfPlayStats {
  int64_t games = 0;
  int64_t positions = 0;
  int64_t evaluations = 0;
  int64_t batches = 0;
  double batch_fill_sum = 0;  // sum over batches of (batch size / parallel games)
  int64_t resignations = 0;
  int64_t white_wins = 0, black_wins = 0, draws = 0;
  // Games that were not allowed to resign, in which a side's value crossed the threshold, and
  // how many of those that side did not lose: the false-resignation rate.
  int64_t resign_checks = 0, false_resignations = 0;
  double mean_batch_fill() const { return batches ? batch_fill_sum / static_cast<double>(batches) : 0; }
  double false_resignation_rate() const {
    return resign_checks ? static_cast<double>(false_resignations) / static_cast<double>(resign_checks) : 0;
  }
};

class SelfPlayRunner {
 public:
  SelfPlayRunner(int size, int half_komi, const SelfPlayConfig& config, const SearchConfig& search,
                 Evaluator& evaluator, uint64_t seed, std::string model_id);
  ~SelfPlayRunner();
  // Games from now on record this model id (after the network was updated in place).
  void set_model_id(const std::string& id) { model_id_ = id; }

  // Game numbers: game k of this runner is first_game_id + k * id_stride (the number also seeds
  // the game, so the same seed and numbers give the same games with a deterministic evaluator).
  void set_game_ids(int64_t first_game_id, int64_t id_stride);

  // Plays until `games` more games have finished. With `drain`, exactly those games are
  // started and all finish; without, every slot keeps a game going and the unfinished ones
  // carry on at the next call (so batches stay full between calls, as in a training loop).
  // `stop`, if given, is asked after every batch and ends the call early.
  void run(int games, bool drain, const std::function<void(FinishedGame&&)>& on_game,
           const std::function<void(const SelfPlayStats&)>& on_batch = nullptr,
           const std::function<bool()>& stop = nullptr);
  const SelfPlayStats& stats() const { return stats_; }
  // Largest tree memory seen in any game, in bytes.
  size_t peak_tree_bytes() const { return peak_tree_bytes_; }

 private:
  struct Slot;
  void start_game(Slot& slot);
  // Advances a game until it needs an evaluation (true) or the game ends (false).
  bool advance(Slot& slot, const std::function<void(FinishedGame&&)>& on_game);
  void finish_move(Slot& slot);
  void finish_game(Slot& slot, const std::function<void(FinishedGame&&)>& on_game);

  int size_, half_komi_;
  SelfPlayConfig config_;
  SearchConfig search_config_;
  Evaluator& evaluator_;
  uint64_t seed_;
  std::string model_id_;
  SelfPlayStats stats_;
  size_t peak_tree_bytes_ = 0;
  int64_t first_game_id_ = 0, id_stride_ = 1, games_started_ = 0, start_limit_ = 0;
  std::vector<std::unique_ptr<Slot>> slots_;
  bool draining_ = false;
};

}  // namespace bredon
