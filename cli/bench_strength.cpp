// `bredon bench strength --size N`: the shipped bot for the size (or a candidate, --model),
// through its own TEI engine at the hard level, against a reference engine (Tiltak by default,
// Taktician on 3x3): colours alternating, two-ply random openings played once with each colour,
// at 1 s a move or on a 10 s + 0.1 s clock; W/D/L and the Elo difference with its 95% interval.
// One command per size and time control, so that anyone can reproduce a bot card's numbers.
#include <unistd.h>

#include <filesystem>

#include "cli/commands.h"
#include "cli/match_command.h"
#include "model/checkpoint_file.h"

namespace bredon::cli {
namespace {

struct StrengthOptions {
  int size = 5, games = 100;
  std::string model, engine, engines = "../shared/engines", tc = "1s", komi, out;
  uint64_t seed = 1;
  bool resume = false;
};

std::string this_executable() {
  std::error_code ec;
  const auto path = std::filesystem::read_symlink("/proc/self/exe", ec);
  return ec ? std::string("bredon") : path.string();
}

// The engine command runs through /bin/sh, so a path goes in single quotes whatever it holds.
std::string shell_quoted(const std::string& text) {
  std::string quoted = "'";
  for (char c : text) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

int bench_strength(const StrengthOptions& o) {
  if (!o.model.empty()) {
    // A candidate is measured before it is shipped; the match record names its file.
    const int model_size = read_checkpoint_meta(o.model).size;  // throws, naming the file, if it does not read
    if (model_size != o.size)
      throw UsageError("--model " + o.model + " is a " + std::to_string(model_size) + "x" +
                       std::to_string(model_size) + " bot: give --size " + std::to_string(model_size));
  }
  std::string engine = o.engine.empty() ? (o.size == 3 ? "taktician" : "tiltak") : o.engine;
  if (engine == "tiltak" || engine == "taktician") {
    if (engine == "tiltak" && o.size == 3) throw UsageError("Tiltak does not play 3x3: use --engine taktician");
    const std::string path = o.engines + "/" + engine + "-tei";
    if (!std::filesystem::exists(path))
      throw UsageError("no reference engine at " + path + ": give --engines DIR (holding " + engine +
                       "-tei) or --engine \"<TEI command line>\"");
    engine = path;
  }
  MatchOptions m;
  m.a = "tei:" + this_executable() + " tei --level hard";
  if (!o.model.empty()) m.a += " --model " + shell_quoted(std::filesystem::absolute(o.model).lexically_normal().string());
  m.b = "tei:" + engine;
  m.size = o.size;
  m.games = o.games;
  m.seed = o.seed;
  m.out = o.out;
  m.resume = o.resume;
  m.komi = !o.komi.empty() ? o.komi : o.size == 6 ? "2" : "0";  // 6x6 is played with komi 2
  if (o.tc == "1s")
    m.movetime = 1000;
  else if (o.tc == "10+0.1")
    m.tc = "10+0.1";
  else
    throw UsageError("--tc is 1s (a second a move) or 10+0.1 (10 s a game plus 0.1 s a move), not '" + o.tc + "'");
  std::printf("strength: %s vs %s on %dx%d, komi %s, %s, %d games\n", m.a.c_str(), m.b.c_str(), o.size, o.size,
              m.komi.c_str(), o.tc == "1s" ? "1 s a move" : "10 s + 0.1 s a game", o.games);
  std::fflush(stdout);
  return run_match(m);
}

}  // namespace

void add_bench_strength(CLI::App& bench, int& exit_code) {
  auto o = std::make_shared<StrengthOptions>();
  CLI::App* cmd = bench.add_subcommand(
      "strength", "the shipped bot (hard, through TEI) against a reference engine: W/D/L and Elo with its interval");
  cmd->add_option("--model", o->model, "a bot file to measure instead of the shipped bot for the size");
  cmd->add_option("--size", o->size, "board size, 3..8")->check(CLI::Range(3, 8))->capture_default_str();
  cmd->add_option("--games", o->games, "games (openings played once with each colour)")
      ->check(CLI::Range(2, 100000))
      ->capture_default_str();
  cmd->add_option("--engine", o->engine,
                  "tiltak, taktician, or a TEI command line (default: tiltak; taktician on 3x3)");
  cmd->add_option("--engines", o->engines, "folder with tiltak-tei and taktician-tei")->capture_default_str();
  cmd->add_option("--tc", o->tc, "1s (a second a move) or 10+0.1 (a clock)")->capture_default_str();
  cmd->add_option("--komi", o->komi, "komi (default: 2 on 6x6, else 0)");
  cmd->add_option("--out", o->out, "write every game to this PTN file (never overwritten: see --resume)");
  cmd->add_flag("--resume", o->resume, "go on with the match already in --out, from its next game");
  cmd->add_option("--seed", o->seed, "random seed of the openings");
  cmd->callback([o, &exit_code] { exit_code = bench_strength(*o); });
}

}  // namespace bredon::cli
