// The starting position several commands take: an empty board of --size, or --tps, with --komi.
#pragma once

#include <CLI/CLI.hpp>

#include <string>

#include "core/position.h"

namespace bredon::cli {

struct PositionOptions {
  int size = 0;
  std::string tps, komi = "0";
  // Throws UsageError when neither is given or the two disagree, ParseError for a bad TPS or komi.
  Position position() const;
};

// Declares --size, --tps and --komi on `cmd`.
void add_position_options(CLI::App* cmd, PositionOptions& options);

}  // namespace bredon::cli
