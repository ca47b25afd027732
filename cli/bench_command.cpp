// `bredon bench <what>`: throughput measurements, reported with a reference from the same run.
#include <spdlog/spdlog.h>

#include <chrono>
#include <cstdio>

#include "cli/args.h"
#include "cli/commands.h"
#include "core/movegen.h"
#include "core/perft.h"

namespace bredon::cli {
namespace {

struct PerftCase {
  int size, depth, quick_depth;
};

int bench_perft(Args& args) {
  const bool quick = args.has("quick");
  args.reject_unused();
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

int run_bench(const std::vector<std::string>& argv) {
  if (argv.empty()) throw UsageError("which benchmark? (perft)");
  const std::string what = argv[0];
  Args args(std::vector<std::string>(argv.begin() + 1, argv.end()), {"quick", "no-channels-last"});
  if (what == "perft") return bench_perft(args);
  if (what == "nn") return bench_nn(args);
  if (what == "selfplay") return bench_selfplay(args);
  if (what == "train") return bench_train(args);
  if (what == "tactics") return bench_tactics(args);
  throw UsageError("unknown benchmark '" + what + "' (known: perft, nn, selfplay, train, tactics)");
}

}  // namespace bredon::cli
