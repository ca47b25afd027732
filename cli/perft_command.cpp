// `bredon perft`: move-path counts per depth, with an optional per-move breakdown.
#include <chrono>
#include <cstdio>

#include "cli/commands.h"
#include "cli/position_options.h"
#include "core/perft.h"

namespace bredon::cli {

namespace {

struct PerftOptions {
  PositionOptions board;
  int depth = 0;
  bool divide = false;
};

int run_perft(const PerftOptions& o) {
  Position pos = o.board.position();
  const int depth = o.depth;
  const bool divide = o.divide;
  if (divide) {
    uint64_t total = 0;
    for (const auto& [m, n] : perft_divide(pos, depth)) {
      std::printf("%s %llu\n", to_ptn(m).c_str(), static_cast<unsigned long long>(n));
      total += n;
    }
    std::printf("total %llu\n", static_cast<unsigned long long>(total));
    return 0;
  }
  for (int d = 1; d <= depth; ++d) {
    const auto start = std::chrono::steady_clock::now();
    const uint64_t nodes = perft(pos, d);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::printf("depth %d nodes %llu time_ms %.0f mnps %.1f\n", d, static_cast<unsigned long long>(nodes), ms,
                ms > 0 ? nodes / ms / 1000.0 : 0.0);
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace

void add_perft_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<PerftOptions>();
  CLI::App* cmd = app.add_subcommand("perft", "count move paths per depth (a finished game counts 0 below it)");
  add_position_options(cmd, o->board);
  cmd->add_option("--depth", o->depth, "plies to count, 1..20")->required()->check(CLI::Range(1, 20));
  cmd->add_flag("--divide", o->divide, "list each root move's count at --depth");
  cmd->callback([o, &exit_code] { exit_code = run_perft(*o); });
}

}  // namespace bredon::cli
