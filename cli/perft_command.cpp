// `bredon perft`: move-path counts per depth, with an optional per-move breakdown.
#include <chrono>
#include <cstdio>

#include "cli/args.h"
#include "cli/commands.h"
#include "core/perft.h"
#include "core/ptn_game.h"
#include "core/tps.h"

namespace bredon::cli {

int run_perft(const std::vector<std::string>& argv) {
  Args args(argv, {"divide"});
  const std::string tps = args.get("tps", "");
  const int half_komi = parse_komi(args.get("komi", "0"));
  Position pos = tps.empty() ? Position(static_cast<int>(args.get_int("size", 5, 3, 8)), half_komi)
                             : parse_tps(tps, half_komi);
  if (!tps.empty() && args.has("size") && args.get_int("size", 0, 3, 8) != pos.size())
    throw UsageError("--size " + args.get("size", "") + " does not match the " + std::to_string(pos.size()) +
                     "x" + std::to_string(pos.size()) + " board of --tps");
  if (tps.empty() && !args.has("size")) throw UsageError("option --size (or --tps) is required");
  const int depth = static_cast<int>(args.get_int("depth", -1, 0, 20));
  if (depth < 0) throw UsageError("option --depth is required");
  const bool divide = args.has("divide");
  args.reject_unused();

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
    const double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    std::printf("depth %d nodes %llu time_ms %.0f mnps %.1f\n", d, static_cast<unsigned long long>(nodes), ms,
                ms > 0 ? nodes / ms / 1000.0 : 0.0);
    std::fflush(stdout);
  }
  return 0;
}

}  // namespace bredon::cli
