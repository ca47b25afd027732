// Move-path counting. Convention `t0` (Tiltak's, chess-like): a finished game counts 0 below
// it, so a terminal position reached at the last ply still counts as one leaf.
#pragma once

#include <cstdint>
#include <utility>
#include <vector>

#include "core/position.h"

namespace bredon {

// Leaves at exactly `depth` plies; the last ply is counted without being played.
uint64_t perft(Position& pos, int depth);
// Every root move with its own count, in generation order.
std::vector<std::pair<Move, uint64_t>> perft_divide(Position& pos, int depth);

}  // namespace bredon
