// `bredon solve`: proves who wins a position within a ply horizon, and prints the main line.
#include <chrono>
#include <cstdio>

#include "cli/commands.h"
#include "cli/position_options.h"
#include "search/solver.h"

namespace bredon::cli {

namespace {

struct SolveOptions {
  PositionOptions board;
  int plies = 15;
  int64_t nodes = 200'000'000;
  int hash_mb = 256;
  bool tinue = false;
};

int run_solve(const SolveOptions& o) {
  const Position pos = o.board.position();
  Solver solver(static_cast<size_t>(o.hash_mb));
  const auto start = std::chrono::steady_clock::now();
  const Solution s = solver.solve(pos, o.plies, o.nodes, nullptr, o.tinue ? Width::Threats : Width::Full);
  const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
  if (o.tinue && s.complete && s.value == 0)
    std::printf("no tinue within %d plies (only threatening moves were tried: a quiet win may still exist)\n", o.plies);
  else
    std::printf("%s\n", describe(s, pos.side_to_move(), o.plies).c_str());
  if (!s.line.empty()) {
    std::string line;
    for (Move m : s.line) line += (line.empty() ? "" : " ") + to_ptn(m);
    std::printf("line %s\n", line.c_str());
  }
  std::printf("nodes %lld time_ms %.0f knps %.0f\n", static_cast<long long>(s.nodes), ms,
              ms > 0 ? s.nodes / ms : 0.0);
  return s.complete ? 0 : 3;
}

}  // namespace

void add_solve_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<SolveOptions>();
  CLI::App* cmd = app.add_subcommand(
      "solve", "prove who forces a win (road or flats) within a ply horizon, with the main line (exit 3: budget spent)");
  add_position_options(cmd, o->board);
  cmd->add_option("--plies", o->plies, "horizon in plies, 1..40 (15)")->check(CLI::Range(1, 40));
  cmd->add_option("--nodes", o->nodes, "node budget (200000000)")->check(CLI::Range(int64_t{1}, int64_t{1} << 40));
  cmd->add_option("--hash-mb", o->hash_mb, "transposition table in MiB, 1..65536 (256)")->check(CLI::Range(1, 65536));
  cmd->add_flag("--tinue", o->tinue,
                "a tinue search: the side to move tries only moves that win at once or threaten a road in one "
                "(the defender every reply), so it proves forced roads much deeper, but cannot rule out a win");
  cmd->callback([o, &exit_code] { exit_code = run_solve(*o); });
}

}  // namespace bredon::cli
