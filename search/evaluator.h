// The seam between search and the network: search asks an Evaluator for move priors and a
// value and never sees LibTorch. Implementations: the network (nn_evaluator.h), a heuristic
// one for tests and baselines (heuristic_evaluator.h).
#pragma once

#include <memory>
#include <vector>

#include "core/position.h"

namespace bredon {

struct EvalRequest {
  const Position* position = nullptr;
  const std::vector<Move>* moves = nullptr;  // the legal moves, in the order priors are wanted
};

struct EvalResult {
  std::vector<float> priors;  // one per legal move, summing to 1
  float value = 0;            // expected outcome for the side to move, in [-1, 1]
};

class Evaluator {
 public:
  virtual ~Evaluator() = default;
  // Fills results[i] for requests[i]. Called with whole batches gathered across games.
  virtual void evaluate(const std::vector<EvalRequest>& requests, std::vector<EvalResult>& results) = 0;
  // How many leaves one search should gather per call: 1 where a batch costs as much per
  // position as one (a cheap heuristic), more where batches are cheaper per position (a network).
  virtual int preferred_batch() const { return 1; }
  // An evaluator for another thread (sharing whatever is read-only, like a network's weights),
  // or null where one instance must do (then a search uses one thread).
  virtual std::unique_ptr<Evaluator> clone() const { return nullptr; }
};

}  // namespace bredon
