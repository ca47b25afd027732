// Unit tests named for the rule they pin.
#include <gtest/gtest.h>

#include "core/error.h"
#include "core/movegen.h"
#include "core/tps.h"
#include "test_util.h"

namespace bredon {
namespace {

Position after(const std::string& tps, const std::string& move) {
  Position pos = parse_tps(tps);
  pos.play_checked(parse_ptn_move(move, pos.size()));
  return pos;
}

bool legal(const std::string& tps, const std::string& move) {
  Position pos = parse_tps(tps);
  return pos.why_illegal(parse_ptn_move(move, pos.size())).empty();
}

TEST(Opening, FirstTwoPliesPlaceTheOpponentsFlat) {
  Position pos(4);
  pos.play_checked(parse_ptn_move("a1", 4));
  EXPECT_EQ(pos.stack(make_square(0, 0)).color_at(0), Color::Black);
  EXPECT_EQ(pos.reserves(Color::Black).stones, 14);
  EXPECT_EQ(pos.reserves(Color::White).stones, 15);
  pos.play_checked(parse_ptn_move("d4", 4));
  EXPECT_EQ(pos.stack(make_square(3, 3)).color_at(0), Color::White);
  EXPECT_FALSE(pos.in_opening());
  pos.play_checked(parse_ptn_move("b2", 4));
  EXPECT_EQ(pos.stack(make_square(1, 1)).color_at(0), Color::White);
}

TEST(Opening, NoMovementOnTheFirstTwoPlies) { EXPECT_FALSE(legal("x4/x4/x4/2,x3 2 1", "a1>")); }

TEST(Spread, CapstoneFlattensOnlyWhenAloneOnLastSquare) {
  EXPECT_EQ(to_tps(after("x5/x5/x5/x5/x,1C,2S,x2 1 3", "b1>")), "x5/x5/x5/x5/x2,21C,x2 2 3");
  EXPECT_FALSE(legal("x5/x5/x5/x5/x,11C,2S,x2 1 3", "2b1>"));   // two pieces onto the wall
  EXPECT_TRUE(legal("x5/x5/x5/x5/11C,x,2S,x2 1 3", "2a1>11"));  // cap alone at the end
  EXPECT_FALSE(legal("x5/x5/x5/x5/x,1,2S,x2 1 3", "b1>"));      // a flat cannot flatten
  EXPECT_FALSE(legal("x5/x5/x5/x5/x,1S,2S,x2 1 3", "b1>"));     // nor can a wall
}

TEST(Spread, FlatteningWorksOnEitherColoursWall) {
  EXPECT_EQ(to_tps(after("x5/x5/x5/x5/x,1C,1S,x2 1 3", "b1>")), "x5/x5/x5/x5/x2,11C,x2 2 3");
}

TEST(Spread, NothingCoversACapstone) {
  EXPECT_FALSE(legal("x5/x5/x5/x5/x,1C,2C,x2 1 3", "b1>"));
  EXPECT_FALSE(legal("x5/x5/x5/x5/x,1,2C,x2 1 3", "b1>"));
}

TEST(Spread, MoveStopsBeforeABlockerAndNeverJumps) {
  EXPECT_FALSE(legal("x4/x4/x4/11,2S,x2 1 3", "2a1>11"));
  EXPECT_TRUE(legal("x4/x4/x4/11,x,2S,x 1 3", "2a1>"));
  EXPECT_FALSE(legal("x4/x4/x4/11,x,2S,x 1 3", "2a1>11"));
}

TEST(Spread, CarryLimitIsTheBoardSize) {
  EXPECT_TRUE(legal("x3/x3/111,x2 1 5", "3a1>"));
  EXPECT_THROW(parse_ptn_move("4a1>", 3), ParseError);
}

TEST(Spread, OnlyTheControllerMovesAStack) {
  EXPECT_FALSE(legal("x3/x3/12,x2 1 5", "a1>"));
  EXPECT_TRUE(legal("x3/x3/12,x2 2 5", "a1>"));
}

TEST(Spread, WallMovesAndStaysAWall) { EXPECT_EQ(to_tps(after("x3/x3/2,1S,x 1 3", "b1>")), "x3/x3/2,x,1S 2 3"); }

TEST(Placement, WallAndFlatShareTheStoneReserveCapHasItsOwn) {
  Position pos = after("x5/x5/x5/x5/2,x3,1 1 2", "Sb2");
  EXPECT_EQ(pos.reserves(Color::White).stones, 19);
  pos.play_checked(parse_ptn_move("Cc2", 5));
  EXPECT_EQ(pos.reserves(Color::Black).caps, 0);
  EXPECT_EQ(pos.reserves(Color::Black).stones, 20);
  pos.play_checked(parse_ptn_move("d2", 5));
  EXPECT_NE(pos.why_illegal(parse_ptn_move("Ce2", 5)), "");  // black's only cap is used
}

TEST(Road, WallsDoNotCountCapstonesDo) {
  EXPECT_EQ(after("x3/x3/1,1,x 1 3", "Sc1").result(), GameResult::Ongoing);
  EXPECT_EQ(after("x3/x3/1,1,x 1 3", "c1").result(), GameResult::WhiteRoad);
  EXPECT_EQ(after("x5/x5/x5/x5/1,1,1,1,x 1 5", "Ce1").result(), GameResult::WhiteRoad);
}

TEST(Road, DiagonalsDoNotConnect) { EXPECT_EQ(after("x2,1/x,1,x/x3 1 4", "b1").result(), GameResult::Ongoing); }

TEST(Road, MoverWinsADoubleRoad) {
  // White's spread uncovers a black road while completing its own.
  EXPECT_EQ(after("1,x,1/2,21,2/x3 1 4", "b2+").result(), GameResult::WhiteRoad);
}

TEST(Road, CompletingOnlyTheOpponentsRoadLosesSuicide) {
  EXPECT_EQ(after("x3/2,21,2/1,x2 1 4", "b2+").result(), GameResult::BlackRoad);
}

TEST(FlatCount, TriggeredWhenEitherPlayerRunsOutOfPieces) {
  // 3x3 has 10 stones and no capstone: white places its last stone.
  Position pos = parse_tps("1212,x,21/1221,1,x/11212,x,2 1 16");
  EXPECT_EQ(pos.reserves(Color::White).stones, 1);
  pos.play_checked(parse_ptn_move("b1", 3));
  EXPECT_EQ(pos.result(), GameResult::WhiteFlats);
}

TEST(FlatCount, HalfKomiMakesDrawsImpossible) {
  EXPECT_EQ(after("1,2,1,x/2,1,2,1/1,2,1,2/2,1,2,1 2 8", "d4").result(), GameResult::Draw);
  Position pos = parse_tps("1,2,1,x/2,1,2,1/1,2,1,2/2,1,2,1 2 8", 1);
  pos.play(parse_ptn_move("d4", 4));
  EXPECT_EQ(pos.result(), GameResult::BlackFlats);
}

TEST(GameEnd, FinishedGameHasNoMoves) {
  const Position pos = parse_tps("x4,1/x5/1,x,1,1,1/x5/2,2,2,2,2 1 6");
  EXPECT_TRUE(legal_moves(pos).empty());
  EXPECT_EQ(count_moves(pos), 0);
}


// has_immediate_win reads placement roads off the bitboards and plays only the spreads whose
// squares could hold a road: it must agree with playing every legal move, for the side to move
// and (after a null move) for the other side, on every size.
TEST(ImmediateWin, AgreesWithPlayingEveryMove) {
  testing::TestRng rng(11);
  int positions = 0, wins = 0, spread_only_wins = 0;
  for (int size = 3; size <= 8; ++size) {
    for (int game = 0; game < 150; ++game) {
      Position pos(size);
      std::vector<Move> moves;
      for (int ply = 0; ply < 200 && !pos.game_over(); ++ply) {
        for (int side = 0; side < (pos.in_opening() ? 1 : 2); ++side) {
          if (side == 1) pos.pass_turn();
          const std::vector<Move> legal = legal_moves(pos);
          const int index = immediate_win_index(pos, legal);
          ASSERT_EQ(has_immediate_win(pos), index >= 0) << to_tps(pos);
          ++positions;
          if (index >= 0) {
            ++wins;
            bool placement = false;
            for (Move m : legal) {
              if (!m.is_placement()) continue;
              Position p = pos;
              p.play(m);
              placement = placement || result_sign_for(p.result(), pos.side_to_move()) > 0;
            }
            spread_only_wins += placement ? 0 : 1;
          }
          if (side == 1) pos.pass_turn();
        }
        generate_moves(pos, moves);
        pos.play(moves[rng.below(moves.size())]);
      }
    }
  }
  EXPECT_GT(positions, 200000);
  EXPECT_GT(wins, 5000);
  EXPECT_GT(spread_only_wins, 400);
}

TEST(NullMove, HandsTheTurnOverAndBackWithTheKeyKeptRight) {
  Position pos = parse_tps("x3/x,1,x/2,x2 1 2");
  const Position before = pos;
  pos.pass_turn();
  EXPECT_EQ(pos.side_to_move(), Color::Black);
  EXPECT_EQ(pos.key(), pos.compute_key());
  EXPECT_NE(pos.key(), before.key());
  pos.pass_turn();
  EXPECT_TRUE(pos == before);
  EXPECT_EQ(pos.key(), before.key());
}

}  // namespace
}  // namespace bredon
