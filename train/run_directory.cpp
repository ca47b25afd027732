#include "train/run_directory.h"

#include <spdlog/spdlog.h>

#include <filesystem>

#include "nn/device.h"
#include "util/run_files.h"

namespace bredon {

namespace fs = std::filesystem;

RunConfig run_config_for(const TrainOptions& options) {
  const std::string snapshot = options.run_dir + "/config.yaml";
  const bool started = fs::exists(options.run_dir + "/latest.ckpt");
  if (!fs::exists(snapshot) || (!started && !options.config_path.empty())) {
    RunConfig cfg = load_run_config(options.config_path);
    write_text_atomic(snapshot, cfg.text);
    return cfg;
  }
  RunConfig cfg = parse_run_config(read_text(snapshot), snapshot);
  if (!options.config_path.empty() && load_run_config(options.config_path).text != cfg.text)
    spdlog::warn("{} differs from the run's snapshot {}; the snapshot is used (start a new --run-dir to change it)",
                 options.config_path, snapshot);
  return cfg;
}

TakNet seeded_network(uint64_t seed, int size, const ModelConfig& model) {
  torch::manual_seed(seed);
  return TakNet(size, model);
}

torch::Device run_device(const RunConfig& cfg) {
  try {
    return resolve_device(cfg.device, local_rank_from_environment());
  } catch (const DeviceError& e) {
    throw ConfigError("config " + cfg.source + ": " + e.what());
  }
}

}  // namespace bredon
