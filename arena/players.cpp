#include "arena/players.h"

#include "core/movegen.h"
#include "search/eval_batch.h"

namespace bredon {

Move RandomPlayer::choose(const Position& pos) {
  const std::vector<Move> moves = legal_moves(pos);
  return moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng_)];
}

SearchPlayer::SearchPlayer(std::string name, Evaluator& evaluator, const SearchConfig& config, int simulations,
                           uint64_t seed)
    : name_(std::move(name)),
      evaluator_(evaluator),
      config_(config),
      simulations_(simulations),
      seed_(seed),
      search_(config, seed) {}

Move SearchPlayer::choose(const Position& pos) {
  // Each move is searched from a fresh tree, as the in-flight match does (arena/match.cpp), so
  // both ways of playing a match give the same games.
  search_.reset(pos);
  search_.begin(simulations_, false);
  EvalBatch batch;
  while (search_.step() == Search::Step::NeedsEval) {
    batch.add(search_);
    batch.compute(evaluator_);
  }
  return search_.chosen_move();
}

Move LevelPlayer::choose(const Position& pos) {
  seed_ = seed_ * 6364136223846793005ULL + 1442695040888963407ULL;  // a new easy-level sample each move
  return thinker_.think(pos, evaluator_, level_, move_time_ms_, -1, nullptr, seed_, nullptr);
}

Move SolverPlayer::choose(const Position& pos) {
  const Solution solution = solver_.solve(pos, plies_, max_nodes_);
  if (solution.value != 0 && !solution.line.empty()) return solution.line.front();
  // No forced win for either side within the horizon (or the budget ran out): avoid the moves
  // that hand the opponent one; among the rest, any.
  const std::vector<Move> moves = legal_moves(pos);
  if (const int win = immediate_win_index(pos, moves); win >= 0) return moves[win];  // budget cut the proof short
  std::vector<Move> safe, unknown;
  for (Move m : moves) {
    Position after = pos;
    after.play(m);
    if (after.game_over()) {  // not won (checked above): a draw is safe, a loss is not
      if (result_sign(after.result()) == 0) safe.push_back(m);
      continue;
    }
    const Proof opponent_wins = solver_.prove_win(after, plies_ - 1, max_nodes_);
    if (opponent_wins == Proof::Disproven) safe.push_back(m);
    if (opponent_wins == Proof::Unknown) unknown.push_back(m);
  }
  const std::vector<Move>& pick = !safe.empty() ? safe : !unknown.empty() ? unknown : moves;
  return pick[std::uniform_int_distribution<size_t>(0, pick.size() - 1)(rng_)];
}

}  // namespace bredon
