// Unit tests named for the rule they pin.
#include <gtest/gtest.h>

#include "core/error.h"
#include "core/movegen.h"
#include "core/tps.h"

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

}  // namespace
}  // namespace bredon
