#include "nn/nn_evaluator.h"

#include <algorithm>
#include <chrono>
#include <cmath>

#include "model/action_index.h"
#include "model/encoding.h"
#include "nn/device.h"

namespace bredon {

NetworkEvaluator::NetworkEvaluator(TakNet net) : net_(std::move(net)), device_(device_of(net_)) {
  // eval() and channels-last must be set before sharing the network between evaluators on
  // several threads; doing it again here is harmless when already done.
  net_->eval();
}

void NetworkEvaluator::evaluate(const std::vector<EvalRequest>& requests, std::vector<EvalResult>& results) {
  results.resize(requests.size());
  if (requests.empty()) return;
  const int n = net_->size();
  // Batches are padded up to a multiple of 16: oneDNN builds its kernels per input shape, and
  // a new shape every call (as games finish) costs more than the padding rows.
  const int64_t b = (static_cast<int64_t>(requests.size()) + 15) / 16 * 16;
  const size_t per = static_cast<size_t>(input_size(n));
  input_.resize(per * static_cast<size_t>(b));
  for (size_t i = 0; i < requests.size(); ++i) encode_position(*requests[i].position, input_.data() + i * per);
  std::fill(input_.begin() + static_cast<std::ptrdiff_t>(per * requests.size()), input_.end(), 0.0f);
  adopt_torch_threads();
  torch::InferenceMode guard;
  const auto start = std::chrono::steady_clock::now();
  // To the network's device and back to the CPU, where the search reads them (no-ops on a CPU).
  const auto x = torch::from_blob(input_.data(), {b, input_channels(n), n, n}).to(device_);
  const NetworkOutput out = net_->forward(x.contiguous(torch::MemoryFormat::ChannelsLast));
  const auto logits = out.policy_logits.to(torch::kCPU).contiguous();
  const auto wdl = out.wdl_logits.to(torch::kCPU).contiguous();
  forward_seconds_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const float* lp = logits.data_ptr<float>();
  const float* wp = wdl.data_ptr<float>();
  const int64_t actions = logits.size(1);
  for (size_t i = 0; i < requests.size(); ++i) {
    const std::vector<Move>& moves = *requests[i].moves;
    EvalResult& r = results[i];
    r.priors.resize(moves.size());
    float top = -1e30f;
    for (size_t k = 0; k < moves.size(); ++k) {
      r.priors[k] = lp[static_cast<int64_t>(i) * actions + action_of(moves[k], n)];
      top = std::max(top, r.priors[k]);
    }
    float z = 0;
    for (float& p : r.priors) z += (p = std::exp(p - top));
    for (float& p : r.priors) p /= z;
    // Value = P(win) - P(loss) from the soft-maxed win/draw/loss logits.
    const float* w = wp + i * 3;
    const float m = std::max(w[0], std::max(w[1], w[2]));
    const float ew = std::exp(w[0] - m), ed = std::exp(w[1] - m), el = std::exp(w[2] - m);
    r.value = (ew - el) / (ew + ed + el);
  }
}

}  // namespace bredon
