// The bot's hard level: batches under virtual loss on several threads, the tree kept between
// moves, and the solver's forced wins first.
#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/tps.h"
#include "data/tactics_suite.h"
#include "reference_data.h"
#include "search/bot_search.h"
#include "search/heuristic_evaluator.h"

namespace bredon {
namespace {

// The heuristic as if it were a network: batches of 8 and a copy per thread.
class BatchedHeuristic : public HeuristicEvaluator {
 public:
  int preferred_batch() const override { return 8; }
  std::unique_ptr<Evaluator> clone() const override { return std::make_unique<BatchedHeuristic>(); }
};

TEST(Search, BatchedLeavesLeaveNoVirtualLossBehind) {
  SearchConfig cfg;
  cfg.algorithm = SearchAlgorithm::Puct;
  Search search(cfg, 1);
  search.reset(parse_tps("x4/x,2,1,x/x,1,2,x/x4 1 3"));
  search.begin(400, false);
  HeuristicEvaluator eval;
  std::vector<EvalResult> results;
  size_t largest = 0;
  while (search.step(8) == Search::Step::NeedsEval) {
    largest = std::max(largest, search.pending());
    std::vector<EvalRequest> requests;
    for (size_t i = 0; i < search.pending(); ++i) requests.push_back(search.request(i));
    eval.evaluate(requests, results);
    for (size_t i = 0; i < requests.size(); ++i) search.provide(results[i], i);
  }
  EXPECT_EQ(largest, 8u);
  // Every playout is counted once at the root and once in its child: nothing virtual remains.
  uint32_t child_visits = 0;
  for (const auto& [move, visits] : search.root_visits()) child_visits += visits;
  EXPECT_EQ(child_visits, 400u);
  for (float q : search.root_child_values()) EXPECT_LE(std::abs(q), 1.0f);
}

TEST(Thinker, ThreadsAndBatchesStillBlockEveryForcedRoad) {
  int total = 0, blocked = 0;
  for (const TacticsEntry& e : read_tactics(testing::data_dir() + "/tactics/taknn_forced_road_block.jsonl")) {
    if (e.answers.empty()) continue;
    const Position pos = parse_tps(e.tps, e.half_komi);
    BatchedHeuristic eval;
    Thinker thinker(1, 2);
    const int64_t nodes = 4 * static_cast<int64_t>(legal_moves(pos).size()) + 64;
    const Move m = thinker.think(pos, eval, Level::Hard, -1, nodes, nullptr, 1, nullptr);
    bool ok = false;
    for (const auto& a : e.answers) ok = ok || parse_ptn_move(a, pos.size()) == m;
    ++total;
    blocked += ok;
    if (!ok) ADD_FAILURE() << e.id << " " << e.tps << ": played " << to_ptn(m);
  }
  EXPECT_GE(total, 55);
  EXPECT_EQ(blocked, total);
}

TEST(Thinker, KeepsItsTreeAcrossTheOpponentsReply) {
  BatchedHeuristic eval;
  Thinker thinker(1, 2);
  Position pos = parse_tps("x4/x,2,1,x/x,1,2,x/x4 1 3");
  ThinkInfo first, second;
  const Move mine = thinker.think(pos, eval, Level::Hard, -1, 3000, nullptr, 1, [&](const ThinkInfo& i) { first = i; });
  EXPECT_EQ(first.tree_nodes_kept, 0);
  pos.play(mine);
  pos.play(legal_moves(pos).front());
  thinker.think(pos, eval, Level::Hard, -1, 3000, nullptr, 1, [&](const ThinkInfo& i) { second = i; });
  EXPECT_GT(second.tree_nodes_kept, 0);
  // A position the tree never saw starts over.
  ThinkInfo third;
  thinker.think(Position(4), eval, Level::Hard, -1, 100, nullptr, 1, [&](const ThinkInfo& i) { third = i; });
  EXPECT_EQ(third.tree_nodes_kept, 0);
}

TEST(Thinker, HardPlaysTheSolversForcedWin) {
  // Tiltak's tinue_5ply_test: 2f4-11 forces a road in 5 plies; the heuristic search alone with
  // 200 playouts need not see it.
  const Position pos =
      parse_tps("2,2,2,2,1S,1/x3,2,1,1/x2,2,2,x,21C/x,1,12C,1,x,1/x2,1S,2,12S,22121S/x2,2,x,1,1 1 20");
  BatchedHeuristic eval;
  ThinkInfo info;
  const Move m = Thinker(1, 2).think(pos, eval, Level::Hard, -1, 200, nullptr, 1, [&](const ThinkInfo& i) { info = i; });
  EXPECT_TRUE(info.solved);
  EXPECT_EQ(to_ptn(m), "2f4-11");
}

}  // namespace
}  // namespace bredon
