// TPS (Tak Positional System): a position as one line of text.
// `x3/x,12S,x/1,2C,x 1 4`: rows from rank N down to 1, squares a.. left to right, stacks bottom
// to top (1 white, 2 black), `S`/`C` on the top piece, `xK` for K empty squares, then the side
// to move (1|2) and the move number.
#pragma once

#include <string>

#include "core/position.h"

namespace bredon {

// Throws ParseError naming the offending part and why. Komi is not part of TPS.
Position parse_tps(const std::string& tps, int half_komi = 0);
std::string to_tps(const Position& pos);

// The empty board as TPS, e.g. `x5/x5/x5/x5/x5 1 1`.
std::string empty_tps(int size);

}  // namespace bredon
