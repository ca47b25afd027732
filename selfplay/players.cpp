#include "selfplay/players.h"

#include "core/movegen.h"

namespace bredon {

Move RandomPlayer::choose(const Position& pos) {
  const std::vector<Move> moves = legal_moves(pos);
  return moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng_)];
}

SearchPlayer::SearchPlayer(std::string name, Evaluator& evaluator, const SearchConfig& config, int simulations,
                           uint64_t seed)
    : name_(std::move(name)), evaluator_(evaluator), simulations_(simulations), search_(config, seed) {}

void SearchPlayer::new_game(const Position& start) {
  search_.reset(start);
  fresh_ = false;
}

Move SearchPlayer::choose(const Position& pos) {
  // Reuse the tree when the position follows from the last one searched, else start afresh.
  if (fresh_ || search_.root_position().key() != pos.key() || search_.root_position().ply() != pos.ply())
    search_.reset(pos);
  fresh_ = false;
  search_.begin(simulations_, false);
  std::vector<EvalResult> results;
  while (search_.step() == Search::Step::NeedsEval) {
    evaluator_.evaluate({search_.request()}, results);
    search_.provide(results[0]);
  }
  const Move m = search_.chosen_move();
  search_.advance(m);
  return m;
}

void RolloutEvaluator::evaluate(const std::vector<EvalRequest>& requests, std::vector<EvalResult>& results) {
  results.resize(requests.size());
  std::vector<Move> moves;
  for (size_t i = 0; i < requests.size(); ++i) {
    const Position& start = *requests[i].position;
    const size_t n = requests[i].moves->size();
    results[i].priors.assign(n, 1.0f / static_cast<float>(n));
    const int max_plies = 4 * start.size() * start.size();
    double total = 0;
    for (int r = 0; r < rollouts_; ++r) {
      Position p = start;
      for (int ply = 0; ply < max_plies && !p.game_over(); ++ply) {
        generate_moves(p, moves);
        p.play(moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng_)]);
      }
      int sign = result_sign(p.result());
      if (!p.game_over()) {
        // Cut off: score the flat count.
        const int diff = 2 * (p.flat_count(Color::White) - p.flat_count(Color::Black)) - p.half_komi();
        sign = diff > 0 ? 1 : diff < 0 ? -1 : 0;
      }
      total += start.side_to_move() == Color::White ? sign : -sign;
    }
    results[i].value = static_cast<float>(total / rollouts_);
  }
}

}  // namespace bredon
