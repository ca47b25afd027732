// A move in 16 bits, and the spread pattern that describes how a lifted batch is dropped.
//
// Spread pattern: an integer v whose set bits mark where each drop ends, counted from the bottom
// of the carried batch (bit j set = a drop ends after carried piece j+1). The number of pieces
// carried is bit_width(v) and the number of squares travelled is popcount(v). `3c3>12` carries 3
// and drops 1 then 2: drops end after pieces 1 and 3, so v = 0b101. On an N board every v in
// [1, 2^N - 2] is a possible pattern (2^N - 1, N drops of one, would need N squares of travel).
#pragma once

#include <cstdint>
#include <string>

#include "core/types.h"

namespace bredon {

inline int pattern_count(unsigned pattern) { return 32 - __builtin_clz(pattern); }
inline int pattern_distance(unsigned pattern) { return __builtin_popcount(pattern); }
// Walks a spread's drops in order: drop(end, count) for each square it passes, where `count`
// pieces drop there and `end` have been dropped in all once they have. A drop returning false
// stops the walk (and for_each_drop returns false).
template <class Drop>
inline bool for_each_drop(unsigned pattern, const Drop& drop) {
  int previous = 0;
  for (unsigned rest = pattern; rest; rest &= rest - 1) {
    const int end = __builtin_ctz(rest) + 1;
    if (!drop(end, end - previous)) return false;
    previous = end;
  }
  return true;
}

class Move {
 public:
  constexpr Move() = default;

  static constexpr Move place(Square s, PieceKind kind) {
    return Move(static_cast<uint16_t>(s | (static_cast<int>(kind) << 6)));
  }
  static constexpr Move spread(Square s, Direction d, unsigned pattern) {
    return Move(static_cast<uint16_t>(s | (static_cast<int>(d) << 6) | (pattern << 8)));
  }

  static constexpr Move from_bits(uint16_t bits) { return Move(bits); }

  constexpr bool is_null() const { return bits_ == 0xFFFF; }
  constexpr bool is_placement() const { return (bits_ >> 8) == 0; }
  constexpr bool is_spread() const { return !is_placement(); }
  constexpr Square square() const { return bits_ & 63; }
  constexpr PieceKind piece() const { return static_cast<PieceKind>((bits_ >> 6) & 3); }
  constexpr Direction direction() const { return static_cast<Direction>((bits_ >> 6) & 3); }
  constexpr unsigned pattern() const { return bits_ >> 8; }
  int count() const { return pattern_count(pattern()); }
  int distance() const { return pattern_distance(pattern()); }
  constexpr uint16_t bits() const { return bits_; }

  constexpr bool operator==(const Move& o) const { return bits_ == o.bits_; }
  constexpr bool operator!=(const Move& o) const { return bits_ != o.bits_; }
  constexpr bool operator<(const Move& o) const { return bits_ < o.bits_; }

 private:
  explicit constexpr Move(uint16_t bits) : bits_(bits) {}
  uint16_t bits_ = 0xFFFF;
};

// PTN text of a move without position context (no `*`, count omitted when 1, drops omitted when
// everything lands on one square): `a1`, `Sa1`, `Ca1`, `c3>`, `3c3>12`.
std::string to_ptn(Move m);

// Parses one PTN move for an N board. Throws ParseError naming the text and the reason.
// Accepts a trailing `*` and the annotations `'`, `"`, `!`, `?` after it.
Move parse_ptn_move(const std::string& text, int size);

// `a1`-style name of a square.
std::string square_name(Square s);

}  // namespace bredon
