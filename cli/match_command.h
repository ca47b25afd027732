// `bredon match`'s options and the match itself, shared with `bredon bench strength`, which
// plays the same match with presets against a reference engine.
#pragma once

#include <cstdint>
#include <string>

namespace bredon::cli {

struct MatchOptions {
  std::string a, b, komi = "0", out, sprt, config, tc;
  int games = 100, size = 4, opening_plies = 2, movetime = 500;
  uint64_t seed = 1;
  bool resume = false;  // go on with the match already in `out` rather than refuse to overwrite it
};

// Plays the match, printing a line per game and the result; returns the exit code.
int run_match(const MatchOptions& o);

}  // namespace bredon::cli
