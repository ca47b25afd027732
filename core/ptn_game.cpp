#include "core/ptn_game.h"

#include <cctype>

#include "core/error.h"
#include "core/tps.h"

namespace bredon {

std::string GameRecord::tag(const std::string& name, const std::string& fallback) const {
  for (const auto& [k, v] : tags)
    if (k == name) return v;
  return fallback;
}

void GameRecord::set_tag(const std::string& name, const std::string& value) {
  for (auto& [k, v] : tags)
    if (k == name) {
      v = value;
      return;
    }
  tags.emplace_back(name, value);
}

Position GameRecord::start_position() const {
  return start_tps.empty() ? Position(size, half_komi) : parse_tps(start_tps, half_komi);
}

Position GameRecord::final_position() const {
  Position pos = start_position();
  for (Move m : moves) pos.play_checked(m);
  return pos;
}

int parse_komi(const std::string& text) {
  const std::string what = "komi '" + text + "'";
  std::string t = text;
  bool negative = false;
  if (!t.empty() && (t[0] == '-' || t[0] == '+')) {
    negative = t[0] == '-';
    t = t.substr(1);
  }
  size_t i = 0;
  int whole = 0;
  for (; i < t.size() && std::isdigit(static_cast<unsigned char>(t[i])); ++i) {
    whole = whole * 10 + (t[i] - '0');
    if (whole > kMaxKomi)
      throw ParseError(what, "more than " + std::to_string(kMaxKomi) + " points, the most flats any board holds");
  }
  if (i == 0) throw ParseError(what, "expected a whole or half number such as 2 or 2.5");
  int half = 2 * whole;
  if (i < t.size()) {
    // A fraction: .5 (with any trailing zeros) or nothing but zeros.
    if (t[i] != '.') throw ParseError(what, "expected a whole or half number such as 2 or 2.5");
    const std::string frac = t.substr(i + 1);
    const size_t digits = frac.find_last_not_of('0');
    if (frac.find_first_not_of("0123456789") != std::string::npos)
      throw ParseError(what, "expected a whole or half number such as 2 or 2.5");
    if (digits != std::string::npos) {
      if (frac.substr(0, digits + 1) != "5") throw ParseError(what, "only whole or half komi is allowed");
      half += 1;
    }
  }
  if (half > 2 * kMaxKomi)
    throw ParseError(what, "more than " + std::to_string(kMaxKomi) + " points, the most flats any board holds");
  return negative ? -half : half;
}

std::string komi_text(int half_komi) {
  std::string s = half_komi < 0 ? "-" : "";
  const int a = half_komi < 0 ? -half_komi : half_komi;
  s += std::to_string(a / 2);
  if (a % 2) s += ".5";
  return s;
}

namespace {

bool is_result_token(const std::string& t) {
  return t == "R-0" || t == "0-R" || t == "F-0" || t == "0-F" || t == "1/2-1/2" || t == "1-0" || t == "0-1" || t == "*";
}

bool is_move_number(const std::string& t) {
  if (t.size() < 2 || t.back() != '.') return false;
  for (size_t i = 0; i + 1 < t.size(); ++i)
    if (!std::isdigit(static_cast<unsigned char>(t[i]))) return false;
  return true;
}

}  // namespace

GameRecord parse_ptn_game(const std::string& text) {
  GameRecord g;
  size_t i = 0;
  const size_t n = text.size();
  int line = 1;
  auto where = [&]() { return "PTN line " + std::to_string(line); };
  auto skip_space = [&]() {
    while (i < n && std::isspace(static_cast<unsigned char>(text[i]))) {
      if (text[i] == '\n') ++line;
      ++i;
    }
  };
  // Tags.
  for (;;) {
    skip_space();
    if (i >= n || text[i] != '[') break;
    const size_t close = text.find(']', i);
    if (close == std::string::npos) throw ParseError(where(), "tag '[' is never closed by ']'");
    const std::string body = text.substr(i + 1, close - i - 1);
    const size_t q1 = body.find('"'), q2 = body.rfind('"');
    if (q1 == std::string::npos || q2 == q1) throw ParseError(where(), "tag '[" + body + "]' needs a quoted value");
    std::string name = body.substr(0, q1);
    while (!name.empty() && std::isspace(static_cast<unsigned char>(name.back()))) name.pop_back();
    if (name.empty()) throw ParseError(where(), "tag '[" + body + "]' has no name");
    g.tags.emplace_back(name, body.substr(q1 + 1, q2 - q1 - 1));
    for (size_t k = i; k < close; ++k)
      if (text[k] == '\n') ++line;
    i = close + 1;
  }
  const std::string size_text = g.tag("Size", "");
  const std::string tps = g.tag("TPS", "");
  if (!tps.empty()) {
    g.start_tps = tps;
    g.size = parse_tps(tps).size();
    if (!size_text.empty() && size_text != std::to_string(g.size))
      throw ParseError("PTN tag Size \"" + size_text + "\"", "does not match the TPS tag's board");
  } else if (!size_text.empty()) {
    if (size_text.size() != 1 || !valid_size(size_text[0] - '0'))
      throw ParseError("PTN tag Size \"" + size_text + "\"", "board size must be 3..8");
    g.size = size_text[0] - '0';
  } else {
    throw ParseError("PTN", "no Size tag (and no TPS tag) says the board size");
  }
  const std::string komi = g.tag("Komi", "");
  if (!komi.empty()) {
    try {
      g.half_komi = parse_komi(komi);
    } catch (const ParseError& e) {
      throw ParseError("PTN tag Komi", e.what());
    }
  }
  Position pos = g.start_position();
  // Move text.
  for (;;) {
    skip_space();
    if (i >= n) break;
    if (text[i] == '{') {
      const size_t close = text.find('}', i);
      if (close == std::string::npos) throw ParseError(where(), "comment '{' is never closed by '}'");
      const std::string comment = text.substr(i + 1, close - i - 1);
      if (!g.comments.empty()) {
        std::string& c = g.comments.back();
        c += c.empty() ? comment : " " + comment;
      }
      for (size_t k = i; k < close; ++k)
        if (text[k] == '\n') ++line;
      i = close + 1;
      continue;
    }
    size_t j = i;
    while (j < n && !std::isspace(static_cast<unsigned char>(text[j])) && text[j] != '{') ++j;
    const std::string token = text.substr(i, j - i);
    i = j;
    if (is_move_number(token) || token == "--") continue;
    if (is_result_token(token)) {
      g.result = token == "*" ? "" : token;
      continue;
    }
    if (!g.result.empty()) throw ParseError(where(), "move '" + token + "' after the result " + g.result);
    Move m;
    try {
      m = parse_ptn_move(token, g.size);
    } catch (const ParseError& e) {
      throw ParseError(where() + " (move " + std::to_string(pos.move_number()) + ")", e.what());
    }
    const std::string why = pos.why_illegal(m);
    if (!why.empty())
      throw ParseError(where() + " (move " + std::to_string(pos.move_number()) + ")",
                       "'" + token + "' is illegal: " + why);
    pos.play(m);
    g.moves.push_back(m);
    g.comments.emplace_back();
  }
  return g;
}

std::vector<std::string> split_ptn_games(const std::string& text) {
  std::vector<std::string> games;
  std::string current;
  bool in_moves = false;  // the current game has text past its tags
  size_t start = 0;
  while (start < text.size()) {
    size_t end = text.find('\n', start);
    end = end == std::string::npos ? text.size() : end + 1;
    const std::string line = text.substr(start, end - start);
    start = end;
    const size_t first = line.find_first_not_of(" \t\r\n");
    if (first == std::string::npos) {  // blank
      if (!current.empty()) current += line;
      continue;
    }
    const bool tag = line[first] == '[';
    if (tag && in_moves) {
      games.push_back(current);
      current.clear();
      in_moves = false;
    }
    in_moves = in_moves || !tag;
    current += line;
  }
  if (current.find_first_not_of(" \t\r\n") != std::string::npos) games.push_back(current);
  return games;
}

std::string to_ptn_game(const GameRecord& game) {
  std::string out;
  for (const auto& [k, v] : game.tags) out += "[" + k + " \"" + v + "\"]\n";
  out += "\n";
  Position pos = game.start_position();
  bool line_open = false;
  for (size_t k = 0; k < game.moves.size(); ++k) {
    const Move m = game.moves[k];
    if (pos.side_to_move() == Color::White || k == 0) {
      if (line_open) out += "\n";
      out += std::to_string(pos.move_number()) + ".";
      if (pos.side_to_move() == Color::Black) out += " --";
      line_open = true;
    }
    std::string text = to_ptn(m);
    const UndoRecord u = pos.play(m);
    if (u.flattened_wall) text += '*';
    out += " " + text;
    if (k < game.comments.size() && !game.comments[k].empty()) out += " {" + game.comments[k] + "}";
  }
  if (!game.result.empty()) out += (line_open ? " " : "") + game.result;
  out += "\n";
  return out;
}

}  // namespace bredon
