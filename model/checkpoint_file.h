// The checkpoint file format, without LibTorch: one file that alone rebuilds a network (size,
// komi, architecture, training step, config hash, weights), optionally with the optimiser state.
//
// Layout: "BREDONCK" | u32 format version | u32 section count | sections, each
//   u32 name length | name | u64 byte length | u64 FNV-1a of the bytes | bytes
// Section "meta" is `key=value` lines; "weights" is LibTorch's archive of the network;
// "optimizer" (optional) LibTorch's archive of the optimiser. The lengths and hashes catch
// truncated and corrupt files, and the metadata is checked against the model's ranges, before
// LibTorch sees anything (nn/checkpoint.h reads and writes the archives).
#pragma once

#include <cstdint>
#include <map>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

#include "model/config.h"

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

using CheckpointSections = std::map<std::string, std::string>;

// Every section of a checkpoint file, checked (magic, version, lengths, checksums, meta and
// weights present). Throws CheckpointError naming the file and the problem.
CheckpointSections read_checkpoint_sections(const std::string& path);
// Writes atomically: under a temporary name of its own beside `path` (util/run_files.h), then
// renamed, so a crash never leaves a half file; a failed write leaves nothing behind.
void write_checkpoint_sections(const std::string& path, const std::vector<std::pair<std::string, std::string>>& sections);

std::string checkpoint_meta_text(const CheckpointMeta& meta);
// The "meta" section's text as metadata, every value checked. `path` names the file in errors.
CheckpointMeta parse_checkpoint_meta(const std::string& text, const std::string& path);
// Only the metadata (fast: the weights are not deserialised).
CheckpointMeta read_checkpoint_meta(const std::string& path);

}  // namespace bredon
