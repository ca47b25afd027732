// Self-play games: reproducible from their seed, with consistent training targets.
#include <gtest/gtest.h>

#include <cmath>

#include "core/movegen.h"
#include "core/tps.h"
#include "selfplay/policy_surprise.h"
#include "selfplay_games.h"

namespace bredon {
namespace {

using testing::play;

TEST(SelfPlay, SameSeedSameGamesOtherSeedOtherGames) {
  const auto a = play(42, 6), b = play(42, 6), c = play(43, 6);
  ASSERT_EQ(a.size(), 6u);
  std::vector<std::string> pa, pb, pc;
  for (const auto& g : a) pa.push_back(g.row.ptn);
  for (const auto& g : b) pb.push_back(g.row.ptn);
  for (const auto& g : c) pc.push_back(g.row.ptn);
  std::sort(pa.begin(), pa.end());
  std::sort(pb.begin(), pb.end());
  std::sort(pc.begin(), pc.end());
  EXPECT_EQ(pa, pb);
  EXPECT_NE(pa, pc);
}

TEST(SelfPlay, RecordsConsistentTargets) {
  for (const auto& g : play(7, 4)) {
    ASSERT_FALSE(g.positions.empty());
    for (const auto& p : g.positions) {
      const Position pos = parse_tps(p.tps);
      EXPECT_EQ(p.policy_actions.size(), legal_moves(pos).size());
      float total = 0;
      for (float x : p.policy_probs) total += x;
      EXPECT_NEAR(total, 1.0f, 1e-4);
      EXPECT_EQ(p.moves_left, g.row.length - p.ply);
    }
  }
}

TEST(PolicySurprise, IsTheKlDivergenceOfTheTargetFromThePrior) {
  const Move a = Move::place(make_square(0, 0), PieceKind::Flat), b = Move::place(make_square(1, 0), PieceKind::Flat),
             c = Move::place(make_square(2, 0), PieceKind::Flat);
  // 0.5 ln(0.5 / 0.25) + 0.5 ln(0.5 / 0.75), with the prior listed in another order.
  EXPECT_NEAR(policy_surprise({{a, 0.5f}, {b, 0.5f}}, {{b, 0.75f}, {a, 0.25f}}), 0.5 * std::log(2.0) + 0.5 * std::log(2.0 / 3),
              1e-6);
  EXPECT_NEAR(policy_surprise({{a, 0.2f}, {b, 0.8f}}, {{a, 0.2f}, {b, 0.8f}}), 0.0, 1e-7);
  // Moves the target leaves at 0 add nothing; a move the prior lacks counts as 1e-6.
  EXPECT_NEAR(policy_surprise({{a, 1.0f}, {c, 0.0f}}, {{a, 0.5f}, {c, 0.5f}}), std::log(2.0), 1e-6);
  EXPECT_NEAR(policy_surprise({{c, 1.0f}}, {{a, 1.0f}}), std::log(1e6), 1e-3);
}

TEST(PolicySurprise, SelfPlayRecordsItForFullSearchesOnly) {
  int surprised = 0;
  for (const auto& g : play(7, 4))
    for (const auto& p : g.positions) {
      if (!p.full_search) {
        EXPECT_EQ(p.policy_surprise, 0.0f);
        continue;
      }
      EXPECT_GE(p.policy_surprise, 0.0f);
      EXPECT_TRUE(std::isfinite(p.policy_surprise));
      surprised += p.policy_surprise > 0.01f;
    }
  EXPECT_GT(surprised, 10);  // the searches do move away from the heuristic's prior
}

}  // namespace
}  // namespace bredon

#include <set>

#include "selfplay/selfplay_pool.h"

namespace bredon {
namespace {

// The pool's workers play on their own threads (ThreadSanitizer runs this): every game arrives
// once, with its own number, and the totals add up.
TEST(SelfPlayPool, WorkersOnThreadsDeliverEveryGameOnce) {
  SelfPlayPool pool(2, 3, 0, testing::small_selfplay(), SearchConfig{},
                    [] { return std::make_unique<HeuristicEvaluator>(); }, 5, "heuristic", 100);
  std::set<int64_t> ids;
  int progress_calls = 0;
  const PoolResult r = pool.play(
      12, true, [&](FinishedGame&& g) { EXPECT_TRUE(ids.insert(g.row.id).second) << g.row.id; },
      [&](const SelfPlayStats&) { ++progress_calls; });
  EXPECT_EQ(ids.size(), 12u);
  EXPECT_EQ(r.stats.games, 12);
  EXPECT_GT(r.stats.positions, 12);
  EXPECT_GT(progress_calls, 0);
  for (int64_t id : ids) EXPECT_GE(id, 100);
}

}  // namespace
}  // namespace bredon
