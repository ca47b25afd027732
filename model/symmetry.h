// The 8 symmetries of the square acting on squares, moves, positions, action indices and input
// planes, all consistent with one another. Symmetry k: mirror left-right if k >= 4, then rotate
// (k % 4) quarter turns anticlockwise. Komi, reserves and the side to move are unchanged.
#pragma once

#include "core/position.h"

namespace bredon {

constexpr int kSymmetries = 8;

Square transform_square(Square s, int sym, int size);
Direction transform_direction(Direction d, int sym);
Move transform_move(Move m, int sym, int size);
int transform_action(int action, int sym, int size);
Position transform_position(const Position& pos, int sym);
// The symmetry that undoes `sym`.
int inverse_symmetry(int sym);

// Permutes the spatial part of planes laid out [channels][N][N] (in place is not allowed).
void transform_planes(const float* in, float* out, int channels, int sym, int size);

}  // namespace bredon
