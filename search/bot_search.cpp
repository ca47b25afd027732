#include "search/bot_search.h"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <mutex>
#include <optional>
#include <random>
#include <stdexcept>
#include <thread>

#include "core/movegen.h"
#include "search/search.h"

namespace bredon {

Level parse_level(const std::string& text) {
  if (text == "easy") return Level::Easy;
  if (text == "medium") return Level::Medium;
  if (text == "hard") return Level::Hard;
  throw std::invalid_argument("level must be easy, medium or hard, not '" + text + "'");
}

std::string level_name(Level level) {
  return level == Level::Easy ? "easy" : level == Level::Medium ? "medium" : "hard";
}

int centipawns(float value) {
  const double q = std::max(-0.999, std::min(0.999, static_cast<double>(value)));
  return static_cast<int>(std::lround(290.680623072 * std::tan(1.548090806 * q)));
}

namespace {

SearchConfig bot_search_config() {
  SearchConfig cfg;
  cfg.algorithm = SearchAlgorithm::Puct;  // anytime: stops cleanly whenever the clock says
  return cfg;
}

// The solver's share of a hard move: forced wins up to 5 plies deep (a road in three moves),
// within about a tenth of the move's time (it proves 200k-500k nodes/s on 4x4-6x6), 50k nodes
// when the move has no time limit. Tiltak's 5-ply tinue test takes it 24k nodes. On 3x3, where
// a whole game is proven within 15 plies from the start in about 5M nodes and most positions
// met in play in far fewer, it looks as deep as the game's length: the same budget decides it.
int solver_plies(const Position& pos) { return pos.size() <= 3 ? 15 : 5; }
int64_t solver_nodes(int64_t time_ms) {
  return time_ms < 0 ? 50'000 : std::clamp<int64_t>(time_ms * 40, 20'000, 400'000);
}
// The same tenth as a deadline: a node's cost varies with the position (with tall stacks and
// few empty squares every node tries every move), so nodes alone cannot promise the clock.
Solver::Deadline solver_deadline(std::chrono::steady_clock::time_point start, int64_t time_ms) {
  return time_ms < 0 ? Solver::Deadline::max() : start + std::chrono::milliseconds(std::max<int64_t>(time_ms / 10, 5));
}
// Past the full width, a tinue search (the attacker's road threats only, every defence) looks
// for a forced road up to 9 plies, a road in five moves, until a twentieth more of the move's
// time: it proves tinues the full width cannot reach (Tiltak's 11-ply simple_capture_to_tinue in
// 32k nodes, where the full width finds nothing within 9 plies in 1.5M). 3x3's full width already
// covers the whole game. Below 200 ms a move (fast clocks) it is skipped: its share could prove
// little, and those moves keep the margin they had before it.
int tinue_plies(const Position& pos, int64_t time_ms) {
  return pos.size() <= 3 || (time_ms >= 0 && time_ms < 200) ? 0 : 9;
}
Solver::Deadline tinue_deadline(std::chrono::steady_clock::time_point start, int64_t time_ms) {
  return time_ms < 0 ? Solver::Deadline::max()
                     : start + std::chrono::milliseconds(std::max<int64_t>(time_ms / 10 + time_ms / 20, 5));
}
// The tree's memory bound within one move (24 bytes a node): an infinite analysis stops here.
constexpr size_t kMaxTreeNodes = size_t{16} << 20;

// The search keeps the last tenth of a timed move for the safety check on the move it chose.
int64_t search_time_ms(int64_t time_ms) { return time_ms < 0 ? time_ms : time_ms - time_ms / 10; }

// How soon playing `move` lets the opponent win: 0 when it loses on the spot, else the plies of
// the opponent's quickest win that the solver proves within solver_plies, or -1 for none proven
// (a move the check cannot fault, including one whose proof ran out of budget). The opponent's
// win in one is looked for in full whatever the budget.
int opponent_win_after(Solver& solver, const Position& pos, Move move, int64_t time_ms, int64_t max_nodes,
                       Solver::Deadline deadline) {
  Position after = pos;
  after.play(move);
  if (after.game_over()) return result_sign_for(after.result(), pos.side_to_move()) < 0 ? 0 : -1;
  if (immediate_win_index(after, legal_moves(after)) >= 0) return 1;
  const int full = solver.quickest_win(after, solver_plies(pos), max_nodes, deadline);
  if (full >= 0 || tinue_plies(pos, time_ms) == 0) return full;
  return solver.quickest_win(after, tinue_plies(pos, time_ms), max_nodes, deadline, Width::Threats);
}

// How a level below hard picks from one evaluation's prior: each move weighs prior^exponent +
// floor; none means the favourite. Elsewhere medium plays the favourite and easy samples from
// the softened prior. On 3x3 the favourite is perfect play (the bot as white beats the exact
// solver every time), so a medium playing it could not be told from hard (hard against it
// 21-0-19, session 16): there each lower level samples one notch looser, medium as easy does
// elsewhere and easy uniformly.
struct LevelSampling {
  double exponent;
  double floor;
};
std::optional<LevelSampling> level_sampling(Level level, int size) {
  constexpr LevelSampling kSoftened{0.5, 0.02}, kUniform{0.0, 0.0};
  if (level == Level::Hard) return std::nullopt;
  if (size <= 3) return level == Level::Medium ? kSoftened : kUniform;
  if (level == Level::Easy) return kSoftened;
  return std::nullopt;
}

// Whether `move` ends the game at once in its mover's favour (the root search proves it).
bool wins_at_once(Position pos, Move move) {
  if (move.is_null()) return false;
  const Color mover = pos.side_to_move();
  pos.play(move);
  return pos.game_over() && result_sign_for(pos.result(), mover) > 0;
}

}  // namespace

Thinker::Thinker(uint64_t seed, int threads)
    : search_(bot_search_config(), seed), solver_(2), threads_(std::max(1, threads)) {}

void Thinker::forget() {
  search_.reset(Position(search_.root_position().size()));
  solver_.clear();
}

size_t Thinker::reuse_tree(const Position& pos) {
  const Position& root = search_.root_position();
  if (root.size() == pos.size() && root.half_komi() == pos.half_komi()) {
    if (root == pos && root.ply() == pos.ply()) return search_.node_count();
    // The usual case: the opponent's reply to the move this tree last played.
    for (const auto& [move, visits] : search_.root_visits()) {
      Position next = root;
      next.play(move);
      if (next == pos && next.ply() == pos.ply()) {
        search_.advance(move);
        return search_.node_count();
      }
    }
  }
  search_.reset(pos);
  return 0;
}

Move Thinker::think(const Position& pos, Evaluator& evaluator, Level level, int64_t time_ms, int64_t nodes,
                    const std::atomic<bool>* stop, uint64_t seed, const std::function<void(const ThinkInfo&)>& on_info) {
  using Clock = std::chrono::steady_clock;
  const auto start = Clock::now();
  auto ms = [&] { return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count(); };
  ThinkInfo info;
  // Easy and medium look at one evaluation only (plus immediate wins, which the search proves
  // at the root) and pick from its prior as level_sampling says.
  if (level != Level::Hard) {
    nodes = 1;
    search_.reset(pos);
  } else {
    info.tree_nodes_kept = static_cast<int64_t>(reuse_tree(pos));
    const int64_t solver_start = solver_.nodes();
    Move win = solver_.winning_move(pos, solver_plies(pos), solver_nodes(time_ms), solver_deadline(start, time_ms));
    if (win.is_null() && tinue_plies(pos, time_ms) > 0)
      win = solver_.winning_move(pos, tinue_plies(pos, time_ms), solver_nodes(time_ms), tinue_deadline(start, time_ms),
                                 Width::Threats);
    info.solver_ms = ms();
    if (!win.is_null()) {
      info.solved = true;
      info.value = 1;
      info.pv = {win};
      info.nodes = solver_.nodes() - solver_start;
      info.time_ms = ms();
      if (on_info) on_info(info);
      search_.advance(win);
      return win;
    }
  }
  search_.begin(1 << 30, false);
  // Helper threads only where the evaluator can be cloned and the level searches.
  std::vector<std::unique_ptr<Evaluator>> clones;
  if (level == Level::Hard)
    for (int t = 1; t < threads_; ++t)
      if (auto c = evaluator.clone()) clones.push_back(std::move(c));
  const int workers = 1 + static_cast<int>(clones.size());
  const int leaves = level == Level::Hard ? leaves_per_thread(evaluator, workers) : 1;
  std::mutex tree_lock;
  auto report = [&] {
    info.time_ms = ms();
    info.value = search_.root_value();
    info.pv = search_.principal_variation(12);
    if (on_info) on_info(info);
  };
  auto last_info = start;
  const int64_t search_ms = level == Level::Hard ? search_time_ms(time_ms) : time_ms;
  auto out_of_budget = [&] {
    return (stop && *stop) || (nodes >= 0 && info.nodes >= nodes) || (search_ms >= 0 && ms() >= search_ms) ||
           search_.node_count() > kMaxTreeNodes;
  };
  auto work = [&](Evaluator& eval, bool reporter) {
    std::vector<size_t> slots;
    std::vector<Search::LeafPosition*> leaves_to_prepare;
    std::vector<EvalRequest> requests;
    std::vector<EvalResult> results;
    for (;;) {
      {
        std::lock_guard<std::mutex> hold(tree_lock);
        if (out_of_budget()) return;
        // Near a node limit, only as many leaves as it has left.
        const int want = nodes >= 0 ? static_cast<int>(std::min<int64_t>(leaves, nodes - info.nodes)) : leaves;
        slots.clear();
        // Each leaf's legal moves and immediate-win check are made below, outside the lock.
        search_.gather(want, slots, true);
        if (slots.empty() && search_.finished()) return;
        requests.clear();
        leaves_to_prepare.clear();
        for (size_t slot : slots) {
          requests.push_back(search_.slot_request(slot));
          leaves_to_prepare.push_back(search_.slot_leaf(slot));
        }
        info.nodes += static_cast<int64_t>(slots.size());
      }
      // None: waiting on the other thread's leaves (the root, or a collision), or a batch's worth
      // of playouts ended on decided positions; either way the clock is looked at again.
      if (slots.empty()) {
        std::this_thread::yield();
        continue;
      }
      for (Search::LeafPosition* leaf : leaves_to_prepare) Search::prepare_leaf(*leaf);
      eval.evaluate(requests, results);
      std::lock_guard<std::mutex> hold(tree_lock);
      for (size_t i = 0; i < slots.size(); ++i) search_.provide_slot(results[i], slots[i]);
      if (reporter && std::chrono::duration<double>(Clock::now() - last_info).count() > 0.5) {
        report();
        last_info = Clock::now();
      }
    }
  };
  std::vector<std::thread> helpers;
  for (auto& c : clones) helpers.emplace_back(work, std::ref(*c), false);
  work(evaluator, true);
  for (auto& h : helpers) h.join();
  Move best = search_.chosen_move();
  const auto sampling = level_sampling(level, pos.size());
  if (sampling && !wins_at_once(pos, best)) {
    // Sample from one evaluation's prior, so the level makes real mistakes; a road the root
    // search proves is still taken.
    const auto prior = search_.policy_target();
    if (!prior.empty()) {
      std::mt19937_64 rng(seed * 7919 + 1);
      std::vector<double> w;
      for (const auto& entry : prior)
        w.push_back(std::pow(static_cast<double>(entry.second), sampling->exponent) + sampling->floor);
      best = prior[std::discrete_distribution<size_t>(w.begin(), w.end())(rng)].first;
    }
  }
  if (best.is_null()) best = legal_moves(pos).front();
  report();
  if (level == Level::Hard && !(stop && *stop)) {
    const Move safe = first_safe_move(pos, best, time_ms, start);
    if (safe != best) {
      best = safe;
      info.pv = {best};
      ++info.safety_vetoes;
      if (on_info) on_info(info);
    }
  }
  if (level == Level::Hard) search_.advance(best);
  return best;
}

Move Thinker::first_safe_move(const Position& pos, Move chosen, int64_t time_ms,
                              std::chrono::steady_clock::time_point start) {
  // The search's choice first, then the rest in the search's order of preference: the first
  // that gives the opponent no proven win is played. When every one does (or the time runs
  // out first), the one whose loss is furthest away, so the opponent must still find the win.
  const Solver::Deadline deadline =
      time_ms < 0 ? Solver::Deadline::max() : start + std::chrono::milliseconds(std::max<int64_t>(time_ms, 5));
  const int64_t max_nodes = solver_nodes(time_ms);
  Move best = chosen;
  int best_loss = opponent_win_after(solver_, pos, chosen, time_ms, max_nodes, deadline);
  if (best_loss < 0) return chosen;
  for (Move m : search_.root_moves_by_preference()) {
    if (m == chosen) continue;
    if (best_loss > 1 && std::chrono::steady_clock::now() >= deadline) break;
    const int loss = opponent_win_after(solver_, pos, m, time_ms, max_nodes, deadline);
    if (loss < 0) return m;
    if (loss > best_loss) best = m, best_loss = loss;
  }
  return best;
}

int leaves_per_thread(const Evaluator& evaluator, int threads) {
  return std::max(1, (std::max(1, evaluator.preferred_batch()) + threads - 1) / std::max(1, threads));
}

Move think(const Position& pos, Evaluator& evaluator, Level level, int64_t time_ms, int64_t nodes,
           const std::atomic<bool>* stop, uint64_t seed, const std::function<void(const ThinkInfo&)>& on_info) {
  return Thinker(seed).think(pos, evaluator, level, time_ms, nodes, stop, seed, on_info);
}

}  // namespace bredon
