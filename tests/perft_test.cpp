#include <gtest/gtest.h>

#include <algorithm>
#include <cstdlib>
#include <set>

#include "core/perft.h"
#include "core/tps.h"
#include "reference_data.h"
#include "test_util.h"

namespace bredon {
namespace {

// Rows above this many nodes are left to the `long` ctest label (BREDON_PERFT_BUDGET=0).
uint64_t node_budget() {
  const char* env = std::getenv("BREDON_PERFT_BUDGET");
  if (!env) return 20'000'000;
  const uint64_t b = std::strtoull(env, nullptr, 10);
  return b == 0 ? UINT64_MAX : b;
}

TEST(PerftReference, EveryT0RowWithinTheBudget) {
  const auto rows = testing::perft_rows();
  ASSERT_GT(rows.size(), 100u) << "perft.tsv not found or empty under " << testing::data_dir();
  const uint64_t budget = node_budget();
  int checked = 0, skipped = 0;
  for (const auto& row : rows) {
    if (row.convention.find("t0") == std::string::npos) continue;
    if (row.nodes > budget) {
      ++skipped;
      continue;
    }
    Position pos = row.tps == "startpos" ? Position(row.size, row.half_komi) : parse_tps(row.tps, row.half_komi);
    ASSERT_EQ(pos.size(), row.size) << "line " << row.line;
    EXPECT_EQ(perft(pos, row.depth), row.nodes)
        << "perft.tsv line " << row.line << ": " << row.tps << " depth " << row.depth;
    ++checked;
  }
  std::printf("checked %d t0 rows, %d left to the long run\n", checked, skipped);
  EXPECT_GT(checked, 100);
}

TEST(Perft, DivideSumsToTheTotal) {
  Position pos = parse_tps("x5/x5/2S,211C,2C,212S,x/x5/x5 1 7");
  uint64_t sum = 0;
  for (const auto& [m, n] : perft_divide(pos, 3)) sum += n;
  EXPECT_EQ(sum, 175900u);
}

// The generator, the move counter and the legality check are three separate pieces of code;
// on random positions of every size they must agree move for move, and play/undo must restore
// the position exactly with an incremental key equal to a fresh one.
TEST(MoveGen, GeneratorCounterAndLegalityCheckAgree) {
  testing::TestRng rng(2024);
  for (int size = 3; size <= 8; ++size) {
    const std::vector<Move> candidates = testing::all_candidate_moves(size);
    for (int game = 0; game < (testing::kSanitized ? 2 : 6); ++game) {
      Position pos(size, static_cast<int>(rng.below(5)));
      std::vector<Move> moves;
      while (!pos.game_over()) {
        generate_moves(pos, moves);
        ASSERT_EQ(static_cast<int>(moves.size()), count_moves(pos)) << to_tps(pos);
        std::set<Move> generated(moves.begin(), moves.end());
        ASSERT_EQ(generated.size(), moves.size()) << "duplicate moves in " << to_tps(pos);
        // The exhaustive cross-check is costly on big boards: every other position is enough.
        if (pos.ply() % 2 == 0) {
          for (Move m : candidates)
            ASSERT_EQ(pos.why_illegal(m).empty(), generated.count(m) == 1) << to_tps(pos) << " " << to_ptn(m);
        }
        const Position before = pos;
        for (Move m : moves) {
          const UndoRecord u = pos.play(m);
          ASSERT_EQ(pos.key(), pos.compute_key()) << to_tps(before) << " " << to_ptn(m);
          ASSERT_EQ(pos.result(), pos.compute_result(before.side_to_move())) << to_tps(before) << " " << to_ptn(m);
          pos.undo(u);
          ASSERT_TRUE(pos == before) << to_tps(before) << " " << to_ptn(m);
        }
        // Favour spreads so stacks grow tall.
        Move pick = moves[rng.below(moves.size())];
        for (int tries = 0; tries < 3 && pick.is_placement(); ++tries) pick = moves[rng.below(moves.size())];
        pos.play(pick);
      }
    }
  }
}

}  // namespace
}  // namespace bredon
