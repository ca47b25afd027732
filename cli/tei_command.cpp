// `bredon tei [--model <bot file>] [--level easy|medium|hard]`: the engine over stdin/stdout.
#include <iostream>

#include "cli/args.h"
#include "cli/commands.h"
#include "model/checkpoint.h"
#include "selfplay/heuristic_evaluator.h"
#include "selfplay/nn_evaluator.h"
#include "selfplay/tei_engine.h"

namespace bredon::cli {

int run_tei(const std::vector<std::string>& argv) {
  Args args(argv, {});
  const std::string model_path = args.get("model", "");
  Level level;
  try {
    level = parse_level(args.get("level", "hard"));
  } catch (const std::invalid_argument& e) {
    throw UsageError(std::string("--level: ") + e.what());
  }
  args.reject_unused();
  configure_torch_threads(0);
  TakNet net{nullptr};
  CheckpointMeta meta;
  if (!model_path.empty()) {
    LoadedCheckpoint ck = load_checkpoint(model_path);
    net = ck.net;
    meta = ck.meta;
    net->eval();
    net->use_channels_last();
  }
  EvaluatorProvider provider = [&](int size, int half_komi, std::string* description) -> std::unique_ptr<Evaluator> {
    if (net && size == meta.size) {
      *description = "network " + model_path + " (" + std::to_string(meta.size) + "x" + std::to_string(meta.size) +
                     ", trained with half komi " + std::to_string(meta.half_komi) + ", step " + std::to_string(meta.step) +
                     (half_komi != meta.half_komi ? "; playing another komi than it was trained for" : "") + ")";
      return std::make_unique<NetworkEvaluator>(net);
    }
    *description = net ? "no network for " + std::to_string(size) + "x" + std::to_string(size) +
                             ": playing with the model-free heuristic search"
                       : "no --model given: playing with the model-free heuristic search";
    return std::make_unique<HeuristicEvaluator>();
  };
  TeiEngine engine(std::cin, std::cout, std::cerr, provider, level);
  return engine.run();
}

int run_export(const std::vector<std::string>& argv) {
  Args args(argv, {});
  const std::string run_dir = args.require("run-dir");
  const std::string out = args.get("out", run_dir + "/bot.ckpt");
  args.reject_unused();
  const std::string source = run_dir + "/latest.ckpt";
  LoadedCheckpoint ck = load_checkpoint(source);
  ck.meta.extra["exported_from"] = source;
  save_checkpoint(out, ck.net, ck.meta);  // without the optimiser state: a bot file only
  std::cout << "exported " << source << " (step " << ck.meta.step << ", " << ck.meta.size << "x" << ck.meta.size
            << ") to " << out << "\n";
  return 0;
}

}  // namespace bredon::cli
