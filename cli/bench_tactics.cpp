// `bredon bench tactics [--models DIR] [--model <bot file>] [--ms 1000] [--dir tests/data/tactics]`:
// every tactical position through the bot's own thinking with a time limit per position: the
// `tei` hard level with the bot `tei` would pick for the position's size and komi (or the
// model-free search where none fits), on every core. A position counts as solved when the move
// is one of the accepted answers (or, for avoid-only entries, none of the bad moves), or wins
// the game on the spot. Prints each miss, then the solved count per file and per board size.
#include <cstdio>
#include <filesystem>
#include <map>

#include "cli/commands.h"
#include "core/movegen.h"
#include "core/tps.h"
#include "data/tactics_suite.h"
#include "nn/bot_library.h"
#include "nn/torch_threads.h"
#include "search/bot_search.h"

namespace bredon::cli {

namespace {

struct BenchTacticsOptions {
  std::string models = default_models_dir(), model, dir = "tests/data/tactics";
  int64_t ms = 1000;
};

struct Tally {
  int solved = 0, count = 0;
  void add(bool ok) {
    solved += ok;
    ++count;
  }
};

bool is_solved(const TacticsEntry& t, const Position& pos, Move m) {
  // A move that wins on the spot solves any position: the suites list the road wins they know,
  // and another spread, or a placement that ends the game on flats, can win as well.
  if (immediate_win_index(pos, {m}) == 0) return true;
  bool ok = t.answers.empty() || is_an_answer(t, m);
  for (const auto& b : t.bad_moves) ok = ok && parse_ptn_move(b, pos.size()) != m;
  return ok;
}

int bench_tactics(const BenchTacticsOptions& o) {
  const int cores = configure_threads_for_bot_search();
  BotLibrary bots(o.models);
  if (!o.model.empty()) bots.add_preferred(o.model);
  std::vector<std::string> files;
  for (const auto& e : std::filesystem::directory_iterator(o.dir))
    if (e.path().extension() == ".jsonl") files.push_back(e.path().string());
  std::sort(files.begin(), files.end());
  if (files.empty()) throw UsageError("no *.jsonl files in --dir " + o.dir);
  std::map<std::pair<int, int>, std::string> described;  // (size, half komi) -> the bot used
  std::map<int, Tally> by_size;
  Tally total;
  for (const std::string& file : files) {
    Tally in_file;
    int skipped = 0;
    for (const TacticsEntry& t : read_tactics(file)) {
      if (t.answers.empty() && t.bad_moves.empty()) {
        ++skipped;  // nothing to check (every move loses)
        continue;
      }
      const Position pos = parse_tps(t.tps, t.half_komi);
      std::string description;
      const std::unique_ptr<Evaluator> eval = bots.evaluator_for(pos.size(), pos.half_komi(), &description);
      described.emplace(std::make_pair(pos.size(), pos.half_komi()), description);
      // A fresh tree per position: one position's search must not help the next.
      const Move m = Thinker(1, cores).think(pos, *eval, Level::Hard, o.ms, -1, nullptr, 1, nullptr);
      const bool ok = is_solved(t, pos, m);
      if (!ok) std::printf("missed %s: played %s\n", t.id.c_str(), to_ptn(m).c_str());
      in_file.add(ok);
      by_size[pos.size()].add(ok);
      total.add(ok);
    }
    std::printf("tactics %s: solved %d of %d (%d without an answer skipped)\n",
                std::filesystem::path(file).filename().string().c_str(), in_file.solved, in_file.count, skipped);
  }
  for (const auto& [key, description] : described)
    std::printf("bot for %dx%d, komi %g: %s\n", key.first, key.first, key.second / 2.0, description.c_str());
  for (const auto& [size, tally] : by_size)
    std::printf("tactics %dx%d: solved %d of %d\n", size, size, tally.solved, tally.count);
  std::printf("tactics_solved %d of %d at %lld ms each on %d threads\n", total.solved, total.count,
              static_cast<long long>(o.ms), cores);
  return 0;
}

}  // namespace

void add_bench_tactics(CLI::App& bench, int& exit_code) {
  auto o = std::make_shared<BenchTacticsOptions>();
  CLI::App* cmd = bench.add_subcommand(
      "tactics", "the tactical positions through the hard level of the bot tei would pick, a time limit each");
  cmd->add_option("--models", o->models, "folder of bot files, one picked per position by size and komi")
      ->capture_default_str();
  cmd->add_option("--model", o->model, "bot file, used on its own board size ahead of --models");
  cmd->add_option("--ms", o->ms, "milliseconds per position")->check(CLI::Range(1, 600000));
  cmd->add_option("--dir", o->dir, "folder of *.jsonl tactics files");
  cmd->callback([o, &exit_code] { exit_code = bench_tactics(*o); });
}
}  // namespace bredon::cli
