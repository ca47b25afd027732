// Action index, symmetries and input planes (no LibTorch needed).
#include <gtest/gtest.h>

#include <set>

#include "core/tps.h"
#include "model/action_index.h"
#include "model/encoding.h"
#include "model/symmetry.h"
#include "test_util.h"

namespace bredon {
namespace {

using testing::TestRng;

TEST(ActionIndex, SizesMatchTheDesign) {
  EXPECT_EQ(action_count(5), 3075);
  EXPECT_EQ(action_count(6), 9036);
  for (int n = 3; n <= 8; ++n) {
    std::set<int> seen;
    for (int a = 0; a < action_count(n); ++a) {
      EXPECT_EQ(action_of(move_of_action(a, n), n), a);
      seen.insert(move_of_action(a, n).bits());
    }
    EXPECT_EQ(seen.size(), static_cast<size_t>(action_count(n)));
  }
}

void visit(Position& pos, int depth, std::set<int>& indices_seen) {
  const auto moves = legal_moves(pos);
  std::set<int> here;
  for (Move m : moves) {
    const int a = action_of(m, pos.size());
    ASSERT_GE(a, 0);
    ASSERT_LT(a, action_count(pos.size()));
    ASSERT_TRUE(here.insert(a).second) << "two moves share index " << a;
    ASSERT_EQ(move_of_action(a, pos.size()), m);
    indices_seen.insert(a);
  }
  if (depth == 0) return;
  for (Move m : moves) {
    const UndoRecord u = pos.play(m);
    visit(pos, depth - 1, indices_seen);
    pos.undo(u);
  }
}

// Every legal move of every position in a depth-3 tree (from the start and from a middle-game
// position with stacks) maps to a unique index and back to the same move.
TEST(ActionIndex, BijectionOverDepthThreeTrees) {
  for (int n = 3; n <= 8; ++n) {
    std::set<int> seen;
    Position start(n);
    visit(start, n >= 7 ? 2 : 3, seen);
    TestRng rng(static_cast<uint64_t>(n));
    Position mid(n);
    do {
      mid = Position(n);
      testing::play_random(mid, 5 * n, rng);
    } while (mid.game_over());
    visit(mid, n >= 7 ? 2 : 3, seen);
    EXPECT_GT(seen.size(), static_cast<size_t>(3 * n * n));
  }
}

TEST(ActionIndex, LegalMaskMarksExactlyTheLegalMoves) {
  const Position pos = parse_tps("x5/x2,2S,x2/x2,121,x2/x5/x5 1 4");
  std::vector<uint8_t> mask;
  legal_action_mask(pos, mask);
  int ones = 0;
  for (uint8_t b : mask) ones += b;
  EXPECT_EQ(ones, 87);
}

TEST(Symmetry, GroupLaws) {
  for (int n = 3; n <= 8; ++n)
    for (int s = 0; s < kSymmetries; ++s)
      for (int a = 0; a < action_count(n); a += 7) {
        const int t = transform_action(a, s, n);
        EXPECT_EQ(transform_action(t, inverse_symmetry(s), n), a);
      }
  // The 8 images of a corner-adjacent square are distinct where the square is not symmetric.
  std::set<Square> images;
  for (int s = 0; s < kSymmetries; ++s) images.insert(transform_square(make_square(1, 0), s, 5));
  EXPECT_EQ(images.size(), 8u);
}

// On random positions of every size: encoding a transformed position equals transforming the
// encoding (and encoding under the symmetry directly), and transformed legal moves are exactly the legal moves of the
// transformed position.
TEST(Symmetry, CommutesWithPlanesAndActions) {
  TestRng rng(77);
  for (int n = 3; n <= 8; ++n) {
    for (int game = 0; game < 6; ++game) {
      Position pos(n, static_cast<int>(rng.below(5)));
      testing::play_random(pos, static_cast<int>(rng.below(static_cast<size_t>(8 * n))), rng);
      const std::vector<float> planes = encode_position(pos);
      std::vector<uint8_t> mask;
      legal_action_mask(pos, mask);
      for (int s = 0; s < kSymmetries; ++s) {
        const Position t = transform_position(pos, s);
        EXPECT_EQ(t.result(), pos.result());
        EXPECT_EQ(t.reserves(Color::White).stones, pos.reserves(Color::White).stones);
        EXPECT_EQ(t.half_komi(), pos.half_komi());
        std::vector<float> expected(planes.size());
        transform_planes(planes.data(), expected.data(), input_channels(n), s, n);
        ASSERT_EQ(encode_position(t), expected) << to_tps(pos) << " sym " << s;
        std::vector<float> direct(planes.size());
        encode_position(pos, s, direct.data());
        ASSERT_EQ(direct, expected) << "encoding under symmetry " << s << ": " << to_tps(pos);
        std::vector<uint8_t> tmask;
        legal_action_mask(t, tmask);
        for (int a = 0; a < action_count(n); ++a)
          ASSERT_EQ(mask[static_cast<size_t>(a)], tmask[static_cast<size_t>(transform_action(a, s, n))])
              << to_tps(pos) << " sym " << s << " " << to_ptn(move_of_action(a, n));
      }
    }
  }
}

TEST(Encoding, PlanesFollowTheDocumentedTable) {
  // Black to move; c3 = white, black, white top (3 high); komi 2.
  const Position pos = parse_tps("x5/x5/x2,121,x2/x5/x4,2C 2 5", 4);
  const std::vector<float> p = encode_position(pos);
  const int n = 5, area = 25, layers = stack_layers_shown(n);
  const int c3 = 2 * n + 2;
  auto at = [&](int ch, int i) { return p[static_cast<size_t>(ch * area + i)]; };
  EXPECT_EQ(at(3, c3), 1.0f);               // the opponent's (white's) top flat
  EXPECT_EQ(at(6 + 0, c3), 1.0f);           // one below the top: black = mine
  EXPECT_EQ(at(6 + layers + 1, c3), 1.0f);  // two below: white = theirs
  EXPECT_EQ(at(2, 4), 1.0f);                // my capstone on e1
  const int g = 6 + 2 * layers + 2;
  EXPECT_FLOAT_EQ(at(g + 0, 0), 20.0f / 21.0f);  // my (black) stones: one is in c3
  EXPECT_EQ(at(g + 2, 0), 0.0f);                 // my capstone is on e1
  EXPECT_EQ(at(g + 4, 0), 0.0f);                 // black to move
  // Flats: white 1 (c3 top), black 0 (e1 is a cap); my komi +2 -> (0 - 1 + 2) / 5.
  EXPECT_FLOAT_EQ(at(g + 5, 0), 1.0f / 5.0f);
  EXPECT_EQ(at(g + 8, 7), 1.0f);  // the constant plane
}

}  // namespace
}  // namespace bredon
