#include "selfplay/batched_match.h"

#include <memory>

namespace bredon {
namespace {

struct Game {
  Position pos;
  bool a_white = true;
  bool searching = false;  // the side to move has begun its search for this move
  bool over = false;
  std::unique_ptr<Search> search[2];  // A's and B's: the trees are independent, the evaluators shared
  int side_to_move() const { return (pos.side_to_move() == Color::White) == a_white ? 0 : 1; }
};

}  // namespace

MatchResult play_batched_match(const SearchSide& a, const SearchSide& b, const MatchConfig& config) {
  const int max_plies = config.max_plies ? config.max_plies : 10 * config.size * config.size;
  const std::vector<std::vector<Move>> openings = match_openings(config);
  std::vector<Game> games(static_cast<size_t>(config.games));
  for (int g = 0; g < config.games; ++g) {
    Game& game = games[static_cast<size_t>(g)];
    game.pos = Position(config.size, config.half_komi);
    for (Move m : openings[static_cast<size_t>(g)]) game.pos.play_checked(m);
    game.a_white = g % 2 == 0;
    game.over = game.pos.game_over() || game.pos.ply() >= max_plies;
    game.search[0] = std::make_unique<Search>(a.search, 1);
    game.search[1] = std::make_unique<Search>(b.search, 1);
  }
  const SearchSide* sides[2] = {&a, &b};
  std::vector<EvalRequest> requests[2];
  std::vector<size_t> asking[2];  // the game of each request
  std::vector<EvalResult> results;
  for (;;) {
    bool any = false;
    for (int s = 0; s < 2; ++s) {
      requests[s].clear();
      asking[s].clear();
    }
    // Advance every game to its next request, playing the moves whose searches finish ...
    for (size_t g = 0; g < games.size(); ++g) {
      Game& game = games[g];
      while (!game.over) {
        const int side = game.side_to_move();
        Search& search = *game.search[side];
        if (!game.searching) {
          search.reset(game.pos);
          search.begin(sides[side]->simulations, false);
          game.searching = true;
        }
        if (search.step() == Search::Step::NeedsEval) {
          requests[side].push_back(search.request());
          asking[side].push_back(g);
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
      for (size_t i = 0; i < asking[s].size(); ++i) games[asking[s][i]].search[s]->provide(results[i]);
    }
  }
  MatchResult r;
  for (const Game& game : games) {
    const int outcome = game.pos.game_over() ? result_sign(game.pos.result()) : 0;
    r.add(game.a_white ? outcome : -outcome);
  }
  return r;
}

}  // namespace bredon
