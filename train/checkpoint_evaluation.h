// Rating a new network during a run: short matches against two fixed anchors (a uniformly random
// player and a random-rollout MCTS) and earlier checkpoints. The pairings are
// independent, so they run on parallel threads, one network stream each; each pairing has its
// own seeds, so the results do not depend on the number of threads. Games between searches are
// played all at once with batched leaves (selfplay/batched_match.h).
#pragma once

#include <functional>
#include <string>
#include <vector>

#include "arena/match.h"
#include "arena/ratings.h"
#include "nn/network.h"
#include "config/run_config.h"

namespace bredon {

// Names of the fixed anchors in eval_results.jsonl and ratings.json (random is Elo 0).
inline const std::vector<std::string>& rating_anchors() {
  static const std::vector<std::string> names{"random", "baseline_rollout_mcts"};
  return names;
}

struct CheckpointEvaluation {
  MatchResult vs_random, vs_baseline;
  MatchResult vs_anchor;  // eval.anchor's games (none when it is not set)
  bool stopped = false;   // by stop_requested before every pairing finished: nothing was written
};

// The earlier checkpoints a new one plays, from `ladder` (oldest first): 1, 4, 16, ... places
// back, `count` of them, newest first, the oldest standing in for places beyond it. Neighbours
// alone cannot show slow progress: late in a run consecutive checkpoints score about 50%, and
// the curve then only drifts within its error bars.
std::vector<std::string> ladder_opponents(const std::vector<std::string>& ladder, int count);

// Checkpoints of a run's ladder (paths named iter_<k>.ckpt) in iteration order.
void sort_by_iteration(std::vector<std::string>& checkpoint_paths);
// The run directory's checkpoints/*.ckpt, oldest iteration first (none when the folder is absent).
std::vector<std::string> run_checkpoints(const std::string& run_dir);

// Games to play against `anchor`: a quarter of `games` (at least 2) while the newest rated
// checkpoint beat it in every game (those games add almost nothing to the ratings and cost
// about half of an evaluation), all of them otherwise.
int anchor_games(const std::vector<PairResult>& results, const std::string& anchor, int games);

// Plays `name` (the network `net`, in eval mode) against the anchors (`games_vs_anchors` games
// each, in rating_anchors() order) and against `previous` (checkpoint paths, cfg.eval.games
// each), appending one line per pairing to `results_path` in a fixed order once all are done.
// When `stop_requested` turns true (asked between moves) before they are, it writes nothing: a
// rating from part of an evaluation would weigh its pairings unevenly.
CheckpointEvaluation evaluate_checkpoint(const std::string& name, TakNet net, const std::vector<std::string>& previous,
                                         const std::vector<int>& games_vs_anchors, const RunConfig& cfg,
                                         int64_t iteration, const std::string& results_path, int threads,
                                         const std::function<bool()>& stop_requested = nullptr);

// The ratings of a run's players from all its results: random at 0, each checkpoint's prior
// centred on the checkpoint rated before it (see fit_ratings), the first's on random.
std::vector<Rating> fit_run_ratings(const std::vector<PairResult>& results);

// Every pairing result of a run; a malformed line (a kill while writing it) is skipped with a warning.
std::vector<PairResult> read_results(const std::string& path);

}  // namespace bredon
