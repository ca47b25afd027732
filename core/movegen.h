// Legal moves of a position, and their number without generating them (for perft's last ply).
#pragma once

#include <vector>

#include "core/position.h"

namespace bredon {

// Appends every legal move of `pos` to `out` (cleared first). None when the game is over.
// Order: placements square by square (flat, wall, cap), then spreads.
void generate_moves(const Position& pos, std::vector<Move>& out);
std::vector<Move> legal_moves(const Position& pos);

// Index in `moves` (legal moves of `pos`) of the first one that wins on the spot for the side
// to move, or -1. Plays each move, so callers filter out positions where no win is possible.
int immediate_win_index(const Position& pos, const std::vector<Move>& moves);

// Whether the side to move can win on the spot: immediate_win_index, skipped where counting tops
// shows no single move could complete a road or end the game on flats.
bool has_immediate_win(const Position& pos);

// Number of legal moves, computed from precomputed spread counts without listing them.
int count_moves(const Position& pos);

}  // namespace bredon
