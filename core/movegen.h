// Legal moves of a position, and their number without generating them (for perft's last ply).
#pragma once

#include <vector>

#include "core/position.h"

namespace bredon {

// Appends every legal move of `pos` to `out` (cleared first). None when the game is over.
// Order: placements square by square (flat, wall, cap), then spreads.
void generate_moves(const Position& pos, std::vector<Move>& out);
std::vector<Move> legal_moves(const Position& pos);

// Number of legal moves, computed from precomputed spread counts without listing them.
int count_moves(const Position& pos);

}  // namespace bredon
