// The Evaluator that runs the LibTorch network on whole batches: positions are encoded into one
// channels-last buffer, one forward pass, then each position's legal-move logits are gathered
// from the action index and soft-maxed into priors. It runs on the network's device (nn/device.h):
// on a GPU the batch is copied there and the outputs back.
#pragma once

#include <vector>

#include "nn/network.h"
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

// Sets LibTorch's thread counts explicitly (0: all cores) before any parallel work starts.
void configure_torch_threads(int intra_op_threads);
// Applies that intra-op count to the calling thread (cheap when already applied). OpenMP keeps
// the count per OS thread and oneDNN's convolutions read it, so a std::thread that skips this
// uses every core: two such workers on 2 cores ran four OpenMP threads and trained 1.5x slower.
void adopt_torch_threads();
// For the bot's hard level (search/bot_search.h): one LibTorch thread per search thread, and as
// many search threads as cores. Configures LibTorch and returns that thread count.
int configure_threads_for_bot_search();

}  // namespace bredon
