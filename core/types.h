// Basic vocabulary of the game: colours, piece kinds, squares and the per-size constants.
#pragma once

#include <cstdint>

namespace bredon {

constexpr int kMinSize = 3;
constexpr int kMaxSize = 8;
// Squares use a fixed 8-wide layout (index = row * 8 + column, row 0 = rank 1) for every
// board size, so bitboard shifts are the same on all sizes.
constexpr int kStride = 8;
constexpr int kNumSquares = 64;

enum class Color : uint8_t { White = 0, Black = 1 };
constexpr Color opponent(Color c) { return c == Color::White ? Color::Black : Color::White; }
constexpr int index(Color c) { return static_cast<int>(c); }

// What lies on top of a stack. Buried pieces are always flats: walls can only be covered after
// being flattened and capstones can never be covered.
enum class PieceKind : uint8_t { Flat = 0, Wall = 1, Cap = 2 };

enum class Direction : uint8_t { Up = 0, Down = 1, Left = 2, Right = 3 };  // + - < >

using Square = int;
constexpr Square make_square(int column, int row) { return row * kStride + column; }
constexpr int column_of(Square s) { return s & 7; }
constexpr int row_of(Square s) { return s >> 3; }

// Step in the 8-wide layout for each direction.
constexpr int direction_step(Direction d) {
  switch (d) {
    case Direction::Up: return kStride;
    case Direction::Down: return -kStride;
    case Direction::Left: return -1;
    case Direction::Right: return 1;
  }
  return 0;
}

struct Reserves {
  int stones;
  int caps;
};

// Starting reserves per colour, from the rules table.
constexpr Reserves starting_reserves(int size) {
  switch (size) {
    case 3: return {10, 0};
    case 4: return {15, 0};
    case 5: return {21, 1};
    case 6: return {30, 1};
    case 7: return {40, 2};
    case 8: return {50, 2};
    default: return {0, 0};
  }
}

constexpr bool valid_size(int size) { return size >= kMinSize && size <= kMaxSize; }

// Plies after which self-play and matches adjudicate a draw when a config says 0 (no limit
// given): far beyond any real game (a 6x6 game rarely passes 120 plies), so it only ends
// shuffling games.
constexpr int default_max_plies(int size) { return 10 * size * size; }

}  // namespace bredon
