#include "selfplay/match.h"

#include <cmath>
#include <random>

#include "core/movegen.h"
#include "core/ptn_game.h"

namespace bredon {

EloEstimate elo_from_results(int wins, int draws, int losses) {
  const double n = wins + draws + losses;
  if (n == 0) return {};
  auto elo = [](double s) {
    s = std::min(std::max(s, 1e-3), 1 - 1e-3);
    return -400.0 * std::log10(1.0 / s - 1.0);
  };
  const double s = (wins + 0.5 * draws) / n;
  const double var = (wins * std::pow(1 - s, 2) + draws * std::pow(0.5 - s, 2) + losses * std::pow(0 - s, 2)) / n;
  const double se = std::sqrt(var / n);
  return {elo(s), elo(s - 1.96 * se), elo(s + 1.96 * se)};
}

int play_game(Player& white, Player& black, int size, int half_komi, const std::vector<Move>& opening, int max_plies,
              std::string* ptn) {
  Position pos(size, half_komi);
  std::vector<Move> moves;
  for (Move m : opening) {
    pos.play_checked(m);
    moves.push_back(m);
  }
  white.new_game(pos);
  black.new_game(pos);
  int forfeit = 0;  // +1 white forfeits, -1 black forfeits
  std::string forfeit_reason;
  while (!pos.game_over() && pos.ply() < max_plies) {
    Player& p = pos.side_to_move() == Color::White ? white : black;
    try {
      // A player that crashes, times out or plays an illegal move loses the game.
      const Move m = p.choose(pos);
      pos.play_checked(m);
      moves.push_back(m);
    } catch (const std::exception& e) {
      forfeit = pos.side_to_move() == Color::White ? 1 : -1;
      forfeit_reason = std::string(pos.side_to_move() == Color::White ? "white" : "black") + " forfeits: " + e.what();
      break;
    }
  }
  const int outcome = forfeit ? -forfeit : pos.game_over() ? result_sign(pos.result()) : 0;
  if (ptn) {
    GameRecord rec;
    rec.size = size;
    rec.half_komi = half_komi;
    rec.set_tag("Size", std::to_string(size));
    rec.set_tag("Komi", komi_text(half_komi));
    rec.set_tag("Player1", white.name());
    rec.set_tag("Player2", black.name());
    rec.moves = moves;
    rec.comments.assign(moves.size(), "");
    if (!opening.empty()) rec.comments[opening.size() - 1] = "random opening";
    rec.result = forfeit ? (forfeit > 0 ? "0-1" : "1-0") : pos.game_over() ? result_string(pos.result()) : "1/2-1/2";
    if (forfeit && !moves.empty()) rec.comments.back() = forfeit_reason;
    if (!forfeit && !pos.game_over() && !moves.empty()) rec.comments.back() = "adjudicated a draw at the move limit";
    if (forfeit && moves.empty()) rec.set_tag("Termination", forfeit_reason);
    rec.set_tag("Result", rec.result);
    *ptn = to_ptn_game(rec);
  }
  return outcome;
}

std::vector<std::vector<Move>> match_openings(const MatchConfig& config) {
  std::mt19937_64 rng(config.seed);
  std::vector<std::vector<Move>> out;
  for (int g = 0; g < config.games; ++g) {
    if (g % 2 == 1) {
      out.push_back(out.back());
      continue;
    }
    Position opening(config.size, config.half_komi);
    std::vector<Move> moves;
    for (int k = 0; k < config.opening_plies && !opening.game_over(); ++k) {
      const auto legal = legal_moves(opening);
      const Move m = legal[std::uniform_int_distribution<size_t>(0, legal.size() - 1)(rng)];
      opening.play(m);
      moves.push_back(m);
    }
    out.push_back(moves);
  }
  return out;
}

MatchResult play_match(Player& a, Player& b, const MatchConfig& config) {
  MatchResult r;
  const int max_plies = config.max_plies ? config.max_plies : 10 * config.size * config.size;
  const std::vector<std::vector<Move>> openings = match_openings(config);
  for (int g = 0; g < config.games; ++g) {
    const bool a_white = g % 2 == 0;
    std::string ptn;
    Player& white = a_white ? a : b;
    Player& black = a_white ? b : a;
    const int outcome =
        play_game(white, black, config.size, config.half_komi, openings[static_cast<size_t>(g)], max_plies, &ptn);
    r.ptn_games.push_back(ptn);
    r.add(a_white ? outcome : -outcome);
  }
  return r;
}

}  // namespace bredon
