// Input planes for the network, from the side to move's point of view ("mine" = the side to
// move). Layout [channels][N][N], row-major with row 0 = rank 1. D = 2N stack layers below the
// top are shown (as TakZero does), so captures and spreads of realistic stacks are visible.
//
// | planes          | meaning                                                              |
// |-----------------|----------------------------------------------------------------------|
// | 0, 1, 2         | my top piece here is a flat / wall / capstone                        |
// | 3, 4, 5         | the opponent's top piece here is a flat / wall / capstone            |
// | 6 .. 6+D-1      | the piece k = 1..D below the top is mine                             |
// | 6+D .. 6+2D-1   | the piece k = 1..D below the top is the opponent's                   |
// | 6+2D            | my pieces deeper than D in this stack, / N                           |
// | 6+2D+1          | the opponent's pieces deeper than D, / N                             |
// | 6+2D+2          | (constant) my stones in reserve / starting stones                    |
// | 6+2D+3          | (constant) the opponent's stones in reserve / starting stones        |
// | 6+2D+4          | (constant) my capstones in reserve / starting capstones (0 if none)  |
// | 6+2D+5          | (constant) the opponent's capstones in reserve / starting (0 if none)|
// | 6+2D+6          | (constant) 1 if white is to move                                     |
// | 6+2D+7          | (constant) (my flats - their flats - my komi) / N, my komi = -komi  |
// |                 | for white, +komi for black: the flat count if the game ended now     |
// | 6+2D+8          | (constant) komi / N                                                  |
// | 6+2D+9          | (constant) 1 during the two opening plies (placing the other colour) |
// | 6+2D+10         | (constant) 1 everywhere: lets zero-padded convolutions find the edge |
// | 6+2D+11         | (constant) empty squares / N^2 (how close a full-board count is)     |
#pragma once

#include <vector>

#include "core/position.h"

namespace bredon {

constexpr int stack_layers_shown(int size) { return 2 * size; }
constexpr int input_channels(int size) { return 6 + 2 * stack_layers_shown(size) + 2 + 10; }
inline int input_size(int size) { return input_channels(size) * size * size; }

// Writes input_size(pos.size()) floats to `out`.
void encode_position(const Position& pos, float* out);
// The planes of transform_position(pos, symmetry), written without building that position
// (training encodes every sample under a random symmetry).
void encode_position(const Position& pos, int symmetry, float* out);
std::vector<float> encode_position(const Position& pos);

}  // namespace bredon
