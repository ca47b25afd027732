#include <gtest/gtest.h>

#include <set>

#include "core/error.h"
#include "core/move.h"

namespace bredon {
namespace {

TEST(PtnMove, RoundTripsEverySpreadPatternOnEverySize) {
  for (int size = 3; size <= 8; ++size) {
    std::set<std::string> seen;
    for (unsigned v = 1; v <= (1u << size) - 2; ++v) {
      const Move m = Move::spread(make_square(0, 0), Direction::Up, v);
      const std::string text = to_ptn(m);
      EXPECT_TRUE(seen.insert(text).second) << text;
      EXPECT_EQ(parse_ptn_move(text, size), m) << text;
    }
  }
}

TEST(PtnMove, CountOmittedWhenOneAndDropsOmittedWhenSingle) {
  EXPECT_EQ(to_ptn(parse_ptn_move("1c3>1", 5)), "c3>");
  EXPECT_EQ(to_ptn(parse_ptn_move("3c3>3", 5)), "3c3>");
  EXPECT_EQ(to_ptn(parse_ptn_move("3c3>12", 5)), "3c3>12");
  EXPECT_EQ(to_ptn(parse_ptn_move("Sa1", 5)), "Sa1");
  EXPECT_EQ(to_ptn(parse_ptn_move("Ce5", 5)), "Ce5");
  EXPECT_EQ(to_ptn(parse_ptn_move("5d3-41*", 6)), "5d3-41");
  EXPECT_EQ(to_ptn(parse_ptn_move("a1'!", 5)), "a1");
}

TEST(PtnMove, PatternBitsFollowTheDropOrder) {
  const Move m = parse_ptn_move("3c3>12", 5);
  EXPECT_EQ(m.pattern(), 0b101u);
  EXPECT_EQ(m.count(), 3);
  EXPECT_EQ(m.distance(), 2);
  EXPECT_EQ(m.direction(), Direction::Right);
}

TEST(PtnMove, MalformedInputNamesTheTokenAndReason) {
  const char* bad[] = {"",      "z1",  "a9",      "a0",  "Fa1", "Sa1>", "6c3>",    "c3>0",
                       "2c3>3", "c3x", "11a1>",   "3a1", "a1*", "e5>",  "a1-",     "9a1+9",
                       "c",     "+",   "3c3>111", "C",   "SS",  "a1a1", "\xff\xfe"};
  for (const char* text : bad) {
    try {
      parse_ptn_move(text, 5);
      ADD_FAILURE() << "accepted '" << text << "'";
    } catch (const ParseError& e) {
      EXPECT_NE(std::string(e.what()).find("PTN move '"), std::string::npos) << e.what();
    }
  }
}

TEST(PtnMove, NeverCrashesOnRandomText) {
  uint64_t x = 12345;
  const std::string alphabet = "abcdefghSCF12345678+-<>*'!? x";
  for (int i = 0; i < 20000; ++i) {
    std::string t;
    x = x * 6364136223846793005ULL + 1442695040888963407ULL;
    const int len = static_cast<int>((x >> 60) % 8);
    for (int k = 0; k < len; ++k) {
      x = x * 6364136223846793005ULL + 1442695040888963407ULL;
      t += alphabet[(x >> 33) % alphabet.size()];
    }
    try {
      const Move m = parse_ptn_move(t, 3 + static_cast<int>(i % 6));
      (void)to_ptn(m);
    } catch (const ParseError&) {
    }
  }
}

}  // namespace
}  // namespace bredon
