// A scripted TEI dialogue, sent the way Racetrack sends it, on every size; malformed lines
// leave the engine answering.
#include <gtest/gtest.h>

#include <sstream>

#include "core/movegen.h"
#include "core/tps.h"
#include "engine/tei_engine.h"
#include "search/heuristic_evaluator.h"

namespace bredon {
namespace {

EvaluatorProvider heuristic() {
  return [](int, int, std::string* d) -> std::unique_ptr<Evaluator> {
    *d = "heuristic";
    return std::make_unique<HeuristicEvaluator>();
  };
}

std::vector<std::string> lines_of(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  std::string l;
  while (std::getline(in, l)) out.push_back(l);
  return out;
}

// True if `bestmove <m>` wins on the spot for the side to move in `tps`.
bool wins(const std::string& tps, const std::string& bestmove_line) {
  if (bestmove_line.rfind("bestmove ", 0) != 0) return false;
  Position pos = parse_tps(tps);
  const int me = pos.side_to_move() == Color::White ? 1 : -1;
  pos.play_checked(parse_ptn_move(bestmove_line.substr(9), pos.size()));
  return result_sign(pos.result()) == me;
}

std::string run_engine(const std::string& script, std::string* errors = nullptr, Level level = Level::Hard) {
  std::istringstream in(script);
  std::ostringstream out, err;
  TeiEngine engine(in, out, err, heuristic(), level);
  EXPECT_EQ(engine.run(), 0);
  if (errors) *errors = err.str();
  return out.str();
}

TEST(Tei, HandshakeListsOptionsThenTeiok) {
  const auto out = lines_of(run_engine("tei\nisready\nquit\n"));
  ASSERT_GE(out.size(), 5u);
  EXPECT_EQ(out[0], "id name bredon");
  EXPECT_EQ(out[2], "option name HalfKomi type spin default 0 min -20 max 20");
  EXPECT_EQ(out[4], "teiok");
  EXPECT_EQ(out[5], "readyok");
}

// Racetrack: tei, setoption (only if not default), isready; per game teinewgame N, isready; per
// move `position startpos moves ... ` with a trailing space, then go with all four clock values.
TEST(Tei, RacetrackDialogueGetsALegalBestmoveOnEverySize) {
  for (int n = 3; n <= 8; ++n) {
    Position pos(n, 4);
    std::string moves;
    for (int ply = 0; ply < 6 && !pos.game_over(); ++ply) {
      std::string script = "tei\nsetoption name HalfKomi value 4\nisready\nteinewgame " + std::to_string(n) +
                           "\nisready\nposition startpos moves " + moves +
                           "\ngo wtime 2000 btime 2000 winc 100 binc 100\n";
      const auto out = lines_of(run_engine(script));
      std::string best;
      for (const auto& l : out)
        if (l.rfind("bestmove ", 0) == 0) best = l.substr(9);
      ASSERT_FALSE(best.empty()) << "no bestmove on " << n << "x" << n;
      const Move m = parse_ptn_move(best, n);
      ASSERT_EQ(pos.why_illegal(m), "") << best << " in " << to_tps(pos);
      pos.play(m);
      moves += best + " ";
    }
  }
}

TEST(Tei, TpsPositionsAndOtherBudgets) {
  const std::string tps = "x,2,2,2,2/2,x4/x2,1,1,1/x2,1,x2/x,1,1,x2 2 6";  // black wins with a5 or b4
  for (const std::string go : {"go nodes 200", "go movetime 300"}) {
    const auto out = lines_of(run_engine("teinewgame 5\nposition tps " + tps + " moves\n" + go + "\n"));
    ASSERT_FALSE(out.empty());
    EXPECT_TRUE(wins(tps, out.back())) << go << ": " << out.back();
    bool has_info = false;
    for (const auto& l : out) has_info = has_info || l.rfind("info depth", 0) == 0;
    EXPECT_TRUE(has_info);
  }
}

TEST(Tei, InfiniteSearchStopsOnStop) {
  const auto out = lines_of(run_engine("teinewgame 4\nposition startpos moves a1 d4\ngo infinite\nstop\nisready\n"));
  int bestmoves = 0;
  for (const auto& l : out) bestmoves += l.rfind("bestmove ", 0) == 0;
  EXPECT_EQ(bestmoves, 1);
  EXPECT_EQ(out.back(), "readyok");
}

TEST(Tei, MalformedLinesGetAnErrorAndTheEngineCarriesOn) {
  std::string errors;
  const auto out = lines_of(
      run_engine("foo\nteinewgame\nteinewgame 9\nsetoption name Bogus value 1\nsetoption HalfKomi 4\n"
                 "position startpos moves z9\nposition startpos moves a1 a1\nposition tps x3/x3 1 1\ngo wtime abc\n"
                 "go sideways\n\xff\xfe\nteinewgame 4\nposition startpos moves \ngo nodes 20\nisready\n",
                 &errors));
  int bestmoves = 0, ready = 0;
  for (const auto& l : out) {
    bestmoves += l.rfind("bestmove ", 0) == 0;
    ready += l == "readyok";
  }
  EXPECT_EQ(bestmoves, 1);
  EXPECT_EQ(ready, 1);
  EXPECT_GE(lines_of(errors).size(), 10u) << errors;
  EXPECT_NE(errors.find("'position startpos moves z9'"), std::string::npos) << errors;
}

// Every number error says which parameter and why, never a bare "stoll"; sizes do not wrap.
TEST(Tei, NumberErrorsSayWhatIsWrong) {
  std::string errors;
  run_engine("setoption name HalfKomi value abc\ngo movetime 99999999999999999999\nteinewgame abc\n"
             "teinewgame 4294967299\ngo wtime 9223372036854775807 winc 9223372036854775807\nisready\n",
             &errors);
  EXPECT_EQ(errors.find("stoll"), std::string::npos) << errors;
  EXPECT_NE(errors.find("HalfKomi needs a whole number, not 'abc'"), std::string::npos) << errors;
  EXPECT_NE(errors.find("movetime 99999999999999999999 is out of range"), std::string::npos) << errors;
  EXPECT_NE(errors.find("teinewgame (the board size) needs a whole number, not 'abc'"), std::string::npos) << errors;
  EXPECT_NE(errors.find("teinewgame (the board size) 4294967299 is out of range 3..8"), std::string::npos) << errors;
  EXPECT_NE(errors.find("wtime 9223372036854775807 is out of range"), std::string::npos) << errors;
}

// Commands read while a long search runs are handled at once: a new position does not wait for
// the search (which keeps its own copy), isready is answered before the search ends, and stop
// ends it with a move legal in the position it was searching.
TEST(Tei, CommandsDuringASearchAreAnsweredAtOnce) {
  const auto out = lines_of(run_engine(
      "teinewgame 4\nposition startpos\ngo movetime 600000\nposition startpos moves a1 d4\nisready\nstop\n"));
  size_t ready = out.size(), best = out.size();
  for (size_t i = 0; i < out.size(); ++i) {
    if (out[i] == "readyok") ready = i;
    if (out[i].rfind("bestmove ", 0) == 0) best = i;
  }
  ASSERT_LT(ready, out.size());
  ASSERT_LT(best, out.size());
  EXPECT_LT(ready, best);  // answered while searching, not after a 600 s search
  Position start(4);
  EXPECT_TRUE(start.why_illegal(parse_ptn_move(out[best].substr(9), 4)).empty()) << out[best];
}

TEST(Tei, LevelsChangeTheSearch) {
  // Easy plays from one evaluation; hard finds the road win.
  const std::string tps = "x,2,2,2,2/2,x4/x2,1,1,1/x2,1,x2/x,1,1,x2 2 6";
  const auto hard = lines_of(run_engine("position tps " + tps + " moves\ngo nodes 300\n", nullptr, Level::Hard));
  EXPECT_TRUE(wins(tps, hard.back())) << hard.back();
  const auto easy = lines_of(run_engine("position tps " + tps + " moves\ngo nodes 300\n", nullptr, Level::Easy));
  ASSERT_FALSE(easy.empty());
  EXPECT_EQ(easy.back().rfind("bestmove ", 0), 0u);
}

}  // namespace
}  // namespace bredon
