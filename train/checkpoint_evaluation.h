// Rating a new network during a run: short matches against two fixed anchors (a uniformly random
// player and a random-rollout MCTS) and the newest earlier checkpoints. The pairings are
// independent, so they run on parallel threads, one network stream each; each pairing has its
// own seeds, so the results do not depend on the number of threads.
#pragma once

#include <string>
#include <vector>

#include "model/network.h"
#include "selfplay/match.h"
#include "selfplay/ratings.h"
#include "train/run_config.h"

namespace bredon {

// Names of the fixed anchors in eval_results.jsonl and ratings.json (random is Elo 0).
inline const std::vector<std::string>& rating_anchors() {
  static const std::vector<std::string> names{"random", "baseline_rollout_mcts"};
  return names;
}

struct CheckpointEvaluation {
  MatchResult vs_random, vs_baseline;
};

// Plays `name` (the network `net`, in eval mode) against the anchors and against `previous`
// (checkpoint paths, newest first), appending one line per pairing to `results_path` in a fixed
// order once all are done.
CheckpointEvaluation evaluate_checkpoint(const std::string& name, TakNet net, const std::vector<std::string>& previous,
                                         const RunConfig& cfg, int64_t iteration, const std::string& results_path,
                                         int threads);

// Every pairing result of a run; a malformed line (a kill while writing it) is skipped with a warning.
std::vector<PairResult> read_results(const std::string& path);

}  // namespace bredon
