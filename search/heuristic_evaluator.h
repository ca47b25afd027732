// A model-free evaluator: uniform priors and a value from a simple heuristic: a win when the side
// to move can complete a road at once, otherwise the flat count and stack control. Used by tests
// (search must find tactics with it) and as a fixed baseline player.
#pragma once

#include "search/evaluator.h"

namespace bredon {

class HeuristicEvaluator : public Evaluator {
 public:
  void evaluate(const std::vector<EvalRequest>& requests, std::vector<EvalResult>& results) override;
  static float value_of(const Position& pos);
};

}  // namespace bredon
