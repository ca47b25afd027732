// Checkpoint files with LibTorch: the network's weights and the optimiser's state in the file
// format of model/checkpoint_file.h.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "model/checkpoint_file.h"
#include "nn/network.h"

namespace bredon {

// Writes atomically: under a temporary name of its own beside `path`, then renamed, so a crash
// never leaves a half file.
void save_checkpoint(const std::string& path, TakNet& net, const CheckpointMeta& meta,
                     torch::optim::Optimizer* optimizer = nullptr);

struct LoadedCheckpoint {
  CheckpointMeta meta;
  TakNet net{nullptr};
  bool has_optimizer = false;
};

// expected_size 0 accepts any size. Throws CheckpointError naming the file and the problem.
LoadedCheckpoint load_checkpoint(const std::string& path, int expected_size = 0);
// Restores the optimiser state saved with the checkpoint.
void load_optimizer_state(const std::string& path, torch::optim::Optimizer& optimizer);

}  // namespace bredon
