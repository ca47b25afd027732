#include "search/rollout_evaluator.h"

#include "core/movegen.h"

namespace bredon {

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
