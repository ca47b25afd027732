#include "arena/match.h"

#include <spdlog/spdlog.h>

#include <chrono>
#include <memory>
#include <random>

#include "core/movegen.h"
#include "core/ptn_game.h"
#include "search/eval_batch.h"

namespace bredon {
namespace {

// One game as it is played: the position, the moves so far, and how it ended.
struct GameState {
  int index = 0;
  bool a_white = true;
  Position pos;
  std::vector<Move> moves;
  size_t opening_plies = 0;
  int forfeit = 0;  // +1 white forfeits, -1 black forfeits
  std::string forfeit_reason;

  GameState(int game_index, const std::vector<Move>& opening, const MatchConfig& config)
      : index(game_index),
        a_white(game_index % 2 == 0),
        pos(config.size, config.half_komi),
        opening_plies(opening.size()) {
    for (Move m : opening) play(m);
  }
  void play(Move m) {
    pos.play_checked(m);
    moves.push_back(m);
  }
  void forfeit_by(bool white, const std::exception& e) {
    forfeit = white ? 1 : -1;
    forfeit_reason = std::string(white ? "white" : "black") + " forfeits: " + e.what();
  }
  bool over(int max_plies) const { return forfeit != 0 || pos.game_over() || pos.ply() >= max_plies; }
  int moves_by_players() const { return static_cast<int>(moves.size() - opening_plies); }
  // +1 white won, -1 black won, 0 a draw (also at the move limit).
  int white_outcome() const { return forfeit ? -forfeit : pos.game_over() ? result_sign(pos.result()) : 0; }

  GameReport report(const std::string& a_name, const std::string& b_name) const {
    GameRecord rec;
    rec.size = pos.size();
    rec.half_komi = pos.half_komi();
    rec.set_tag("Size", std::to_string(pos.size()));
    rec.set_tag("Komi", komi_text(pos.half_komi()));
    rec.set_tag("Player1", a_white ? a_name : b_name);
    rec.set_tag("Player2", a_white ? b_name : a_name);
    rec.moves = moves;
    rec.comments.assign(moves.size(), "");
    if (opening_plies > 0) rec.comments[opening_plies - 1] = "random opening";
    rec.result = forfeit ? (forfeit > 0 ? "0-1" : "1-0") : pos.game_over() ? result_string(pos.result()) : "1/2-1/2";
    if (forfeit && !moves.empty()) rec.comments.back() = forfeit_reason;
    if (forfeit && moves.empty()) rec.set_tag("Termination", forfeit_reason);
    if (!forfeit && !pos.game_over() && !moves.empty()) rec.comments.back() = "adjudicated a draw at the move limit";
    rec.set_tag("Result", rec.result);
    const int outcome = white_outcome();
    const int forfeited_by = forfeit == 0 ? -1 : (forfeit > 0) == a_white ? 0 : 1;
    return {index, a_white, a_white ? outcome : -outcome, forfeited_by, forfeit_reason, to_ptn_game(rec), rec.result};
  }
};

// The progress line of a long match: games over, moves played, the rate and an ETA. The ETA
// assumes time goes with moves played. Moves still to come: for each game in flight at ply p,
// the mean length past p of the finished games longer than p (games in flight finish the short
// ones first, so their mean alone would be too low); for each game not started, the mean length.
// It still runs low while most games are going, since the long games have not finished to be
// counted (a 5x5 `bredon match` between two network bots at 64 playouts shows it).
class MatchProgress {
 public:
  MatchProgress(double every_s, int games) : every_s_(every_s), games_(games) {}
  void moves_played(int64_t n) { moves_ += n; }
  void game_over(int moves) { lengths_.push_back(moves); }
  bool due() const {
    return every_s_ > 0 && std::chrono::duration<double>(std::chrono::steady_clock::now() - last_).count() >= every_s_;
  }
  // `going`: the moves played so far in each game still in flight.
  void log(const std::vector<int>& going) {
    using namespace std::chrono;
    last_ = steady_clock::now();
    const double seconds = std::max(duration<double>(last_ - start_).count(), 1e-9);
    const int over = static_cast<int>(lengths_.size());
    std::string eta = "no ETA before a game ends";
    if (over > 0 && moves_ > 0) {
      double mean = 0;
      for (int n : lengths_) mean += n;
      mean /= over;
      double left = mean * std::max(0, games_ - over - static_cast<int>(going.size()));
      for (int p : going) {
        double longer = 0;
        int count = 0;
        for (int n : lengths_)
          if (n > p) longer += n, ++count;
        left += count ? longer / count - p : 0.25 * p + 1;  // longer than every finished game
      }
      eta = fmt::format("about {:.1f} min left", seconds * left / static_cast<double>(moves_) / 60);
    }
    spdlog::info("match: {}/{} games over, {} moves played ({:.0f}/s), {:.1f} min so far, {}", over, games_, moves_,
                 static_cast<double>(moves_) / seconds, seconds / 60, eta);
  }

