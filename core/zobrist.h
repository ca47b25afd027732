// Zobrist keys, produced by a fixed mixing function rather than a table: stacks can be over
// 100 pieces tall and a table for every (square, height, colour) would not fit in L1.
#pragma once

#include <cstdint>

#include "core/types.h"

namespace bredon::zobrist {

constexpr uint64_t mix(uint64_t x) {
  // splitmix64 finaliser: every input bit affects every output bit.
  x += 0x9E3779B97F4A7C15ULL;
  x = (x ^ (x >> 30)) * 0xBF58476D1CE4E5B9ULL;
  x = (x ^ (x >> 27)) * 0x94D049BB133111EBULL;
  return x ^ (x >> 31);
}

// A piece of colour c at height h (0 = bottom) of square s.
constexpr uint64_t piece(Square s, int h, Color c) {
  return mix((static_cast<uint64_t>(s) << 9) | (static_cast<uint64_t>(h) << 1) | static_cast<uint64_t>(c));
}
// The top of square s is a wall (kind 1) or capstone (kind 2).
constexpr uint64_t top_kind(Square s, PieceKind k) {
  return mix(0x100000ULL | (static_cast<uint64_t>(s) << 2) | static_cast<uint64_t>(k));
}
constexpr uint64_t kBlackToMove = mix(0x200000ULL);
constexpr uint64_t kOpening = mix(0x300000ULL);

}  // namespace bredon::zobrist
