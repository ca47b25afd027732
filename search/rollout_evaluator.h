// The classic model-free MCTS baseline's evaluator: uniform priors and a leaf value from random
// playouts to the end of the game (or a cut-off scored by the flat count).
#pragma once

#include <cstdint>
#include <random>

#include "search/evaluator.h"

namespace bredon {

class RolloutEvaluator : public Evaluator {
 public:
  RolloutEvaluator(uint64_t seed, int rollouts_per_leaf = 1) : rng_(seed), rollouts_(rollouts_per_leaf) {}
  void evaluate(const std::vector<EvalRequest>& requests, std::vector<EvalResult>& results) override;

 private:
  std::mt19937_64 rng_;
  int rollouts_;
};

}  // namespace bredon
