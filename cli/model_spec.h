// `--model <checkpoint file|random>` and `--config <yaml>` as the commands take them.
#pragma once

#include <string>

#include "nn/network.h"
#include "config/run_config.h"

namespace bredon::cli {

// The run configuration: the file if given, else every default. With a checkpoint, the board
// size and komi come from the checkpoint.
RunConfig config_or_defaults(const std::string& path);

struct LoadedModel {
  TakNet net{nullptr};
  std::string id;  // checkpoint file name with its step, or "random"
  int size = 0;
  int half_komi = 0;
};

// "random": a freshly initialised network of the config's architecture (seeded).
LoadedModel load_model_spec(const std::string& spec, const RunConfig& config, uint64_t seed);

}  // namespace bredon::cli
