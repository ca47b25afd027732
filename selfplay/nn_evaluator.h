// The Evaluator that runs the LibTorch network on whole batches: positions are encoded into one
// channels-last buffer, one forward pass, then each position's legal-move logits are gathered
// from the action index and soft-maxed into priors.
#pragma once

#include <vector>

#include "model/network.h"
#include "selfplay/evaluator.h"

namespace bredon {

class NetworkEvaluator : public Evaluator {
 public:
  explicit NetworkEvaluator(TakNet net);
  void evaluate(const std::vector<EvalRequest>& requests, std::vector<EvalResult>& results) override;
  double forward_seconds() const { return forward_seconds_; }

 private:
  TakNet net_;
  std::vector<float> input_;
  double forward_seconds_ = 0;
};

// Sets LibTorch's thread counts explicitly (0: all cores) before any parallel work starts.
void configure_torch_threads(int intra_op_threads);

}  // namespace bredon
