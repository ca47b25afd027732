// The one match loop: games between two players with colours alternating and random openings,
// each opening played once with each colour. Two search players (SearchPlayer) play their games
// in flight together, each side's leaves from every game evaluated as one batch (several times
// faster with a network than one position at a time); any other pairing plays one game after
// another. Either way every game is reported in order, as PTN, to a callback that may stop the
// match (the SPRT of `bredon match` does); a stop request (Ctrl-C) ends it between moves.
#pragma once

#include <algorithm>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "arena/players.h"

namespace bredon {

struct MatchConfig {
  int size = 4;
  int half_komi = 0;
  int games = 20;
  int opening_plies = 2;  // random plies before the players take over
  int max_plies = 0;      // adjudicate a draw after this many plies (0: default_max_plies)
  uint64_t seed = 1;
  int games_in_flight = 0;  // search players: games played at once (0: all of them)
  // Log the games over, moves played, rate and an ETA (spdlog) at most this often, in seconds (0:
  // never): a long in-flight match, whose games all finish near the end, is otherwise silent.
  double progress_every_s = 0;
  // Asked between moves (unset: never): when it turns true the match stops, dropping the games in
  // progress unreported (a resumed match plays them again), so that a stopped match never records
  // a game its stop cut short, nor a forfeit the stop caused.
  std::function<bool()> stop_requested;
};

struct MatchResult {
  int wins = 0, draws = 0, losses = 0;  // for player A
  std::vector<std::string> ptn_games;
  bool stopped = false;  // by config.stop_requested, with games left to play
  int games() const { return wins + draws + losses; }
  double score() const { return (wins + 0.5 * draws) / std::max(1, games()); }
  // Counts one game: +1 A won, -1 A lost, 0 a draw.
  void add(int a_outcome) { ++(a_outcome > 0 ? wins : a_outcome < 0 ? losses : draws); }
};

struct GameReport {
  int index = 0;  // 0-based, in match order
  bool a_white = true;
  int a_outcome = 0;      // +1 A won, -1 A lost, 0 draw
  int forfeited_by = -1;  // 0 A, 1 B, -1 nobody
  std::string forfeit_reason;
  std::string ptn;
  std::string result;     // as in the PTN: "R-0", "0-F", "1/2-1/2", "1-0" for a forfeit, ...
  bool replayed = false;  // read back from an earlier run of the match (arena/match_resume.h), not played now
};

// Called after each game, in game order, with the totals so far; false stops the match.
using GameCallback = std::function<bool(const GameReport&, const MatchResult&)>;

// `played`: the match's first games, already played by an earlier run that was stopped; they are
// counted and reported (replayed) first, and play goes on from the next game.
MatchResult play_match(Player& a, Player& b, const MatchConfig& config, const GameCallback& on_game = nullptr,
                       const std::vector<GameReport>& played = {});

// The opening of every game of a match: a random one for each pair of games (played once with
// each colour), drawn from config.seed.
std::vector<std::vector<Move>> match_openings(const MatchConfig& config);

}  // namespace bredon
