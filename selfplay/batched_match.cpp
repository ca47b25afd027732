#include "selfplay/batched_match.h"

#include <memory>

namespace bredon {
namespace {

struct Game {
  Position pos;
  bool a_white = true;
  bool searching = false;
  bool waiting = false;  // its search has a request out
  bool over = false;
};

}  // namespace

MatchResult play_batched_match(const SearchSide& a, const SearchSide& b, const MatchConfig& config) {
  const int max_plies = config.max_plies ? config.max_plies : 10 * config.size * config.size;
  const std::vector<std::vector<Move>> openings = match_openings(config);
  std::vector<Game> games(static_cast<size_t>(config.games));
  // One search per game and side: the trees are independent, only the evaluators are shared.
  std::vector<std::unique_ptr<Search>> searches;
  for (int g = 0; g < config.games; ++g) {
    Game& game = games[static_cast<size_t>(g)];
    game.pos = Position(config.size, config.half_komi);
    for (Move m : openings[static_cast<size_t>(g)]) game.pos.play_checked(m);
    game.a_white = g % 2 == 0;
    game.over = game.pos.game_over() || game.pos.ply() >= max_plies;
    searches.push_back(std::make_unique<Search>(a.search, 1));
    searches.push_back(std::make_unique<Search>(b.search, 1));
  }
  const SearchSide* sides[2] = {&a, &b};
  std::vector<EvalRequest> requests[2];
  std::vector<size_t> waiting[2];  // game of each request
  std::vector<EvalResult> results;
  for (;;) {
    bool any = false;
    for (int s = 0; s < 2; ++s) {
      requests[s].clear();
      waiting[s].clear();
    }
    // Advance every game to its next request (or its next move) ...
    for (size_t g = 0; g < games.size(); ++g) {
      Game& game = games[g];
      while (!game.over && !game.waiting) {
        const bool white_to_move = game.pos.side_to_move() == Color::White;
        const int side = white_to_move == game.a_white ? 0 : 1;
        Search& search = *searches[2 * g + static_cast<size_t>(side)];
        if (!game.searching) {
          search.reset(game.pos);
          search.begin(sides[side]->simulations, false);
          game.searching = true;
        }
        if (search.step() == Search::Step::NeedsEval) {
          game.waiting = true;
          requests[side].push_back(search.request());
          waiting[side].push_back(g);
          break;
        }
        game.pos.play_checked(search.chosen_move());
        game.searching = false;
        game.over = game.pos.game_over() || game.pos.ply() >= max_plies;
      }
      any = any || !game.over;
    }
    if (!any) break;
    // ... then answer each side's requests in one batch.
    for (int s = 0; s < 2; ++s) {
      if (requests[s].empty()) continue;
      sides[s]->evaluator->evaluate(requests[s], results);
      for (size_t i = 0; i < waiting[s].size(); ++i) {
        Game& game = games[waiting[s][i]];
        const int side = (game.pos.side_to_move() == Color::White) == game.a_white ? 0 : 1;
        searches[2 * waiting[s][i] + static_cast<size_t>(side)]->provide(results[i]);
        game.waiting = false;
      }
    }
  }
  MatchResult r;
  for (const Game& game : games) {
    const int outcome = game.pos.game_over() ? result_sign(game.pos.result()) : 0;
    const int a_outcome = game.a_white ? outcome : -outcome;
    if (a_outcome > 0) ++r.wins;
    else if (a_outcome < 0) ++r.losses;
    else ++r.draws;
  }
  return r;
}

}  // namespace bredon
