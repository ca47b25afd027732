// How the exported bot thinks about a move, shared by `bredon tei`, `play` and the arena's level
// players. Levels: easy samples a move from one evaluation's softened policy, medium plays that
// policy's favourite move (one evaluation; on 3x3, where the favourite is perfect play, both
// sample one notch looser), hard searches its whole budget:
// - first the exact solver, for a forced win within a few plies (so a forced road in reach is
//   never missed), then a tinue search (its road threats only) for a deeper forced road;
// - then an anytime PUCT search that gathers the evaluator's preferred batch of leaves at a
//   time under virtual loss (a network evaluates 32 positions at several times the rate of one),
//   on several threads that share the tree under a lock and each evaluate their own share of
//   the batch on one LibTorch thread (LibTorch's own threads, asked for by a search thread it
//   did not start, were the slowest way to use two cores: `bredon bench think` compares);
// - the tree is kept between moves: the next search starts from the subtree of the moves played;
// - last, the solver checks the chosen move: one that hands the opponent a forced win within a
//   few plies, or a tinue within a few more, gives way to the search's next choice that does not (the last tenth of the time;
//   a move that lets the opponent win at once is never played while another exists).
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/position.h"
#include "search/evaluator.h"
#include "search/search.h"
#include "search/solver.h"

namespace bredon {

enum class Level { Easy, Medium, Hard };
Level parse_level(const std::string& text);  // throws std::invalid_argument
std::string level_name(Level level);

struct ThinkInfo {
  int64_t nodes = 0;  // positions evaluated, plus playouts that ended on a decided position
  int64_t time_ms = 0;
  int64_t tree_nodes_kept = 0;  // nodes of the previous search reused by this one
  float value = 0;              // for the side to move
  std::vector<Move> pv;
  bool solved = false;  // the move comes from a proven forced win
  int64_t solver_ms = 0;  // of time_ms, the solver's look for a forced win before the search
  int safety_vetoes = 0;  // 1 when the search's choice handed the opponent a forced win and gave way
};

// The bot of one game: keeps its search tree from move to move. Call forget() when the game
// or the evaluator changes.
class Thinker {
 public:
  // threads: search threads for evaluators that can be cloned (a network); give LibTorch one
  // intra-op thread each (configure_torch_threads(1)) when using more than one.
  explicit Thinker(uint64_t seed = 1, int threads = 1);

  // time_ms < 0: no time limit; nodes < 0: no node limit (one of them, or `stop`, must end it).
  Move think(const Position& pos, Evaluator& evaluator, Level level, int64_t time_ms, int64_t nodes,
             const std::atomic<bool>* stop, uint64_t seed, const std::function<void(const ThinkInfo&)>& on_info);
  void forget();

 private:
  // Moves the kept tree's root to `pos` when it is a position the tree has seen; else a new tree.
  size_t reuse_tree(const Position& pos);
  // The search's choice, or its first preferred move that gives the opponent no proven win
  // (else the one that puts the opponent's win furthest away).
  Move first_safe_move(const Position& pos, Move chosen, int64_t time_ms, std::chrono::steady_clock::time_point start);

  Search search_;
  Solver solver_;
  int threads_;
};

// Leaves each of `threads` search threads gathers per evaluation: the evaluator's preferred
// batch shared among them.
int leaves_per_thread(const Evaluator& evaluator, int threads);

// One move with a fresh Thinker (no tree kept).
Move think(const Position& pos, Evaluator& evaluator, Level level, int64_t time_ms, int64_t nodes,
           const std::atomic<bool>* stop, uint64_t seed, const std::function<void(const ThinkInfo&)>& on_info);

// Centipawn-like score from a value in [-1, 1] (lc0's mapping), for clients that want `cp`.
int centipawns(float value);

}  // namespace bredon
