#include "search/heuristic_evaluator.h"

#include <algorithm>
#include <cmath>

#include "core/movegen.h"

namespace bredon {

float HeuristicEvaluator::value_of(const Position& pos) {
  if (has_immediate_win(pos)) return 1.0f;
  const Color me = pos.side_to_move(), them = opponent(me);
  const double my_komi = (me == Color::White ? -pos.half_komi() : pos.half_komi()) / 2.0;
  const double flats = pos.flat_count(me) - pos.flat_count(them) + my_komi;
  // Tops in the centre and stacks controlled also matter a little.
  const double control = popcount(pos.tops(me)) - popcount(pos.tops(them));
  return static_cast<float>(std::tanh(0.25 * flats + 0.1 * control));
}

void HeuristicEvaluator::evaluate(const std::vector<EvalRequest>& requests, std::vector<EvalResult>& results) {
  results.resize(requests.size());
  for (size_t i = 0; i < requests.size(); ++i) {
    const size_t n = requests[i].moves->size();
    results[i].priors.assign(n, n ? 1.0f / static_cast<float>(n) : 0.0f);
    results[i].value = value_of(*requests[i].position);
  }
}

}  // namespace bredon
