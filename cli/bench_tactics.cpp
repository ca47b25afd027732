// `bredon bench tactics [--model <bot file>] [--ms 1000] [--dir tests/data/tactics]`:
// every tactical position through the bot's own thinking (the `tei` hard level) with a time
// limit per position; a position counts as solved when the move is one of the accepted answers
// (or, for avoid-only entries, none of the bad moves).
#include <cstdio>
#include <filesystem>

#include "cli/commands.h"
#include "core/tps.h"
#include "data/tactics_suite.h"
#include "nn/checkpoint.h"
#include "nn/nn_evaluator.h"
#include "search/bot_search.h"
#include "search/heuristic_evaluator.h"

namespace bredon::cli {

namespace {

struct BenchTacticsOptions {
  std::string model, dir = "tests/data/tactics";
  int64_t ms = 1000;
};

int bench_tactics(const BenchTacticsOptions& o) {
  const std::string& model_path = o.model;
  const int64_t ms = o.ms;
  const std::string& dir = o.dir;
  configure_torch_threads(0);
  TakNet net{nullptr};
  int net_size = 0;
  if (!model_path.empty()) {
    LoadedCheckpoint ck = load_checkpoint(model_path);
    net = ck.net;
    net->eval();
    net_size = ck.meta.size;
  }
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(dir))
    if (e.path().extension() == ".jsonl") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  if (files.empty()) throw UsageError("no *.jsonl files in --dir " + dir);
  int total_solved = 0, total = 0;
  for (const std::string& file : files) {
    int solved = 0, count = 0, skipped = 0;
    for (const TacticsEntry& t : read_tactics(file)) {
      if (t.answers.empty() && t.bad_moves.empty()) {
        ++skipped;  // nothing to check (every move loses)
        continue;
      }
      const Position pos = parse_tps(t.tps, t.half_komi);
      std::unique_ptr<Evaluator> eval;
      if (net && net_size == pos.size())
        eval = std::make_unique<NetworkEvaluator>(net);
      else
        eval = std::make_unique<HeuristicEvaluator>();
      const Move m = think(pos, *eval, Level::Hard, ms, -1, nullptr, 1, nullptr);
      bool ok = t.answers.empty();
      for (const auto& a : t.answers) ok = ok || parse_ptn_move(a, pos.size()) == m;
      for (const auto& b : t.bad_moves) ok = ok && parse_ptn_move(b, pos.size()) != m;
      ++count;
      solved += ok;
    }
    std::printf("tactics %s: solved %d of %d (%d without an answer skipped)\n",
                std::filesystem::path(file).filename().string().c_str(), solved, count, skipped);
    total_solved += solved;
    total += count;
  }
  std::printf("tactics_solved %d of %d at %lld ms each\n", total_solved, total, static_cast<long long>(ms));
  return 0;
}

}  // namespace

void add_bench_tactics(CLI::App& bench, int& exit_code) {
  auto o = std::make_shared<BenchTacticsOptions>();
  CLI::App* cmd =
      bench.add_subcommand("tactics", "the tactical positions through the bot's hard level, a time limit each");
  cmd->add_option("--model", o->model, "bot file (default: the model-free heuristic search)");
  cmd->add_option("--ms", o->ms, "milliseconds per position")->check(CLI::Range(1, 600000));
  cmd->add_option("--dir", o->dir, "folder of *.jsonl tactics files");
  cmd->callback([o, &exit_code] { exit_code = bench_tactics(*o); });
}
}  // namespace bredon::cli
