// `bredon tei [--model <bot file>] [--models DIR] [--level easy|medium|hard]`: the engine over stdin/stdout;
// `bredon export --run-dir DIR [--average K]`: a run's bot file.
#include <iostream>

#include "cli/commands.h"
#include "engine/tei_engine.h"
#include "nn/bot_library.h"
#include "nn/checkpoint.h"
#include "nn/nn_evaluator.h"
#include "nn/weight_average.h"
#include "train/checkpoint_evaluation.h"

namespace bredon::cli {

namespace {

int run_tei(const std::string& model_path, const std::string& models_dir, const std::string& level_text) {
  const Level level = parse_level(level_text);
  const int cores = configure_threads_for_bot_search();
  BotLibrary bots(models_dir);
  if (!model_path.empty()) bots.add_preferred(model_path);
  EvaluatorProvider provider = [&bots](int size, int half_komi, std::string* description) {
    return bots.evaluator_for(size, half_komi, description);
  };
  TeiEngine engine(std::cin, std::cout, std::cerr, provider, level, cores);
  return engine.run();
}

int run_export(const std::string& run_dir, std::string out, int average) {
  if (out.empty()) out = run_dir + "/bot.ckpt";
  const std::string source = run_dir + "/latest.ckpt";
  const std::vector<std::string> sources = newest_for_average(source, run_checkpoints(run_dir), average);
  LoadedCheckpoint ck = sources.size() > 1 ? average_checkpoints(sources) : load_checkpoint(source);
  ck.meta.extra["exported_from"] = source;
  save_checkpoint(out, ck.net, ck.meta);  // without the optimiser state: a bot file only
  std::cout << "exported " << source << " (step " << ck.meta.step << ", " << ck.meta.size << "x" << ck.meta.size << ")";
  if (ck.meta.extra.count("averaged_over")) std::cout << " averaged over " << ck.meta.extra["averaged_over"];
  std::cout << " to " << out << "\n";
  return 0;
}

}  // namespace

void add_tei_command(CLI::App& app, int& exit_code) {
  auto model = std::make_shared<std::string>(), level = std::make_shared<std::string>("hard");
  auto models = std::make_shared<std::string>(default_models_dir());
  CLI::App* cmd = app.add_subcommand("tei", "the engine protocol on stdin/stdout, for Racetrack and other Tak tools");
  cmd->add_option("--model", *model, "bot file, played on its own board size ahead of --models");
  cmd->add_option("--models", *models, "folder of bot files, one picked per game by size and komi")
      ->capture_default_str();
  cmd->add_option("--level", *level, "easy, medium or hard")->check(CLI::IsMember({"easy", "medium", "hard"}));
  cmd->callback([model, models, level, &exit_code] { exit_code = run_tei(*model, *models, *level); });
}

void add_export_command(CLI::App& app, int& exit_code) {
  auto run_dir = std::make_shared<std::string>(), out = std::make_shared<std::string>();
  auto average = std::make_shared<int>(1);
  CLI::App* cmd =
      app.add_subcommand("export", "the run's latest network as one bot file (network + metadata, no optimiser state)");
  cmd->add_option("--run-dir", *run_dir, "run directory")->required();
  cmd->add_option("--out", *out, "bot file to write (default: <run-dir>/bot.ckpt)");
  cmd->add_option("--average", *average,
                  "the mean of the newest this many networks: latest.ckpt and the newest checkpoints/ (1: latest alone)")
      ->check(CLI::Range(1, 100));
  cmd->callback([run_dir, out, average, &exit_code] { exit_code = run_export(*run_dir, *out, *average); });
}
}  // namespace bredon::cli
