// `bredon tei [--model <bot file>] [--level easy|medium|hard]`: the engine over stdin/stdout.
#include <iostream>

#include "cli/commands.h"
#include "core/movegen.h"
#include "engine/tei_engine.h"
#include "nn/checkpoint.h"
#include "nn/nn_evaluator.h"
#include "search/heuristic_evaluator.h"

namespace bredon::cli {

namespace {

int run_tei(const std::string& model_path, const std::string& level_text) {
  const Level level = parse_level(level_text);
  configure_torch_threads(0);
  TakNet net{nullptr};
  CheckpointMeta meta;
  if (!model_path.empty()) {
    LoadedCheckpoint ck = load_checkpoint(model_path);
    net = ck.net;
    meta = ck.meta;
    net->eval();
    net->use_channels_last();
    // One evaluation now: LibTorch prepares its kernels on the first forward pass (tens to
    // hundreds of milliseconds), which would otherwise land on the clock of the first move.
    const Position start(meta.size, meta.half_komi);
    const std::vector<Move> moves = legal_moves(start);
    std::vector<EvalResult> results;
    NetworkEvaluator(net).evaluate({EvalRequest{&start, &moves}}, results);
  }
  EvaluatorProvider provider = [&](int size, int half_komi, std::string* description) -> std::unique_ptr<Evaluator> {
    if (net && size == meta.size) {
      *description = "network " + model_path + " (" + std::to_string(meta.size) + "x" + std::to_string(meta.size) +
                     ", trained with half komi " + std::to_string(meta.half_komi) + ", step " +
                     std::to_string(meta.step) +
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

int run_export(const std::string& run_dir, std::string out) {
  if (out.empty()) out = run_dir + "/bot.ckpt";
  const std::string source = run_dir + "/latest.ckpt";
  LoadedCheckpoint ck = load_checkpoint(source);
  ck.meta.extra["exported_from"] = source;
  save_checkpoint(out, ck.net, ck.meta);  // without the optimiser state: a bot file only
  std::cout << "exported " << source << " (step " << ck.meta.step << ", " << ck.meta.size << "x" << ck.meta.size
            << ") to " << out << "\n";
  return 0;
}

}  // namespace

void add_tei_command(CLI::App& app, int& exit_code) {
  auto model = std::make_shared<std::string>(), level = std::make_shared<std::string>("hard");
  CLI::App* cmd = app.add_subcommand("tei", "the engine protocol on stdin/stdout, for Racetrack and other Tak tools");
  cmd->add_option("--model", *model, "bot file (default: the model-free heuristic search)");
  cmd->add_option("--level", *level, "easy, medium or hard")->check(CLI::IsMember({"easy", "medium", "hard"}));
  cmd->callback([model, level, &exit_code] { exit_code = run_tei(*model, *level); });
}

void add_export_command(CLI::App& app, int& exit_code) {
  auto run_dir = std::make_shared<std::string>(), out = std::make_shared<std::string>();
  CLI::App* cmd =
      app.add_subcommand("export", "the run's latest network as one bot file (network + metadata, no optimiser state)");
  cmd->add_option("--run-dir", *run_dir, "run directory")->required();
  cmd->add_option("--out", *out, "bot file to write (default: <run-dir>/bot.ckpt)");
  cmd->callback([run_dir, out, &exit_code] { exit_code = run_export(*run_dir, *out); });
}
}  // namespace bredon::cli
