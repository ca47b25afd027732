// 64-bit sets of squares in the 8-wide layout, and the masks each board size needs.
#pragma once

#include <cstdint>

#include "core/types.h"

namespace bredon {

using Bitboard = uint64_t;

constexpr Bitboard bit(Square s) { return Bitboard{1} << s; }
inline int popcount(Bitboard b) { return __builtin_popcountll(b); }
inline Square lowest_square(Bitboard b) { return __builtin_ctzll(b); }

constexpr Bitboard column_mask(int column) { return Bitboard{0x0101010101010101ULL} << column; }
constexpr Bitboard row_mask(int row) { return Bitboard{0xFFULL} << (row * kStride); }

constexpr Bitboard board_mask(int size) {
  Bitboard m = 0;
  for (int r = 0; r < size; ++r)
    for (int c = 0; c < size; ++c) m |= bit(make_square(c, r));
  return m;
}

// Grows `seed` one step in the four directions, clipped to `mask` (which must exclude squares
// outside the board so that column wrap-around cannot leak).
inline Bitboard grow(Bitboard seed, Bitboard mask) {
  constexpr Bitboard not_col0 = ~column_mask(0);
  constexpr Bitboard not_col7 = ~column_mask(7);
  Bitboard g = seed | (seed << kStride) | (seed >> kStride) | ((seed << 1) & not_col0) | ((seed >> 1) & not_col7);
  return g & mask;
}

// True when `road` (a colour's flats and capstones) connects two opposite edges of the board.
inline bool has_road(Bitboard road, int size) {
  const Bitboard left = road & column_mask(0), right_edge = column_mask(size - 1);
  const Bitboard bottom = road & row_mask(0), top_edge = row_mask(size - 1);
  if (left && (road & right_edge)) {
    Bitboard f = left;
    for (;;) {
      Bitboard n = grow(f, road);
      if (n & right_edge) return true;
      if (n == f) break;
      f = n;
    }
  }
  if (bottom && (road & top_edge)) {
    Bitboard f = bottom;
    for (;;) {
      Bitboard n = grow(f, road);
      if (n & top_edge) return true;
      if (n == f) break;
      f = n;
    }
  }
  return false;
}

}  // namespace bredon
