#include <gtest/gtest.h>

#include <functional>

#include "core/error.h"
#include "core/ptn_game.h"
#include "core/tps.h"
#include "test_util.h"

namespace bredon {
namespace {

using testing::TestRng;

TEST(Tps, GoldenRoundTrips) {
  const char* golden[] = {
      "x3/x3/x3 1 1",
      "x5/x5/x5/x5/2,x4 2 1",
      "2,2,2,21,12,x/x4,2,x/x4,2C,x/1,2,12,122211C,x2/x2,1S,1,12,1/x3,2S,1,1 1 19",
      "x8/x8/x8/x8/x8/x8/x8/22221111,2,x6 1 9",
      "x2,1,x2/221,2,x2,1121112/21,x,12112C,x2/x2,2,2,2S/x,21,12221C,222122121,x 2 36",
      "x7/1C,1112S,x,112211C,2S,2C,1S/x7/x3,222C,x3/x3,2S,x3/x3,1S,x3/x7 1 10",
  };
  for (const char* t : golden) EXPECT_EQ(to_tps(parse_tps(t)), t);
}

TEST(Tps, ReservesAreDerivedFromTheBoard) {
  const Position p = parse_tps("x5/x5/x5/x5/1C,1,2S,x2 1 3", 0);
  EXPECT_EQ(p.reserves(Color::White).stones, 20);
  EXPECT_EQ(p.reserves(Color::White).caps, 0);
  EXPECT_EQ(p.reserves(Color::Black).stones, 20);
  EXPECT_EQ(p.reserves(Color::Black).caps, 1);
}

TEST(Tps, MalformedInputNamesThePartAndReason) {
  const char* bad[] = {
      "",
      "x3/x3/x3",
      "x3/x3/x3 1",
      "x3/x3/x3 3 1",
      "x3/x3/x3 1 0",
      "x3/x3/x3 1 a",
      "x3/x3/x3 1 1 extra",
      "x3/x3 1 1",
      "x9/x9/x9/x9/x9/x9/x9/x9/x9 1 1",
      "x3/x3/x4 1 1",
      "x3/x3/x2 1 1",
      "x3/x3/1,,1 1 1",
      "x3/x3/1,1,1, 1 1",
      "x3/x3/13,x2 1 1",
      "x3/x3/S1,x2 1 1",
      "x3/x3/1SS,x2 1 1",
      "x3/x3/1C,x2 1 3",           // 3x3 has no capstones
      "x3/x3/11111111111,x2 1 3",  // more stones than the reserve
      "x3/x3/x0,x3 1 1",
      "x3/x3/x99999999 1 1",
  };
  for (const char* t : bad) {
    try {
      parse_tps(t);
      ADD_FAILURE() << "accepted '" << t << "'";
    } catch (const ParseError& e) {
      EXPECT_NE(std::string(e.what()).find("TPS"), std::string::npos) << e.what();
    }
  }
}

TEST(Tps, NeverCrashesOnRandomText) {
  TestRng rng(7);
  const std::string alphabet = "x12SC,/ 345 ";
  for (int i = 0; i < 20000; ++i) {
    std::string t;
    const size_t len = rng.below(40);
    for (size_t k = 0; k < len; ++k) t += alphabet[rng.below(alphabet.size())];
    try {
      (void)to_tps(parse_tps(t));
    } catch (const ParseError&) {
    }
  }
}

// Depth-first over every position within `depth` plies, calling `visit` on each.
void visit_tree(Position& pos, int depth, const std::function<void(const Position&, const std::vector<Move>&)>& visit) {
  const std::vector<Move> moves = legal_moves(pos);
  visit(pos, moves);
  if (depth == 0) return;
  for (Move m : moves) {
    const UndoRecord u = pos.play(m);
    visit_tree(pos, depth - 1, visit);
    pos.undo(u);
  }
}

// TPS and PTN round trips over every position a depth-3 perft visits, from the start and from a
// random middle-game position with stacks, for every size.
TEST(Notation, RoundTripsOverDepthThreeTrees) {
  for (int size = 3; size <= 8; ++size) {
    for (int start = 0; start < 2; ++start) {
      Position root(size);
      TestRng rng(static_cast<uint64_t>(size * 10 + start));
      if (start == 1) {
        do {
          root = Position(size);
          testing::play_random(root, 6 * size, rng);
        } while (root.game_over());
      }
      // Middle games on big boards branch too widely for a third ply, and sanitized builds stop
      // at two on every big board.
      const bool wide = (size >= 7 && start == 1) || (testing::kSanitized && size >= 6);
      const int depth = wide ? 2 : 3;
      long visited = 0;
      visit_tree(root, depth, [&](const Position& pos, const std::vector<Move>& moves) {
        ++visited;
        const std::string tps = to_tps(pos);
        const Position back = parse_tps(tps);
        ASSERT_EQ(to_tps(back), tps);
        ASSERT_EQ(back.key(), pos.key()) << tps;
        ASSERT_EQ(back.result(), pos.result()) << tps;
        ASSERT_EQ(back.reserves(Color::White).stones, pos.reserves(Color::White).stones) << tps;
        ASSERT_EQ(back.reserves(Color::Black).caps, pos.reserves(Color::Black).caps) << tps;
        for (Move m : moves) ASSERT_EQ(parse_ptn_move(to_ptn(m), size), m) << tps << " " << to_ptn(m);
      });
      EXPECT_GT(visited, 100);
    }
  }
}

TEST(PtnGame, RandomGamesRoundTripWithTagsCommentsAndResult) {
  TestRng rng(99);
  for (int size = 3; size <= 8; ++size) {
    for (int g = 0; g < 5; ++g) {
      GameRecord game;
      game.size = size;
      game.half_komi = g % 3;
      game.set_tag("Size", std::to_string(size));
      game.set_tag("Komi", komi_text(game.half_komi));
      game.set_tag("Player1", "bredon test");
      Position pos(size, game.half_komi);
      game.moves = testing::play_random(pos, 400, rng);
      game.comments.assign(game.moves.size(), "");
      game.comments[0] = "first move";
      game.result = result_string(pos.result()) == "*" ? "" : result_string(pos.result());
      const std::string text = to_ptn_game(game);
      const GameRecord back = parse_ptn_game(text);
      EXPECT_EQ(back.moves, game.moves) << text;
      EXPECT_EQ(back.result, game.result);
      EXPECT_EQ(back.half_komi, game.half_komi);
      EXPECT_EQ(back.comments[0], "first move");
      EXPECT_EQ(to_ptn_game(back), text);
      EXPECT_EQ(back.final_position(), pos);
    }
  }
}

TEST(PtnGame, ReadsAFileAsPlayersWriteIt) {
  const std::string text =
      "[Site \"PlayTak.com\"]\n[Size \"5\"]\n[Komi \"0\"]\n\n"
      "1. a1 e5 {a comment}\n2. Cc3 c4'\n3. 1c3+ d3!\n4. 2c4>11 a2\n5. --\n"
      "R-0\n";
  const GameRecord g = parse_ptn_game(text);
  ASSERT_EQ(g.moves.size(), 8u);
  EXPECT_EQ(to_ptn(g.moves[6]), "2c4>11");
  EXPECT_EQ(g.comments[1], "a comment");
  EXPECT_EQ(g.result, "R-0");
  EXPECT_EQ(g.tag("Site"), "PlayTak.com");
}

TEST(PtnGame, SplitsAFileOfSeveralGames) {
  // As `bredon match --out` writes them: each game's tags, a blank line, its moves and result,
  // and a blank line before the next. The second game was forfeited before a move (a result
  // line only); the third has a comment with a '[' and no blank line before it.
  const std::string first = "[Size \"3\"]\n[Player1 \"a\"]\n\n1. a1 c3 {random opening}\n2. b2 R-0\n\n";
  const std::string second = "[Size \"3\"]\n[Termination \"white forfeits: no answer\"]\n\n0-1\n\n";
  const std::string third = "[Size \"3\"]\n1. a1 c3\n{[not a tag]}\n1/2-1/2\n";
  const std::vector<std::string> games = split_ptn_games(first + second + third);
  ASSERT_EQ(games.size(), 3u);
  EXPECT_EQ(games[0], first);
  EXPECT_EQ(games[1], second);
  EXPECT_EQ(games[2], third);
  EXPECT_EQ(parse_ptn_game(games[1]).result, "0-1");
  EXPECT_EQ(parse_ptn_game(games[2]).comments[1], "[not a tag]");
  EXPECT_TRUE(split_ptn_games("").empty());
  EXPECT_TRUE(split_ptn_games("\n \n").empty());
  // A file cut short inside a game's tags is still one (unreadable) piece, not lost.
  EXPECT_EQ(split_ptn_games(first + "[Size \"3\"]\n[Pla").size(), 2u);
}

TEST(PtnGame, StartsFromATpsTag) {
  const GameRecord g = parse_ptn_game("[TPS \"x3/x3/1,1,x 1 3\"]\n3. c1 R-0\n");
  EXPECT_EQ(g.size, 3);
  EXPECT_EQ(g.final_position().result(), GameResult::WhiteRoad);
}

TEST(PtnGame, MalformedInputNamesTheLineAndReason) {
  const char* bad[] = {
      "[Size \"5\"]\n1. a1 z9\n",
      "[Size \"5\"]\n1. a1 a1\n",  // occupied
      "[Size \"5\"]\n1. Sa1\n",    // wall in the opening
      "[Size \"9\"]\n1. a1\n",
      "1. a1 e5\n",  // no size
      "[Size \"5\"\n1. a1\n",
      "[Size 5]\n1. a1\n",
      "[Size \"5\"]\n1. a1 {never closed\n",
      "[Size \"5\"]\n[Komi \"2.3\"]\n1. a1\n",
      "[Size \"5\"]\n1. a1 e5 R-0 a2\n",
      "[TPS \"x3/x3/x3 1 1\"]\n[Size \"4\"]\n",
  };
  for (const char* t : bad) {
    try {
      parse_ptn_game(t);
      ADD_FAILURE() << "accepted:\n" << t;
    } catch (const ParseError& e) {
      EXPECT_NE(std::string(e.what()).find("PTN"), std::string::npos) << e.what();
    }
  }
}

TEST(Komi, WholeAndHalfOnly) {
  EXPECT_EQ(parse_komi("2"), 4);
  EXPECT_EQ(parse_komi("2.5"), 5);
  EXPECT_EQ(parse_komi("0.5"), 1);
  EXPECT_EQ(parse_komi("-1"), -2);
  EXPECT_EQ(komi_text(5), "2.5");
  EXPECT_THROW(parse_komi("2.25"), ParseError);
  EXPECT_THROW(parse_komi("two"), ParseError);
  // Trailing zeros are fine; absurd sizes are refused whatever their spelling.
  EXPECT_EQ(parse_komi("2.50"), 5);
  EXPECT_EQ(parse_komi("3.0"), 6);
  EXPECT_EQ(parse_komi("63.5"), 127);
  EXPECT_THROW(parse_komi("9999"), ParseError);
  EXPECT_THROW(parse_komi("100.5"), ParseError);
  EXPECT_THROW(parse_komi("64.5"), ParseError);
  EXPECT_THROW(parse_komi("2.5x"), ParseError);
  EXPECT_THROW(parse_komi("2..5"), ParseError);
  EXPECT_THROW(parse_komi(""), ParseError);
  try {
    parse_komi("9999");
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("more than 64 points"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace bredon
