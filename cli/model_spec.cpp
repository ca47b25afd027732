#include "cli/model_spec.h"

#include <filesystem>

#include "nn/checkpoint.h"

namespace bredon::cli {

RunConfig config_or_defaults(const std::string& path) {
  return path.empty() ? parse_run_config("", "(defaults)") : load_run_config(path);
}

LoadedModel load_model_spec(const std::string& spec, const RunConfig& config, uint64_t seed) {
  LoadedModel m;
  if (spec == "random") {
    torch::manual_seed(seed);
    m.net = TakNet(config.game.size, config.model);
    m.id = "random";
    m.size = config.game.size;
    m.half_komi = config.game.half_komi;
    return m;
  }
  LoadedCheckpoint ck = load_checkpoint(spec);
  m.net = ck.net;
  m.size = ck.meta.size;
  m.half_komi = ck.meta.half_komi;
  m.id = std::filesystem::path(spec).filename().string() + "@" + std::to_string(ck.meta.step);
  return m;
}

}  // namespace bredon::cli
