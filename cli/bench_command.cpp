// `bredon bench <what>`: throughput measurements, reported with a reference from the same run.
#include <spdlog/spdlog.h>

#include <chrono>
#include <cstdio>

#include "cli/commands.h"
#include "core/movegen.h"
#include "core/perft.h"

namespace bredon::cli {
namespace {

struct PerftCase {
  int size, depth, quick_depth;
};

int bench_perft(bool quick) {
  const PerftCase cases[] = {{5, 6, 5}, {6, 5, 4}};
  double total_nodes = 0, total_ms = 0;
  for (const PerftCase& c : cases) {
    Position pos(c.size);
    const int depth = quick ? c.quick_depth : c.depth;
    const auto start = std::chrono::steady_clock::now();
    const uint64_t nodes = perft(pos, depth);
    const double ms = std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::printf("perft size %d depth %d nodes %llu time_ms %.0f mnps %.1f\n", c.size, depth,
                static_cast<unsigned long long>(nodes), ms, nodes / ms / 1000.0);
    std::fflush(stdout);
    total_nodes += static_cast<double>(nodes);
    total_ms += ms;
  }
  std::printf("perft_total_mnps %.1f\n", total_nodes / total_ms / 1000.0);
  return 0;
}

}  // namespace

void add_bench_command(CLI::App& app, int& exit_code) {
  CLI::App* bench =
      app.add_subcommand("bench", "throughput measurements, each against a reference measured in the same run");
  bench->require_subcommand(1);
  auto quick = std::make_shared<bool>(false);
  CLI::App* perft =
      bench->add_subcommand("perft", "perft speed on the 5x5 start to depth 6 and the 6x6 start to depth 5");
  perft->add_flag("--quick", *quick, "one ply less on each (5x5 depth 5, 6x6 depth 4)");
  perft->callback([quick, &exit_code] { exit_code = bench_perft(*quick); });
  add_bench_nn(*bench, exit_code);
  add_bench_selfplay(*bench, exit_code);
  add_bench_train(*bench, exit_code);
  add_bench_tactics(*bench, exit_code);
  add_bench_think(*bench, exit_code);
  add_bench_oracle(*bench, exit_code);
  add_bench_serve(*bench, exit_code);
  add_bench_strength(*bench, exit_code);
}

}  // namespace bredon::cli
