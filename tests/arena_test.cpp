// Matches (in flight and one game at a time), players by name, Elo, ratings and the SPRT.
#include <gtest/gtest.h>
#include <spdlog/sinks/ostream_sink.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <cmath>
#include <map>
#include <random>
#include <sstream>
#include <stdexcept>

#include "arena/elo.h"
#include "arena/match.h"
#include "arena/player_factory.h"
#include "arena/ratings.h"
#include "core/tps.h"
#include "search/heuristic_evaluator.h"

namespace bredon {
namespace {

// spdlog's default logger writes into a string while this lives.
class CapturedLog {
 public:
  CapturedLog() : previous_(spdlog::default_logger()) {
    spdlog::set_default_logger(
        std::make_shared<spdlog::logger>("capture", std::make_shared<spdlog::sinks::ostream_sink_mt>(text_)));
  }
  ~CapturedLog() { spdlog::set_default_logger(previous_); }
  std::string str() const { return text_.str(); }

 private:
  std::shared_ptr<spdlog::logger> previous_;
  std::ostringstream text_;
};

// Synthetic round robin among players with known Elo: the fit must recover each rating within
// its 95% interval (and the intervals must not be absurdly wide).
TEST(Ratings, RecoverKnownRatingsFromSyntheticResults) {
  const std::vector<std::string> names = {"anchor", "p1", "p2", "p3", "p4"};
  const std::vector<double> truth = {0, 150, 300, -200, 600};
  std::mt19937_64 rng(5);
  std::vector<PairResult> results;
  for (size_t i = 0; i < names.size(); ++i)
    for (size_t j = i + 1; j < names.size(); ++j) {
      const double p_win = 1 / (1 + std::pow(10.0, -(truth[i] - truth[j]) / 400));
      PairResult r{names[i], names[j], 0, 0, 0};
      std::uniform_real_distribution<double> u(0, 1);
      for (int g = 0; g < 400; ++g) {
        const double x = u(rng);
        // 10% draws taken evenly from both sides keep the expected score p_win.
        if (x < p_win - 0.05)
          ++r.wins;
        else if (x < p_win + 0.05)
          ++r.draws;
        else
          ++r.losses;
      }
      results.push_back(r);
    }
  const auto ratings = fit_ratings(names, results);
  ASSERT_EQ(ratings.size(), names.size());
  int inside = 0;
  for (size_t i = 0; i < names.size(); ++i) {
    EXPECT_EQ(ratings[i].player, names[i]);
    EXPECT_LT(ratings[i].stderr_elo, 40.0);
    if (std::abs(ratings[i].elo - truth[i]) <= 1.96 * ratings[i].stderr_elo + 1e-9) ++inside;
  }
  EXPECT_GE(inside, 4) << ratings_table(ratings);  // 95% intervals: at most one miss expected
  EXPECT_EQ(ratings[0].elo, 0.0);
}

TEST(Ratings, PerfectScoresStayFinite) {
  const auto r = fit_ratings({"random", "bot"}, {{"bot", "random", 20, 0, 0}});
  EXPECT_TRUE(std::isfinite(r[1].elo));
  EXPECT_GT(r[1].elo, 300);
}

// Late in a run consecutive checkpoints score 50% against each other. A prior centred on the
// anchor pulled such a ladder down by 77 Elo over 30 checkpoints (and its top by 450); centred
// on each predecessor, the ladder stays exactly level where the first checkpoint's games put it.
TEST(Ratings, ALadderOfEqualCheckpointsStaysLevel) {
  std::vector<PairResult> results{{"c0", "random", 20, 0, 0}};
  std::map<std::string, std::string> parent;
  for (int k = 1; k < 30; ++k) {
    const std::string me = "c" + std::to_string(k);
    results.push_back({me, "c" + std::to_string(k - 1), 6, 8, 6});
    if (k >= 4) results.push_back({me, "c" + std::to_string(k - 4), 6, 8, 6});
    parent[me] = "c" + std::to_string(k - 1);
  }
  const auto r = fit_ratings({"random"}, results, 1000.0, parent);
  ASSERT_EQ(r.size(), 31u);
  EXPECT_EQ(r[1].player, "c0");
  EXPECT_GT(r[1].elo, 600);  // 20-0 against random, bounded by c0's prior only
  for (size_t i = 2; i < r.size(); ++i) EXPECT_NEAR(r[i].elo, r[1].elo, 1.0) << r[i].player;
  EXPECT_THROW(fit_ratings({"random"}, results, 1000.0, {{"c1", "c2"}, {"c2", "c1"}}), std::invalid_argument);
}

// Counts the batches it is asked for; answers as the heuristic evaluator does.
class BatchCountingEvaluator : public Evaluator {
 public:
  void evaluate(const std::vector<EvalRequest>& requests, std::vector<EvalResult>& results) override {
    ++batches;
    largest = std::max(largest, requests.size());
    inner.evaluate(requests, results);
  }
  HeuristicEvaluator inner;
  int batches = 0;
  size_t largest = 0;
};

// Hides that a player is a SearchPlayer, so the match plays it one game at a time.
class OneGameAtATime : public Player {
 public:
  explicit OneGameAtATime(Player& inner) : inner_(inner) {}
  std::string name() const override { return inner_.name(); }
  void new_game(const Position& start) override { inner_.new_game(start); }
  Move choose(const Position& pos) override { return inner_.choose(pos); }

