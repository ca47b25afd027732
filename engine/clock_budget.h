// How long to think on a clock: the time for one move from what is left on our clock, the
// increment and the position (how many moves the game may still take).
#pragma once

#include <cstdint>

#include "core/position.h"

namespace bredon {

// The own moves the side to move should plan for: the game ends at the latest when either side's
// reserve runs out or the board fills, so it can take at most about min(pieces in the smaller
// reserve, half the empty squares) more moves each; planning for that many (never fewer than 8)
// spends the clock where a fixed share would leave a third of it unused at the end of a 5x5 game.
int planned_moves_left(const Position& position);

// Milliseconds for this move: an equal share of the clock over the planned moves plus most of
// the increment; never more than a third of what is left, always a margin for the reply to
// travel, and at least 5 ms.
int64_t clock_move_budget_ms(const Position& position, int64_t own_ms, int64_t increment_ms);

}  // namespace bredon
