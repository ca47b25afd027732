#include "nn/checkpoint.h"

#include <sstream>
#include <vector>

namespace bredon {

void save_checkpoint(const std::string& path, TakNet& net, const CheckpointMeta& meta,
                     torch::optim::Optimizer* optimizer) {
  std::vector<std::pair<std::string, std::string>> sections;
  sections.emplace_back("meta", checkpoint_meta_text(meta));
  {
    std::ostringstream weights;
    torch::save(net, weights);
    sections.emplace_back("weights", weights.str());
  }
  if (optimizer) {
    std::ostringstream opt;
    torch::save(*optimizer, opt);
    sections.emplace_back("optimizer", opt.str());
  }
  write_checkpoint_sections(path, sections);
}

LoadedCheckpoint load_checkpoint(const std::string& path, int expected_size) {
  const CheckpointSections s = read_checkpoint_sections(path);
  LoadedCheckpoint out;
  out.meta = parse_checkpoint_meta(s.at("meta"), path);
  if (expected_size && out.meta.size != expected_size)
    throw CheckpointError("checkpoint " + path + ": it is for " + std::to_string(out.meta.size) + "x" +
                          std::to_string(out.meta.size) + ", not " + std::to_string(expected_size) + "x" +
                          std::to_string(expected_size));
  out.net = TakNet(out.meta.size, out.meta.model);
  // LibTorch's loader replaces each tensor whatever its shape, so the shapes are compared here:
  // weights of another board size or architecture are refused, not loaded silently.
  std::map<std::string, std::vector<int64_t>> shapes;
  for (const auto& p : out.net->named_parameters()) shapes[p.key()] = p.value().sizes().vec();
  for (const auto& b : out.net->named_buffers()) shapes[b.key()] = b.value().sizes().vec();
  const std::string mismatch = "checkpoint " + path + ": the weights do not fit the architecture in its metadata";
  try {
    std::istringstream weights(s.at("weights"));
    // Onto the CPU, whatever device wrote it: a checkpoint from a GPU run loads anywhere.
    torch::load(out.net, weights, torch::Device(torch::kCPU));
  } catch (const std::exception& e) {
    throw CheckpointError(mismatch);
  }
  for (const auto& p : out.net->named_parameters())
    if (shapes[p.key()] != p.value().sizes().vec()) throw CheckpointError(mismatch + " (" + p.key() + ")");
  for (const auto& b : out.net->named_buffers())
    if (shapes[b.key()] != b.value().sizes().vec()) throw CheckpointError(mismatch + " (" + b.key() + ")");
  out.has_optimizer = s.count("optimizer") > 0;
  return out;
}

void load_optimizer_state(const std::string& path, torch::optim::Optimizer& optimizer) {
  const CheckpointSections s = read_checkpoint_sections(path);
  auto it = s.find("optimizer");
  if (it == s.end()) throw CheckpointError("checkpoint " + path + ": holds no optimiser state");
  try {
    std::istringstream in(it->second);
    // Its state goes where the optimiser's parameters are (the GPU in a GPU run).
    const auto& groups = optimizer.param_groups();
    torch::Device device(torch::kCPU);
    if (!groups.empty() && !groups.front().params().empty()) device = groups.front().params().front().device();
    torch::load(optimizer, in, device);
  } catch (const std::exception&) {
    throw CheckpointError("checkpoint " + path + ": the optimiser state does not fit this optimiser");
  }
}

}  // namespace bredon
