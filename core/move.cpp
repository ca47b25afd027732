#include "core/move.h"

#include <cctype>

#include "core/error.h"

namespace bredon {

std::string square_name(Square s) {
  std::string name;
  name += static_cast<char>('a' + column_of(s));
  name += static_cast<char>('1' + row_of(s));
  return name;
}

static char direction_char(Direction d) {
  switch (d) {
    case Direction::Up: return '+';
    case Direction::Down: return '-';
    case Direction::Left: return '<';
    case Direction::Right: return '>';
  }
  return '?';
}

std::string to_ptn(Move m) {
  if (m.is_null()) return "null";
  if (m.is_placement()) {
    std::string s;
    if (m.piece() == PieceKind::Wall) s += 'S';
    if (m.piece() == PieceKind::Cap) s += 'C';
    return s + square_name(m.square());
  }
  const unsigned v = m.pattern();
  const int carried = pattern_count(v);
  std::string s;
  if (carried > 1) s += std::to_string(carried);
  s += square_name(m.square());
  s += direction_char(m.direction());
  if (pattern_distance(v) > 1) {
    int previous = 0;
    for (int j = 0; j < carried; ++j) {
      if (v & (1u << j)) {
        s += static_cast<char>('0' + (j + 1 - previous));
        previous = j + 1;
      }
    }
  }
  return s;
}

Move parse_ptn_move(const std::string& text, int size) {
  const std::string what = "PTN move '" + text + "'";
  if (!valid_size(size)) throw ParseError(what, "board size " + std::to_string(size) + " is not 3..8");
  std::string t = text;
  // Strip annotations and the optional flatten marker from the end.
  while (!t.empty() && (t.back() == '\'' || t.back() == '"' || t.back() == '!' || t.back() == '?')) t.pop_back();
  bool star = false;
  if (!t.empty() && t.back() == '*') {
    star = true;
    t.pop_back();
  }
  if (t.empty()) throw ParseError(what, "empty move");
  size_t i = 0;
  int count = -1;
  PieceKind kind = PieceKind::Flat;
  bool explicit_kind = false;
  if (std::isdigit(static_cast<unsigned char>(t[i]))) {
    count = t[i] - '0';
    ++i;
    if (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i])))
      throw ParseError(what, "carry count has more than one digit");
  } else if (t[i] == 'F' || t[i] == 'S' || t[i] == 'C') {
    if (t[i] == 'F') throw ParseError(what, "'F' is not a PTN piece prefix (flats have none)");
    kind = t[i] == 'S' ? PieceKind::Wall : PieceKind::Cap;
    explicit_kind = true;
    ++i;
  }
  if (i + 2 > t.size()) throw ParseError(what, "missing square");
  const char file = t[i], rank = t[i + 1];
  if (file < 'a' || file >= 'a' + size)
    throw ParseError(what, std::string("column '") + file + "' is off a " + std::to_string(size) + "x" +
                               std::to_string(size) + " board");
  if (rank < '1' || rank >= '1' + size)
    throw ParseError(what, std::string("row '") + rank + "' is off a " + std::to_string(size) + "x" +
                               std::to_string(size) + " board");
  const Square sq = make_square(file - 'a', rank - '1');
  i += 2;
  if (i == t.size()) {
    if (count >= 0) throw ParseError(what, "a carry count needs a direction");
    if (star) throw ParseError(what, "'*' only follows a stack move");
    return Move::place(sq, kind);
  }
  if (explicit_kind) throw ParseError(what, "a placement cannot have a direction");
  Direction dir;
  switch (t[i]) {
    case '+': dir = Direction::Up; break;
    case '-': dir = Direction::Down; break;
    case '<': dir = Direction::Left; break;
    case '>': dir = Direction::Right; break;
    default: throw ParseError(what, std::string("unexpected '") + t[i] + "' where a direction (+ - < >) belongs");
  }
  ++i;
  if (count < 0) count = 1;
  if (count < 1) throw ParseError(what, "carry count must be at least 1");
  if (count > size)
    throw ParseError(what, "carries " + std::to_string(count) + ", above the carry limit " + std::to_string(size));
  unsigned pattern = 0;
  if (i == t.size()) {
    pattern = 1u << (count - 1);
  } else {
    int total = 0;
    for (; i < t.size(); ++i) {
      const char c = t[i];
      if (c < '1' || c > '8') throw ParseError(what, std::string("unexpected '") + c + "' in the drop counts");
      total += c - '0';
      if (total > count) break;
      pattern |= 1u << (total - 1);
    }
    if (total != count)
      throw ParseError(
          what, "drop counts add up to " + std::to_string(total) + ", not the " + std::to_string(count) + " carried");
  }
  const int distance = pattern_distance(pattern);
  // Check the spread stays on the board.
  const int col = column_of(sq), row = row_of(sq);
  int room = 0;
  switch (dir) {
    case Direction::Up: room = size - 1 - row; break;
    case Direction::Down: room = row; break;
    case Direction::Left: room = col; break;
    case Direction::Right: room = size - 1 - col; break;
  }
  if (distance > room) throw ParseError(what, "the spread runs off the board");
  return Move::spread(sq, dir, pattern);
}

}  // namespace bredon
