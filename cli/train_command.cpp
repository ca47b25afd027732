// `bredon train --config <yaml> [--run-dir DIR] [--seed S]`: the training cycle (train/training_run.h).
#include <filesystem>

#include "cli/args.h"
#include "cli/commands.h"
#include "train/training_run.h"

namespace bredon::cli {

int run_train(const std::vector<std::string>& argv) {
  Args args(argv, {});
  TrainOptions o;
  o.config_path = args.get("config", "");
  o.run_dir = args.get("run-dir", "");
  o.seed = static_cast<uint64_t>(args.get_int("seed", 1, 0, INT64_MAX));
  args.reject_unused();
  if (o.run_dir.empty()) {
    if (o.config_path.empty()) throw UsageError("give --config <yaml> (and optionally --run-dir)");
    o.run_dir = "runs/" + std::filesystem::path(o.config_path).stem().string();
  }
  if (o.config_path.empty() && !std::filesystem::exists(o.run_dir + "/config.yaml"))
    throw UsageError("--run-dir " + o.run_dir + " holds no config.yaml yet: give --config <yaml>");
  return run_training(o);
}

}  // namespace bredon::cli
