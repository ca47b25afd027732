// The starting position several commands take: an empty board of --size, or --tps, with --komi.
#pragma once

#include <string>

#include "core/position.h"

namespace bredon::cli {

// Throws UsageError when neither is given or the two disagree, ParseError for a bad TPS or komi.
Position position_from_options(int size, const std::string& tps, const std::string& komi);

}  // namespace bredon::cli
