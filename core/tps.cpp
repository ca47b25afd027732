#include "core/tps.h"

#include <algorithm>
#include <string_view>
#include <vector>

#include "core/error.h"

namespace bredon {
namespace {

// The fields of `s` between separators `sep`, one at a time, without allocating.
class Fields {
 public:
  Fields(std::string_view s, char sep) : s_(s), sep_(sep) {}
  bool next(std::string_view& field) {
    if (done_) return false;
    const size_t end = s_.find(sep_, from_);
    field = s_.substr(from_, end == std::string_view::npos ? std::string_view::npos : end - from_);
    if (end == std::string_view::npos)
      done_ = true;
    else
      from_ = end + 1;
    return true;
  }

 private:
  std::string_view s_;
  char sep_;
  size_t from_ = 0;
  bool done_ = false;
};

// Up to `max` whitespace-separated tokens, as `istream >> string` would read them; returns how
// many were found.
size_t tokens(std::string_view s, std::string_view* out, size_t max) {
  const auto is_space = [](char c) { return c == ' ' || (c >= '\t' && c <= '\r'); };  // the C locale's isspace
  size_t found = 0, i = 0;
  while (found < max) {
    while (i < s.size() && is_space(s[i])) ++i;
    if (i == s.size()) break;
    const size_t from = i;
    while (i < s.size() && !is_space(s[i])) ++i;
    out[found++] = s.substr(from, i - from);
  }
  return found;
}

// The number in `text`, or -1 if it is not one (empty, non-digits, or over 6 digits).
int parse_positive(std::string_view text) {
  if (text.empty() || text.size() > 6) return -1;
  int n = 0;
  for (char c : text) {
    if (c < '0' || c > '9') return -1;
    n = n * 10 + (c - '0');
  }
  return n;
}

}  // namespace

// Parsing works on views into the caller's string and builds no text unless it fails: TPS is
// read for every training sample, and the error context (the whole TPS, the row) costs more
// than the parse itself.
Position parse_tps(const std::string& tps, int half_komi) {
  const auto what = [&] { return "TPS '" + tps + "'"; };
  const auto fail = [&](const std::string& reason) { return ParseError(what(), reason); };
  std::string_view parts[4];
  const size_t found = tokens(tps, parts, 4);
  if (found == 0) throw fail("empty");
  if (found < 2) throw fail("missing the side to move (1 or 2) after the board");
  if (found < 3) throw fail("missing the move number after the side to move");
  if (found > 3) throw fail("unexpected '" + std::string(parts[3]) + "' after the move number");
  const std::string_view board = parts[0], side_text = parts[1], move_text = parts[2];
  if (side_text != "1" && side_text != "2")
    throw fail("side to move must be 1 or 2, got '" + std::string(side_text) + "'");
  const int move_number = parse_positive(move_text);
  if (move_number < 0)
    throw ParseError(what() + " move number", "expected a number, got '" + std::string(move_text) + "'");
  if (move_number < 1) throw fail("move number must be at least 1");

  const int size = static_cast<int>(std::count(board.begin(), board.end(), '/')) + 1;
  if (!valid_size(size)) throw fail(std::to_string(size) + " rows; a board has 3 to 8");
  Position pos(size, half_komi);
  std::vector<Color> pieces;
  Fields rows(board, '/');
  std::string_view row_text;
  for (int r = 0; rows.next(row_text); ++r) {
    const int row = size - 1 - r;  // TPS lists rank N first
    const auto row_fail = [&](const std::string& reason) {
      return ParseError(what() + " row " + std::to_string(r + 1) + " '" + std::string(row_text) + "'", reason);
    };
    int column = 0;
    Fields cells(row_text, ',');
    std::string_view cell;
    while (cells.next(cell)) {
      if (cell.empty()) throw row_fail("empty square entry (two commas, or a trailing comma)");
      if (cell[0] == 'x') {
        const int n = cell.size() == 1 ? 1 : parse_positive(cell.substr(1));
        if (n < 0)
          throw row_fail("empty run '" + std::string(cell) + "': expected a number, got '" +
                         std::string(cell.substr(1)) + "'");
        if (n < 1) throw row_fail("empty run '" + std::string(cell) + "' must be at least 1");
        column += n;
        if (column > size) break;
        continue;
      }
      if (column >= size) {
        ++column;
        break;
      }
      pieces.clear();
      PieceKind top = PieceKind::Flat;
      for (size_t i = 0; i < cell.size(); ++i) {
        const char c = cell[i];
        if (c == '1' || c == '2') {
          pieces.push_back(c == '1' ? Color::White : Color::Black);
        } else if ((c == 'S' || c == 'C') && i + 1 == cell.size() && !pieces.empty()) {
          top = c == 'S' ? PieceKind::Wall : PieceKind::Cap;
        } else {
          throw row_fail("bad stack '" + std::string(cell) + "': expected 1s and 2s, optionally ending in S or C");
        }
      }
      if (pieces.size() > 120) throw row_fail("stack '" + std::string(cell.substr(0, 20)) + "...' is impossibly tall");
      pos.set_stack(make_square(column, row), pieces, top);
      ++column;
    }
    if (column != size) throw row_fail("has " + std::to_string(column) + " squares, expected " + std::to_string(size));
  }
  const Color side = side_text == "1" ? Color::White : Color::Black;
  const int ply = 2 * (move_number - 1) + (side == Color::Black ? 1 : 0);
  try {
    pos.finish_setup(side, ply);
  } catch (const ParseError& e) {
    throw fail(e.what());
  }
  return pos;
}

std::string to_tps(const Position& pos) {
  const int n = pos.size();
  std::string out;
  for (int row = n - 1; row >= 0; --row) {
    int empties = 0;
    bool first = true;
    auto flush = [&] {
      if (!empties) return;
      if (!first) out += ',';
      out += 'x';
      if (empties > 1) out += std::to_string(empties);
      first = false;
      empties = 0;
    };
    for (int col = 0; col < n; ++col) {
      const Square s = make_square(col, row);
      const Stack& st = pos.stack(s);
      if (st.height == 0) {
        ++empties;
        continue;
      }
      flush();
      if (!first) out += ',';
      first = false;
      for (int h = 0; h < st.height; ++h) out += st.color_at(h) == Color::White ? '1' : '2';
      const PieceKind k = pos.top_kind(s);
      if (k == PieceKind::Wall) out += 'S';
      if (k == PieceKind::Cap) out += 'C';
    }
    flush();
    if (row) out += '/';
  }
  out += pos.side_to_move() == Color::White ? " 1 " : " 2 ";
  out += std::to_string(pos.move_number());
  return out;
}

std::string empty_tps(int size) {
  std::string row = "x" + std::to_string(size), out;
  for (int r = 0; r < size; ++r) out += (r ? "/" : "") + row;
  return out + " 1 1";
}

}  // namespace bredon
