// PTN game records: `[Tag "value"]` headers, numbered moves, `{comments}` and a result.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "core/position.h"

namespace bredon {

struct GameRecord {
  std::vector<std::pair<std::string, std::string>> tags;  // in file order
  std::vector<Move> moves;
  std::vector<std::string> comments;  // one per move (empty when none), same length as moves
  std::string result;                 // as written (`R-0`, ...) or empty

  int size = 5;
  int half_komi = 0;
  std::string start_tps;  // empty: the empty board

  // The tag's value, or `fallback` if absent.
  std::string tag(const std::string& name, const std::string& fallback = "") const;
  void set_tag(const std::string& name, const std::string& value);

  Position start_position() const;
  // The position after all moves (each checked for legality).
  Position final_position() const;
};

// Reads a PTN game; every move is checked against the rules. Throws ParseError naming the
// token (and its move number) and the reason.
GameRecord parse_ptn_game(const std::string& text);
std::string to_ptn_game(const GameRecord& game);

// The games of a file holding several, one after another (as `bredon match --out` writes them):
// a game starts at a tag line that follows its predecessor's moves. Each piece is left for
// parse_ptn_game to read.
std::vector<std::string> split_ptn_games(const std::string& text);

// Komi in points, whole or half ("2", "-1.5", "2.50"), as half points; at most kMaxKomi either way.
constexpr int kMaxKomi = 64;  // an 8x8 board holds at most 64 flats on top
int parse_komi(const std::string& text);
std::string komi_text(int half_komi);

}  // namespace bredon
