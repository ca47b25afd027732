#include "core/tps.h"

#include <sstream>

#include "core/error.h"

namespace bredon {
namespace {

std::vector<std::string> split(const std::string& s, char sep) {
  std::vector<std::string> parts;
  std::string cur;
  for (char c : s) {
    if (c == sep) {
      parts.push_back(cur);
      cur.clear();
    } else {
      cur += c;
    }
  }
  parts.push_back(cur);
  return parts;
}

int parse_positive(const std::string& text, const std::string& what) {
  if (text.empty() || text.size() > 6) throw ParseError(what, "expected a number, got '" + text + "'");
  int n = 0;
  for (char c : text) {
    if (c < '0' || c > '9') throw ParseError(what, "expected a number, got '" + text + "'");
    n = n * 10 + (c - '0');
  }
  return n;
}

}  // namespace

Position parse_tps(const std::string& tps, int half_komi) {
  const std::string what = "TPS '" + tps + "'";
  std::istringstream in(tps);
  std::string board, side_text, move_text, extra;
  in >> board >> side_text >> move_text;
  if (board.empty()) throw ParseError(what, "empty");
  if (side_text.empty()) throw ParseError(what, "missing the side to move (1 or 2) after the board");
  if (move_text.empty()) throw ParseError(what, "missing the move number after the side to move");
  if (in >> extra) throw ParseError(what, "unexpected '" + extra + "' after the move number");
  if (side_text != "1" && side_text != "2")
    throw ParseError(what, "side to move must be 1 or 2, got '" + side_text + "'");
  const int move_number = parse_positive(move_text, what + " move number");
  if (move_number < 1) throw ParseError(what, "move number must be at least 1");

  const std::vector<std::string> rows = split(board, '/');
  const int size = static_cast<int>(rows.size());
  if (!valid_size(size))
    throw ParseError(what, std::to_string(size) + " rows; a board has 3 to 8");
  Position pos(size, half_komi);
  for (int r = 0; r < size; ++r) {
    const int row = size - 1 - r;  // TPS lists rank N first
    const std::string row_what = what + " row " + std::to_string(r + 1) + " '" + rows[r] + "'";
    int column = 0;
    for (const std::string& cell : split(rows[r], ',')) {
      if (cell.empty()) throw ParseError(row_what, "empty square entry (two commas, or a trailing comma)");
      if (cell[0] == 'x') {
        const int n = cell.size() == 1 ? 1 : parse_positive(cell.substr(1), row_what + " empty run '" + cell + "'");
        if (n < 1) throw ParseError(row_what, "empty run '" + cell + "' must be at least 1");
        column += n;
        if (column > size) break;
        continue;
      }
      if (column >= size) {
        ++column;
        break;
      }
      std::vector<Color> pieces;
      PieceKind top = PieceKind::Flat;
      for (size_t i = 0; i < cell.size(); ++i) {
        const char c = cell[i];
        if (c == '1' || c == '2') {
          pieces.push_back(c == '1' ? Color::White : Color::Black);
        } else if ((c == 'S' || c == 'C') && i + 1 == cell.size() && !pieces.empty()) {
          top = c == 'S' ? PieceKind::Wall : PieceKind::Cap;
        } else {
          throw ParseError(row_what, "bad stack '" + cell + "': expected 1s and 2s, optionally ending in S or C");
        }
      }
      if (pieces.size() > 120) throw ParseError(row_what, "stack '" + cell.substr(0, 20) + "...' is impossibly tall");
      pos.set_stack(make_square(column, row), pieces, top);
      ++column;
    }
    if (column != size)
      throw ParseError(row_what, "has " + std::to_string(column) + " squares, expected " + std::to_string(size));
  }
  const Color side = side_text == "1" ? Color::White : Color::Black;
  const int ply = 2 * (move_number - 1) + (side == Color::Black ? 1 : 0);
  try {
    pos.finish_setup(side, ply);
  } catch (const ParseError& e) {
    throw ParseError(what, e.what());
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
