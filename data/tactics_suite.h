// Tactical test positions as stored in ../shared/reference/tactics/*.jsonl: one JSON object a
// line with the position (`tps`, `size`, `half_komi`), the accepted answers (`moves_ptn` or
// `good_moves_ptn`) and, for some, moves that must be avoided (`bad_moves_ptn`).
#pragma once

#include <string>
#include <vector>

#include "core/move.h"

namespace bredon {

struct TacticsEntry {
  std::string id;
  int size = 0;
  int half_komi = 0;
  std::string tps;
  std::vector<std::string> answers;
  std::vector<std::string> bad_moves;
};

// Throws std::runtime_error naming the file (and line) it cannot read.
std::vector<TacticsEntry> read_tactics(const std::string& path);

// Whether `move` is one of the entry's accepted answers.
bool is_an_answer(const TacticsEntry& entry, Move move);

}  // namespace bredon
