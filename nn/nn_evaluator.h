// The Evaluator that runs the LibTorch network on whole batches: positions are encoded into one
// channels-last buffer, one forward pass, then each position's legal-move logits are gathered
// from the action index and soft-maxed into priors. It runs on the network's device (nn/device.h):
// on a GPU the batch is copied there and the outputs back.
#pragma once

#include <vector>

#include "nn/network.h"
#include "nn/torch_threads.h"
#include "search/evaluator.h"

namespace bredon {

class NetworkEvaluator : public Evaluator {
 public:
  explicit NetworkEvaluator(TakNet net);
  void evaluate(const std::vector<EvalRequest>& requests, std::vector<EvalResult>& results) override;
  // On two cores a 4x4 network gives 5.7k positions/s one at a time and 31k/s in batches of 32
  // (`bredon bench nn`); larger batches of one search spread its playouts too thin.
  int preferred_batch() const override { return 32; }
  std::unique_ptr<Evaluator> clone() const override { return std::make_unique<NetworkEvaluator>(net_); }
  double forward_seconds() const { return forward_seconds_; }

 private:
  TakNet net_;
  torch::Device device_;
  std::vector<float> input_;
  double forward_seconds_ = 0;
};

}  // namespace bredon
