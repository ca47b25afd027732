// The fixed, complete numbering of every move possible on an N board: a bijection between
// moves and [0, A_N). Square-major, so the policy head can be a 1x1 convolution whose channels
// are the per-square actions:
//   index = (row * N + column) * P_N + offset,  P_N = 3 + 4 * (2^N - 2)
//   offset 0..2: place flat / wall / capstone
//   offset 3 + direction * (2^N - 2) + (pattern - 1): spread (direction + - < >, pattern as in
//   core/move.h)
// A_N = N^2 * P_N: 3x3 261, 4x4 960, 5x5 3075, 6x6 9036, 7x7 24843, 8x8 65216. Some indices
// (spreads that would leave the board) are never legal; the mask handles them.
#pragma once

#include <vector>

#include "core/move.h"
#include "core/position.h"

namespace bredon {

constexpr int actions_per_square(int size) { return 3 + 4 * ((1 << size) - 2); }
constexpr int action_count(int size) { return size * size * actions_per_square(size); }

int action_of(Move m, int size);
Move move_of_action(int action, int size);

// 1 for each legal move's index, 0 elsewhere; `mask` is resized to action_count(size).
void legal_action_mask(const Position& pos, std::vector<uint8_t>& mask);

}  // namespace bredon
