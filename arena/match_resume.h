// Resuming a match from its PTN file (`bredon match --out F --resume`): a 200-game match against
// a reference engine takes over an hour, and one killed near its end should not start again.
// The games already in the file are checked against the match about to be played (board size,
// komi, who had which colour, the random opening of each game; a TEI engine by its executable's
// file name and arguments, so that a file committed in one checkout resumes in another) and
// handed back to play_match, which counts them and plays on from the next game.
#pragma once

#include <string>
#include <vector>

#include "arena/match.h"

namespace bredon {

// The games `path` holds, in order, as reports of `config`'s match between players named
// `a_name` and `b_name`. A missing or empty file holds none. A game that does not belong to this
// match, or one that cannot be read, throws ParseError naming the file, the game and the
// difference. The one exception is the file's last game when it cannot be read: a run killed while
// writing it leaves it cut short, so it is dropped, the file is rewritten without it (by
// write_text_atomic, so the games before it are never at risk), and `dropped_partial` says so.
std::vector<GameReport> read_played_games(const std::string& path, const MatchConfig& config, const std::string& a_name,
                                          const std::string& b_name, bool* dropped_partial = nullptr);

}  // namespace bredon