 private:
  Player& inner_;
};

// Two search players play their games in flight with batched leaves, and the games are exactly
// those played one at a time (same openings, colours and deterministic searches).
TEST(Match, GamesInFlightEqualOneGameAtATime) {
  SearchConfig gumbel, puct;
  puct.algorithm = SearchAlgorithm::Puct;
  MatchConfig mc;
  mc.size = 4;
  mc.games = 12;
  mc.seed = 9;
  HeuristicEvaluator h1, h2;
  SearchPlayer a1("a", h1, gumbel, 8, 1), b1("b", h2, puct, 16, 2);
  OneGameAtATime a_alone(a1), b_alone(b1);
  const MatchResult one_at_a_time = play_match(a_alone, b_alone, mc);
  BatchCountingEvaluator e1, e2;
  SearchPlayer a2("a", e1, gumbel, 8, 1), b2("b", e2, puct, 16, 2);
  const MatchResult in_flight = play_match(a2, b2, mc);
  EXPECT_EQ(in_flight.ptn_games, one_at_a_time.ptn_games);
  EXPECT_EQ(in_flight.wins, one_at_a_time.wins);
  EXPECT_EQ(in_flight.losses, one_at_a_time.losses);
  EXPECT_GT(one_at_a_time.wins, 0);  // a real contest, not all draws
  EXPECT_GT(one_at_a_time.losses + one_at_a_time.draws, 0);
  EXPECT_GE(e1.largest, 4u);  // a's leaves from several games went out together
  EXPECT_GE(e2.largest, 4u);
}

// A match asked for progress logs how many games are over, how many moves were played and an ETA
// (here after every batch); one not asked stays silent.
TEST(Match, LogsProgressWithAnEtaWhenAsked) {
  CapturedLog log;
  HeuristicEvaluator h;
  SearchPlayer a("a", h, SearchConfig{}, 4, 1), b("b", h, SearchConfig{}, 4, 2);
  MatchConfig mc;
  mc.size = 3;
  mc.games = 6;
  play_match(a, b, mc);
  const std::string silent = log.str();
  mc.progress_every_s = 1e-9;
  play_match(a, b, mc);
  EXPECT_EQ(silent, "");
  const std::string text = log.str();
  EXPECT_NE(text.find("match: 0/6 games over"), std::string::npos) << text;
  EXPECT_NE(text.find("no ETA before a game ends"), std::string::npos) << text;
  EXPECT_NE(text.find("match: 6/6 games over"), std::string::npos) << text;
  EXPECT_NE(text.find("about 0.0 min left"), std::string::npos) << text;
  EXPECT_NE(text.find(" moves played ("), std::string::npos) << text;
}

// The callback sees every game in order and can stop the match; waves of games in flight stop
// at the end of the wave that decided.
TEST(Match, TheGameCallbackStopsTheMatch) {
  HeuristicEvaluator h;
  SearchPlayer a("a", h, SearchConfig{}, 4, 1), b("b", h, SearchConfig{}, 2, 2);
  MatchConfig mc;
  mc.size = 3;
  mc.games = 20;
  mc.games_in_flight = 4;
  std::vector<int> seen;
  const MatchResult r = play_match(a, b, mc, [&](const GameReport& game, const MatchResult& so_far) {
    seen.push_back(game.index);
    EXPECT_EQ(so_far.games(), game.index + 1);
    EXPECT_NE(game.ptn.find("[Player1 \"" + std::string(game.a_white ? "a" : "b") + "\"]"), std::string::npos);
    return so_far.games() < 6;
  });
  EXPECT_EQ(seen, (std::vector<int>{0, 1, 2, 3, 4, 5}));
  EXPECT_EQ(r.games(), 6);
  EXPECT_EQ(r.ptn_games.size(), 6u);
}

// A stop request ends a match between moves: the games reported are the first ones of the same
// match played to the end, the game that was going is dropped, and the result says it stopped.
// Played one at a time, the last progress line counts only the games kept (not the dropped one).
TEST(Match, AStopRequestKeepsOnlyTheGamesFinishedBeforeIt) {
  HeuristicEvaluator h;
  SearchPlayer a("a", h, SearchConfig{}, 4, 1), b("b", h, SearchConfig{}, 2, 2);
  MatchConfig mc;
  mc.size = 3;
  mc.games = 12;
  const MatchResult whole = play_match(a, b, mc);
  EXPECT_FALSE(whole.stopped);
  mc.progress_every_s = 1e-9;
  for (bool in_flight : {false, true}) {
    OneGameAtATime a_alone(a), b_alone(b);
    int asked = 0;
    mc.stop_requested = [&] { return ++asked > 40; };  // once per move alone, once per batch in flight
    CapturedLog log;
    const MatchResult r = in_flight ? play_match(a, b, mc) : play_match(a_alone, b_alone, mc);
    EXPECT_TRUE(r.stopped) << in_flight;
    EXPECT_LT(r.games(), mc.games) << in_flight;
    if (!in_flight) {
      EXPECT_GT(r.games(), 2);  // 40 moves finish a few 3x3 games
      const std::string text = log.str();
      const size_t last = text.rfind("match: ");
      ASSERT_NE(last, std::string::npos) << text;
      EXPECT_EQ(text.substr(last, text.find(" games over", last) - last), "match: " + std::to_string(r.games()) + "/12")
          << text;
    }
    ASSERT_EQ(r.ptn_games.size(), static_cast<size_t>(r.games()));
    EXPECT_TRUE(std::equal(r.ptn_games.begin(), r.ptn_games.end(), whole.ptn_games.begin())) << in_flight;
  }
}

TEST(PlayerFactory, NamesMeanTheSamePlayersEverywhere) {
  PlayerContext context;
  context.size = 4;
  EXPECT_EQ(make_player("random", context).player->name(), "random");
  OwnedPlayer h = make_player("heuristic:12", context);
  auto* search = dynamic_cast<SearchPlayer*>(h.player.get());
  ASSERT_NE(search, nullptr);
  EXPECT_EQ(search->simulations(), 12);
  EXPECT_EQ(search->config().algorithm, SearchAlgorithm::Puct);
  EXPECT_EQ(dynamic_cast<SearchPlayer*>(make_player("baseline", context).player.get())->simulations(),
            kDefaultPlayouts);
  EXPECT_NE(dynamic_cast<LevelPlayer*>(make_player("heuristic@hard", context).player.get()), nullptr);
  for (const char* bad :
       {"heuristic:x", "heuristic:-3", "heuristic:12abc", "heuristic@expert", "solver:0", "solver:65"})
    EXPECT_THROW(make_player(bad, context), std::invalid_argument) << bad;
  EXPECT_EQ(make_player("solver", context).player->name(), "solver:" + std::to_string(kDefaultSolverPlies));
  EXPECT_EQ(make_player("solver:7", context).player->name(), "solver:7");
}

TEST(SolverPlayer, TakesAForcedWinAndOtherwiseBlocksTheOpponents) {
  PlayerContext context;
  context.size = 4;
  OwnedPlayer solver = make_player("solver:5", context);
  // White has a road in one at a1.
  EXPECT_EQ(to_ptn(solver.player->choose(parse_tps("2S,x,2,2/x4/x4/x,1,1,1 1 4"))), "a1");
  // White has no road in reach; black's a1-b1-c1 needs only d1, so every move loses at once but
  // a stone on d1 or covering a1 from a2.
  for (int i = 0; i < 5; ++i) {
    const std::string m = to_ptn(solver.player->choose(parse_tps("1,x3/x,1,x2/1,x3/2,2,2,x 1 4")));
    EXPECT_TRUE(m == "d1" || m == "Sd1" || m == "Cd1" || m == "a2-") << m;
  }
}

TEST(Match, EloFromScore) {
  EXPECT_NEAR(elo_from_results(50, 0, 50).elo, 0.0, 1e-9);
  const EloEstimate e = elo_from_results(75, 0, 25);
  EXPECT_NEAR(e.elo, 190.8, 0.5);
  EXPECT_LT(e.low, e.elo);
  EXPECT_GT(e.high, e.elo);
}

TEST(Match, EloIntervalKeepsItsWidthAtTheExtremes) {
  // One won game says next to nothing; the normal approximation gave it "1200 [1200, 1200]".
  const EloEstimate one = elo_from_results(1, 0, 0);
  EXPECT_NEAR(one.elo, 1200, 1);
  EXPECT_LT(one.low, 0);
  // A 200-0-0 sweep: Wilson's lower bound, 200 / (200 + 1.96^2) of the score, is about +687.
  const EloEstimate sweep = elo_from_results(200, 0, 0);
  EXPECT_NEAR(sweep.low, 687, 1);
  EXPECT_NEAR(sweep.high, 1200, 1);
  // Every game drawn still leaves doubt either way.
  const EloEstimate drawn = elo_from_results(0, 10, 0);
  EXPECT_EQ(drawn.elo, 0);
  EXPECT_FALSE(std::signbit(drawn.elo));  // printed as "0", not "-0"
  EXPECT_LT(drawn.low, -30);
  EXPECT_GT(drawn.high, 30);
  // Colours swapped, the interval mirrors.
  const EloEstimate a = elo_from_results(17, 2, 1), b = elo_from_results(1, 2, 17);
  EXPECT_NEAR(a.low, -b.high, 1e-9);
  EXPECT_NEAR(a.high, -b.low, 1e-9);
  EXPECT_LT(a.high, 1200);  // 17-2-1 is strong evidence, not certainty
  // Away from the extremes it agrees with the normal approximation (-17 [-65, 30] here).
  const EloEstimate mid = elo_from_results(90, 10, 100);
  EXPECT_NEAR(mid.low, -65, 2);
  EXPECT_NEAR(mid.high, 30, 2);
}

TEST(Match, FixedSeedIsReproducible) {
  auto run = [](uint64_t seed) {
    HeuristicEvaluator h;
    SearchConfig cfg;
    SearchPlayer a("heuristic", h, cfg, 16, seed);
    RandomPlayer b(seed);
    MatchConfig mc;
    mc.size = 4;
    mc.games = 6;
    mc.seed = seed;
    return play_match(a, b, mc);
  };
  const MatchResult x = run(9), y = run(9), z = run(10);
  EXPECT_EQ(x.ptn_games, y.ptn_games);
  EXPECT_NE(x.ptn_games, z.ptn_games);
  EXPECT_EQ(x.wins + x.draws + x.losses, 6);
  EXPECT_GE(x.wins, 5);  // a searching player beats a random one
}

}  // namespace
}  // namespace bredon

#include "arena/sprt.h"

namespace bredon {
namespace {

TEST(Sprt, DecidesClearCasesAndWaitsOnCloseOnes) {
  EXPECT_EQ(sprt(80, 0, 20, 0, 50).verdict, 1);      // ~+240 Elo: H1
  EXPECT_EQ(sprt(135, 30, 135, 0, 50).verdict, -1);  // even over 300 games: H0
  EXPECT_EQ(sprt(45, 10, 45, 0, 50).verdict, 0);     // even over 100 games: not yet
  EXPECT_EQ(sprt(6, 2, 4, 0, 50).verdict, 0);        // too few games to tell
  const SprtResult s = sprt(6, 2, 4, 0, 50);
  EXPECT_NEAR(s.upper, std::log(0.95 / 0.05), 1e-12);
  EXPECT_GT(s.llr, s.lower);
}

}  // namespace
}  // namespace bredon
