// The time a move gets on a clock: golden budgets for real clocks and positions, and the limits
// that keep the engine from losing on time.
#include <gtest/gtest.h>

#include <string>

#include "core/tps.h"
#include "engine/clock_budget.h"

namespace bredon {
namespace {

TEST(ClockBudget, PlansForHalfTheEmptySquaresOrTheSmallerReserveAndNeverFewerThanEight) {
  EXPECT_EQ(planned_moves_left(Position(4)), 8);   // 16 empty squares, 15 pieces each
  EXPECT_EQ(planned_moves_left(Position(5)), 13);  // 25 empty squares, 22 pieces each
  EXPECT_EQ(planned_moves_left(Position(6)), 18);  // 36 empty squares, 31 pieces each
  EXPECT_EQ(planned_moves_left(Position(8)), 32);  // 64 empty squares, 52 pieces each
  // 6x6 with 20 stones of each colour in one stack: 11 pieces left each, 35 empty squares.
  std::string stack;
  for (int i = 0; i < 20; ++i) stack += "12";
  EXPECT_EQ(planned_moves_left(parse_tps("x6/x6/x6/x6/x6/x5," + stack + " 1 21")), 11);
  // A crowded 5x5 board: 3 empty squares, so the floor of 8.
  EXPECT_EQ(planned_moves_left(parse_tps("1,2,1,2,1/2,1,2,1,2/1,2,1,2,1/2,1,2,1,2/1,2,x3 1 12")), 8);
}

TEST(ClockBudget, SharesTheClockOverThePlannedMovesAndAddsThreeQuartersOfTheIncrement) {
  EXPECT_EQ(clock_move_budget_ms(Position(5), 10000, 100), 10000 / 13 + 75);
  EXPECT_EQ(clock_move_budget_ms(Position(4), 10000, 100), 10000 / 8 + 75);
  EXPECT_EQ(clock_move_budget_ms(Position(6), 60000, 0), 60000 / 18);
}

TEST(ClockBudget, NeverSpendsMoreThanAThirdOfTheClockOrRunsItsMarginOut) {
  EXPECT_EQ(clock_move_budget_ms(Position(5), 3000, 5000), 1000);  // a big increment, a third at most
  EXPECT_EQ(clock_move_budget_ms(Position(5), 250, 0), 250 / 13);
  EXPECT_EQ(clock_move_budget_ms(Position(5), 90, 0), 5);   // under the reply's margin: 5 ms
  EXPECT_EQ(clock_move_budget_ms(Position(5), 0, 100), 5);  // flagged already: still answer
}

}  // namespace
}  // namespace bredon
