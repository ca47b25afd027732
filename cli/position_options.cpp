#include "cli/position_options.h"

#include "cli/commands.h"
#include "core/ptn_game.h"
#include "core/tps.h"

namespace bredon::cli {

Position PositionOptions::position() const {
  const int half_komi = parse_komi(komi);
  if (tps.empty() && size == 0) throw UsageError("give --size (or --tps)");
  Position pos = tps.empty() ? Position(size, half_komi) : parse_tps(tps, half_komi);
  if (!tps.empty() && size != 0 && size != pos.size())
    throw UsageError("--size " + std::to_string(size) + " does not match the " + std::to_string(pos.size()) + "x" +
                     std::to_string(pos.size()) + " board of --tps");
  return pos;
}

void add_position_options(CLI::App* cmd, PositionOptions& options) {
  cmd->add_option("--size", options.size, "board size, 3..8 (the empty board unless --tps is given)")
      ->check(CLI::Range(3, 8));
  cmd->add_option("--tps", options.tps, "start from this position (TPS)");
  cmd->add_option("--komi", options.komi, "komi in points, whole or half (0)");
}

}  // namespace bredon::cli
