// Self-play games: reproducible from their seed, with consistent training targets.
#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/tps.h"
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
