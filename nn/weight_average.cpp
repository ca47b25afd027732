#include "nn/weight_average.h"

#include <algorithm>

namespace bredon {

LoadedCheckpoint average_checkpoints(const std::vector<std::string>& paths) {
  if (paths.empty()) throw CheckpointError("averaging checkpoints: no files given");
  LoadedCheckpoint first = load_checkpoint(paths.front());
  std::vector<LoadedCheckpoint> rest;
  for (size_t k = 1; k < paths.size(); ++k) {
    LoadedCheckpoint ck = load_checkpoint(paths[k], first.meta.size);
    if (ck.meta.model != first.meta.model)
      throw CheckpointError("checkpoint " + paths[k] + ": its architecture differs from " + paths.front() +
                            "'s, so the two cannot be averaged");
    rest.push_back(std::move(ck));
  }
  LoadedCheckpoint out = rest.empty() ? first : rest.back();
  out.net = first.net;
  torch::NoGradGuard no_grad;
  const double n = static_cast<double>(paths.size());
  auto average_into = [&](torch::Tensor& sum, auto tensors_of, const std::string& key) {
    // Integer tensors (batch norm's step count) are counts, not weights: the newest one's is kept.
    if (!sum.is_floating_point()) {
      if (!rest.empty()) sum.copy_(tensors_of(rest.back())[key]);
      return;
    }
    for (auto& ck : rest) sum.add_(tensors_of(ck)[key]);
    sum.div_(n);
  };
  auto params = [](LoadedCheckpoint& ck) { return ck.net->named_parameters(true); };
  auto buffers = [](LoadedCheckpoint& ck) { return ck.net->named_buffers(true); };
  for (auto& item : out.net->named_parameters(true)) average_into(item.value(), params, item.key());
  for (auto& item : out.net->named_buffers(true)) average_into(item.value(), buffers, item.key());
  std::string names;
  for (const std::string& p : paths) names += (names.empty() ? "" : ",") + p;
  out.meta.extra["averaged_over"] = names;
  out.has_optimizer = false;
  return out;
}

std::vector<std::string> newest_for_average(const std::string& latest, const std::vector<std::string>& earlier, int count) {
  std::vector<std::string> out{latest};
  if (count <= 1) return out;
  const int64_t latest_step = read_checkpoint_meta(latest).step;
  for (auto it = earlier.rbegin(); it != earlier.rend() && static_cast<int>(out.size()) < count; ++it)
    if (read_checkpoint_meta(*it).step < latest_step) out.insert(out.begin(), *it);
  return out;
}

}  // namespace bredon