 private:
  double every_s_;
  int games_;
  std::vector<int> lengths_;  // moves in each finished game, openings left out
  int64_t moves_ = 0;
  std::chrono::steady_clock::time_point start_ = std::chrono::steady_clock::now(), last_ = start_;
};

// One game to the end between any two players, or until `stop` turns true; a player that throws
// (a crash, a timeout, an illegal move) forfeits.
void play_one(GameState& game, Player& a, Player& b, int max_plies, const std::function<bool()>& stop) {
  Player& white = game.a_white ? a : b;
  Player& black = game.a_white ? b : a;
  for (Player* p : {&white, &black}) {
    try {
      p->new_game(game.pos);
    } catch (const std::exception& e) {
      game.forfeit_by(p == &white, e);
      return;
    }
  }
  while (!game.over(max_plies) && !stop()) {
    const bool white_to_move = game.pos.side_to_move() == Color::White;
    try {
      game.play((white_to_move ? white : black).choose(game.pos));
    } catch (const std::exception& e) {
      game.forfeit_by(white_to_move, e);
    }
  }
}

// Games between two search players, all in flight: every game advances its side-to-move's search
// until it needs an evaluation, then each side's leaves go to its evaluator as one batch. Returns
// when every game is over, or when `stop` turns true.
void play_in_flight(std::vector<GameState*>& games, const SearchPlayer& a, const SearchPlayer& b, int max_plies,
                    MatchProgress& progress, const std::function<bool()>& stop) {
  const SearchPlayer* sides[2] = {&a, &b};
  struct Trees {
    std::unique_ptr<Search> search[2];  // A's and B's
    bool searching = false;             // the side to move has begun its search for this move
  };
  std::vector<Trees> trees(games.size());
  for (Trees& t : trees)
    for (int s = 0; s < 2; ++s) t.search[s] = std::make_unique<Search>(sides[s]->config(), sides[s]->seed());
  EvalBatch batch[2];
  while (!stop()) {
    for (size_t g = 0; g < games.size(); ++g) {
      GameState& game = *games[g];
      while (!game.over(max_plies)) {
        const int side = (game.pos.side_to_move() == Color::White) == game.a_white ? 0 : 1;
        Search& search = *trees[g].search[side];
        if (!trees[g].searching) {
          search.reset(game.pos);
          search.begin(sides[side]->simulations(), false);
          trees[g].searching = true;
        }
        if (search.step() == Search::Step::NeedsEval) {
          batch[side].add(search);
          break;
        }
        game.play(search.chosen_move());
        progress.moves_played(1);
        if (game.over(max_plies)) progress.game_over(game.moves_by_players());
        trees[g].searching = false;
      }
    }
    if (batch[0].empty() && batch[1].empty()) return;
    for (int s = 0; s < 2; ++s) batch[s].compute(sides[s]->evaluator());
    if (progress.due()) {
      std::vector<int> going;
      for (const GameState* game : games)
        if (!game->over(max_plies)) going.push_back(game->moves_by_players());
      progress.log(going);
    }
  }
}

}  // namespace

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

MatchResult play_match(Player& a, Player& b, const MatchConfig& config, const GameCallback& on_game,
                       const std::vector<GameReport>& played) {
  const int max_plies = config.max_plies ? config.max_plies : default_max_plies(config.size);
  const std::vector<std::vector<Move>> openings = match_openings(config);
  auto* search_a = dynamic_cast<SearchPlayer*>(&a);
  auto* search_b = dynamic_cast<SearchPlayer*>(&b);
  const bool in_flight = search_a && search_b;
  const int chunk = !in_flight ? 1 : config.games_in_flight > 0 ? config.games_in_flight : std::max(1, config.games);
  MatchResult result;
  const int resumed = std::min(config.games, static_cast<int>(played.size()));
  for (int g = 0; g < resumed; ++g) {
    const GameReport& report = played[static_cast<size_t>(g)];
    result.add(report.a_outcome);
    result.ptn_games.push_back(report.ptn);
    if (on_game && !on_game(report, result)) return result;
  }
  MatchProgress progress(config.progress_every_s, config.games - resumed);
  const std::function<bool()> stop = config.stop_requested ? config.stop_requested : [] { return false; };
  for (int first = resumed; first < config.games; first += chunk) {
    std::vector<GameState> games;
    for (int g = first; g < std::min(config.games, first + chunk); ++g)
      games.emplace_back(g, openings[static_cast<size_t>(g)], config);
    if (in_flight) {
      std::vector<GameState*> pointers;
      for (GameState& game : games) pointers.push_back(&game);
      play_in_flight(pointers, *search_a, *search_b, max_plies, progress, stop);
    } else {
      play_one(games.front(), a, b, max_plies, stop);
      progress.moves_played(games.front().moves_by_players());
    }
    // On a stop: games in flight that ended keep their places up to the first one still going;
    // a game played alone is dropped even if it just ended (its player may have forfeited only
    // because the same Ctrl-C reached it), so it is not counted as over either.
    result.stopped = stop();
    if (!in_flight && !result.stopped) progress.game_over(games.front().moves_by_players());
    if (progress.due()) progress.log({});
    for (const GameState& game : games) {
      if (result.stopped && (!in_flight || !game.over(max_plies))) return result;
      const GameReport report = game.report(a.name(), b.name());
      result.add(report.a_outcome);
      result.ptn_games.push_back(report.ptn);
      if (on_game && !on_game(report, result)) return result;
    }
    if (result.stopped) break;
  }
  result.stopped = result.stopped && result.games() < config.games;
  return result;
}

}  // namespace bredon
