#include "cli/position_options.h"

#include "cli/commands.h"
#include "core/ptn_game.h"
#include "core/tps.h"

namespace bredon::cli {

Position position_from_options(int size, const std::string& tps, const std::string& komi) {
  const int half_komi = parse_komi(komi);
  if (tps.empty() && size == 0) throw UsageError("give --size (or --tps)");
  Position pos = tps.empty() ? Position(size, half_komi) : parse_tps(tps, half_komi);
  if (!tps.empty() && size != 0 && size != pos.size())
    throw UsageError("--size " + std::to_string(size) + " does not match the " + std::to_string(pos.size()) + "x" +
                     std::to_string(pos.size()) + " board of --tps");
  return pos;
}

}  // namespace bredon::cli
