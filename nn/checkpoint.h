// Checkpoint files: one file that alone rebuilds the network (size, komi, architecture,
// training step, config hash, weights), optionally with the optimiser state for resuming.
//
// Layout: "BREDONCK" | u32 format version | u32 section count | sections, each
//   u32 name length | name | u64 byte length | u64 FNV-1a of the bytes | bytes
// Section "meta" is `key=value` lines; "weights" is LibTorch's archive of the network;
// "optimizer" (optional) LibTorch's archive of the optimiser. The lengths and hashes catch
// truncated and corrupt files before LibTorch sees them.
#pragma once

#include <cstdint>
#include <map>
#include <string>

#include "nn/network.h"

namespace bredon {

class CheckpointError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct CheckpointMeta {
  int size = 0;
  int half_komi = 0;
  ModelConfig model;
  int64_t step = 0;
  uint64_t config_hash = 0;
  std::map<std::string, std::string> extra;  // free-form: run name, games played, ...
};

// Writes atomically: to `path.tmp`, then renamed, so a crash never leaves a half file.
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
// Only the metadata (fast: the weights are not deserialised).
CheckpointMeta read_checkpoint_meta(const std::string& path);

}  // namespace bredon
