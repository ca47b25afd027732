// Every case of tests/data/rules_cases.md, as TPS before -> move -> TPS or result after.
// The cases are transcribed here (with their ids) because the file's expected column is prose.
#include <gtest/gtest.h>

#include "core/error.h"
#include "core/movegen.h"
#include "core/tps.h"

namespace bredon {
namespace {

enum class Expect { Tps, Illegal, Result };

struct RuleCase {
  const char* id;
  const char* before;
  int half_komi;
  const char* move;  // empty: judge the position itself
  Expect kind;
  const char* tps_after;  // for Expect::Tps
  GameResult result;      // for Expect::Result (and checked as Ongoing for Expect::Tps)
};

constexpr GameResult kOngoing = GameResult::Ongoing;
constexpr GameResult kWR = GameResult::WhiteRoad, kBR = GameResult::BlackRoad;
constexpr GameResult kWF = GameResult::WhiteFlats, kBF = GameResult::BlackFlats, kDraw = GameResult::Draw;

const char* const kB9 = "2,2,2,21,12,x/x4,2,x/x4,2C,x/1,2,12,122211C,x2/x2,1S,1,12,1/x3,2S,1,1 1 19";
const char* const kD6 = "x5/x5/x2,121212121212121212121212121212121212121212,x2/x5/x5 1 43";
const char* const kD8 = "x2,1,x2/221,2,x2,1121112/21,x,12112C,x2/x2,2,2,2S/x,21,12221C,222122121,x 2 36";
const char* const kD10 = "1,2,1,x/2,1,2,1/1,2,1,2/2,1,2,1 2 8";
const char* const kD11 =
    "x2,2,1112,2,2/12,222121C,x,1S,221S,x/x2,21211112,21,2,2/x,1,21S,2,2,1S/1,21,1,1,1112C,1/"
    "1,21,2,2221S,21,221 1 58";

const RuleCase kCases[] = {
    {"A1a", "x5/x5/x5/x5/x5 1 1", 0, "a1", Expect::Tps, "x5/x5/x5/x5/2,x4 2 1", kOngoing},
    {"A1b", "x5/x5/x5/x5/2,x4 2 1", 0, "e5", Expect::Tps, "x4,1/x5/x5/x5/2,x4 1 2", kOngoing},
    {"A2", "x7/x7/x7/x7/x7/x7/x7 1 1", 0, "Sa1", Expect::Illegal, "", kOngoing},
    {"A3", "x8/x8/x8/x8/x8/x8/x8/x8 1 1", 0, "Ca1", Expect::Illegal, "", kOngoing},
    {"A4", "x5/x5/x5/2,x4/x5 2 1", 0, "a2", Expect::Illegal, "", kOngoing},
    {"A5", "x6/x6/x6/x6/1C,2,x4/2,1,x4 1 3", 0, "Ca3", Expect::Illegal, "", kOngoing},
    {"B1", "x2,1,x2/x5/x2,12122C,x2/1,x4/1,x4 2 7", 0, "5c3>", Expect::Tps, "x2,1,x2/x5/x3,12122C,x/1,x4/1,x4 1 8",
     kOngoing},
    {"B2", "x2,1,x2/x5/x2,12122C,x2/1,x4/1,x4 2 7", 0, "6c3>", Expect::Illegal, "", kOngoing},
    {"B3", "x3/x3/2221,2,x 1 5", 0, "4a1>", Expect::Illegal, "", kOngoing},
    {"B4", "x3/x3/21,2,x 1 3", 0, "3a1>", Expect::Illegal, "", kOngoing},
    {"B5", "x4/x4/1,x3/2,1S,x2 2 2", 0, "a1>", Expect::Illegal, "", kOngoing},
    {"B6", "x7/x7/x7/x7/x7/1,x6/2,1C,x5 2 2", 0, "a1>", Expect::Illegal, "", kOngoing},
    {"B7", "x4,1/x5/x2,1,x2/x,2,121C,2C,2/2,1,x,1,x 2 7", 0, "3c2<12", Expect::Illegal, "", kOngoing},
    {"B8", "x4,1/x5/x2,1,x2/2,2,121C,2C,2/2,1,x,1,x 1 8", 0, "3c2-111", Expect::Illegal, "", kOngoing},
    {"B9", kB9, 0, "5d3-41*", Expect::Tps, "2,2,2,21,12,x/x4,2,x/x4,2C,x/1,2,12,1,x2/x2,1S,12221,12,1/x3,21C,1,1 2 19",
     kOngoing},
    {"B9-no-star", kB9, 0, "5d3-41", Expect::Tps,
     "2,2,2,21,12,x/x4,2,x/x4,2C,x/1,2,12,1,x2/x2,1S,12221,12,1/x3,21C,1,1 2 19", kOngoing},
    {"B10", kB9, 0, "2d3-11", Expect::Tps, "2,2,2,21,12,x/x4,2,x/x4,2C,x/1,2,12,1222,x2/x2,1S,11,12,1/x3,21C,1,1 2 19",
     kOngoing},
    {"B11", kB9, 0, "5d3-32", Expect::Illegal, "", kOngoing},
    {"B12", kB9, 0, "5d3<41", Expect::Tps, "2,2,2,21,12,x/x4,2,x/x4,2C,x/1,21C,122221,1,x2/x2,1S,1,12,1/x3,2S,1,1 2 19",
     kOngoing},
    {"B13", kB9, 0, "c2+", Expect::Tps, "2,2,2,21,12,x/x4,2,x/x4,2C,x/1,2,121S,122211C,x2/x3,1,12,1/x3,2S,1,1 2 19",
     kOngoing},
    {"C1", "x,2,2,2,2/2,x4/x2,1,1,1/x2,1,x2/x,1,1,x2 2 6", 0, "a5", Expect::Result, "", kBR},
    {"C2", "x2,2,x2/x2,2,x2/1,1,1,1,x/x2,2,x2/x2,2,x2 1 5", 0, "e3", Expect::Result, "", kWR},
    {"C3", "x5/x2,1,x2/2,2,1,2,2/x2,1,x2/x2,1,x2 1 5", 0, "c5", Expect::Result, "", kWR},
    {"C4", "1,1,x,1,1/2,2,21,2,2/x2,2,x2/x5/x5 1 7", 0, "1c4+", Expect::Result, "", kWR},
    {"C4-mirrored", "x5/x5/x2,2,x2/2,2,21,2,2/1,1,x,1,1 1 7", 0, "1c2-", Expect::Result, "", kWR},
    {"C5", "x6/x,2C,x4/2,2,2,21,2,2/1,1,1,x,1,1/x6/x6 1 8", 0, "d4-", Expect::Result, "", kWR},
    {"C6", "1,1,221C,x,212C/x2,21,1,12/1,111112S,1,211,2/x2,121,1,x/x3,2,x 2 26", 0, "e4-", Expect::Result, "", kWR},
    {"C7", "1S,1S,x/2,2,1/2,2,1 1 5", 0, "c3", Expect::Result, "", kWR},
    {"C8-flat", "1,1,1,1,1,x/x6/x6/x6/x6/2,2,2,2,2,x 1 6", 0, "f6", Expect::Result, "", kWR},
    {"C8-cap", "1,1,1,1,1,x/x6/x6/x6/x6/2,2,2,2,2,x 1 6", 0, "Cf6", Expect::Result, "", kWR},
    {"C8-wall", "1,1,1,1,1,x/x6/x6/x6/x6/2,2,2,2,2,x 1 6", 0, "Sf6", Expect::Result, "", kOngoing},
    {"C9", "2,1,1,1,1,2S/1,12,1,x2,111121C/x,2,2,212,2C,11121/2,2,1,1,12,2/x3,1,1,x/x2,2,21,x,112S 1 36", 0, "",
     Expect::Result, "", kBR},
    {"C10", "x4,1/x5/1,x,1,1,1/x5/2,2,2,2,2 1 6", 0, "", Expect::Result, "", kBR},
    {"C10-refuses-moves", "x4,1/x5/1,x,1,1,1/x5/2,2,2,2,2 1 6", 0, "b5", Expect::Illegal, "", kBR},
    {"D1", "2,1,2/x,2,1/2,1,1 1 5", 0, "a2", Expect::Result, "", kWF},
    {"D2", "x,1,2,1,2/2,2,1,2,1/1,1,2,1,2/1,2,1,2,1/2,1,2,1,2 1 13", 0, "a5", Expect::Result, "", kWF},
    {"D3", "1,2,1,1,1,x/2,2,2,1,21,1/2,2,112C,21S,2,2/2,1,221C,1,12,212/1,1,1,2,1,2/2,2,1,1,2,112S 2 30", 0, "f6",
     Expect::Result, "", kBF},
    {"D4", "1212,x,21/1221,1,x/11212,x,2 1 16", 0, "b1", Expect::Result, "", kWF},
    {"D5", "x2,2/2,2,1/2221,2,2221 1 11", 0, "", Expect::Result, "", kBF},
    {"D6", kD6, 0, "", Expect::Result, "", kOngoing},
    {"D7", kD6, 0, "Ca1", Expect::Result, "", kBF},
    {"D8", kD8, 0, "a5", Expect::Result, "", kDraw},
    {"D9", kD8, 0, "Sa5", Expect::Result, "", kWF},
    {"D10-hk0", kD10, 0, "d4", Expect::Result, "", kDraw},
    {"D10-hk-1", kD10, -1, "d4", Expect::Result, "", kWF},
    {"D10-hk1", kD10, 1, "d4", Expect::Result, "", kBF},
    {"D10-hk2", kD10, 2, "d4", Expect::Result, "", kBF},
    {"D11-hk5", kD11, 5, "b4", Expect::Result, "", kBF},
    {"D11-hk0", kD11, 0, "b4", Expect::Result, "", kWF},
};

// gtest prints the case id instead of the struct's bytes.
void PrintTo(const RuleCase& c, std::ostream* os) { *os << c.id; }

class RulesCase : public ::testing::TestWithParam<RuleCase> {};

TEST_P(RulesCase, MatchesExpectedOutcome) {
  const RuleCase& c = GetParam();
  Position pos = parse_tps(c.before, c.half_komi);
  if (std::string(c.move).empty()) {
    EXPECT_EQ(result_string(pos.result()), result_string(c.result));
    return;
  }
  if (c.kind == Expect::Illegal) {
    bool rejected = false;
    try {
      const Move m = parse_ptn_move(c.move, pos.size());
      rejected = !pos.why_illegal(m).empty();
      if (rejected) {
        EXPECT_THROW(pos.play_checked(m), IllegalMoveError);
      }
      // An illegal move is never in the generated list either.
      for (Move legal : legal_moves(pos)) EXPECT_NE(legal, m);
    } catch (const ParseError&) {
      rejected = true;
    }
    EXPECT_TRUE(rejected) << c.move << " should be refused";
    return;
  }
  const Move m = parse_ptn_move(c.move, pos.size());
  ASSERT_EQ(pos.why_illegal(m), "");
  const auto moves = legal_moves(pos);
  EXPECT_NE(std::find(moves.begin(), moves.end(), m), moves.end()) << "generator misses " << c.move;
  pos.play(m);
  if (c.kind == Expect::Tps) {
    EXPECT_EQ(to_tps(pos), c.tps_after);
  }
  EXPECT_EQ(result_string(pos.result()), result_string(c.result));
  EXPECT_EQ(pos.key(), pos.compute_key());
}

INSTANTIATE_TEST_SUITE_P(ReferenceCases, RulesCase, ::testing::ValuesIn(kCases),
                         [](const ::testing::TestParamInfo<RuleCase>& param_info) {
                           std::string name = param_info.param.id;
                           for (char& ch : name)
                             if (!isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return name;
                         });

// A6: legal-move counts at the start, after one ply, and after two opposite-corner plies.
TEST(RulesCases, A6OpeningMoveCounts) {
  for (int s = 3; s <= 8; ++s) {
    Position pos(s);
    EXPECT_EQ(count_moves(pos), s * s);
    EXPECT_EQ(legal_moves(pos).size(), static_cast<size_t>(s * s));
    pos.play(parse_ptn_move("a" + std::to_string(s), s));
    EXPECT_EQ(count_moves(pos), s * s - 1);
    pos.play(parse_ptn_move(std::string(1, static_cast<char>('a' + s - 1)) + "1", s));
    const int expected = (s >= 5 ? 3 : 2) * (s * s - 2) + 2;
    EXPECT_EQ(count_moves(pos), expected) << s;
    EXPECT_EQ(legal_moves(pos).size(), static_cast<size_t>(expected)) << s;
  }
}

TEST(RulesCases, B14B15AndD6MoveCounts) {
  EXPECT_EQ(count_moves(parse_tps("x5/x2,2S,x2/x2,121,x2/x5/x5 1 4")), 87);
  EXPECT_EQ(count_moves(parse_tps("x8/x8/x8/x8/x8/x8/x8/22221111,2,x6 1 9")), 694);
  EXPECT_EQ(legal_moves(parse_tps("x8/x8/x8/x8/x8/x8/x8/22221111,2,x6 1 9")).size(), 694u);
  const Position d6 = parse_tps(kD6);
  EXPECT_EQ(count_moves(d6), 24);
  for (Move m : legal_moves(d6)) EXPECT_EQ(m.piece(), PieceKind::Cap);
}

// E1: the team's rules have no repetition draw.
TEST(RulesCases, E1RepetitionIsNotADraw) {
  Position pos(5);
  for (const char* m : {"a1", "e5"}) pos.play_checked(parse_ptn_move(m, 5));
  for (int round = 0; round < 3; ++round)
    for (const char* m : {"e5-", "a1+", "e4+", "a2-"}) pos.play_checked(parse_ptn_move(m, 5));
  EXPECT_EQ(pos.result(), GameResult::Ongoing);
}

}  // namespace
}  // namespace bredon
