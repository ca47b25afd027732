// Games between two players: colours alternate, openings vary (the first plies are sampled at
// random, and each opening is played once with each colour), every game is kept as PTN.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "selfplay/players.h"

namespace bredon {

struct MatchConfig {
  int size = 4;
  int half_komi = 0;
  int games = 20;
  int opening_plies = 2;   // random plies before the players take over
  int max_plies = 0;       // adjudicate a draw after this many plies (0: 10 x squares)
  uint64_t seed = 1;
};

struct MatchResult {
  int wins = 0, draws = 0, losses = 0;  // for player A
  std::vector<std::string> ptn_games;
  double score() const { return (wins + 0.5 * draws) / std::max(1, wins + draws + losses); }
  // Counts one game: +1 A won, -1 A lost, 0 a draw.
  void add(int a_outcome) { ++(a_outcome > 0 ? wins : a_outcome < 0 ? losses : draws); }
};

// Elo difference implied by a score, and its 95% interval from the trinomial variance.
struct EloEstimate {
  double elo = 0, low = 0, high = 0;
};
EloEstimate elo_from_results(int wins, int draws, int losses);

// Plays one game from the empty board after `opening` (moves made for both sides); returns +1
// if `white` won, -1 if `black` won, 0 for a draw (also at the move limit, which the PTN notes).
int play_game(Player& white, Player& black, int size, int half_komi, const std::vector<Move>& opening, int max_plies,
              std::string* ptn);
MatchResult play_match(Player& a, Player& b, const MatchConfig& config);
// The opening of every game of a match: a random one for each pair of games (played once with
// each colour), drawn from config.seed.
std::vector<std::vector<Move>> match_openings(const MatchConfig& config);

}  // namespace bredon
