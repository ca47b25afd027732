// The bot's hard level: batches under virtual loss on several threads, the tree kept between
// moves, and the solver's forced wins first.
#include <gtest/gtest.h>

#include <set>

#include "core/movegen.h"
#include "core/tps.h"
#include "data/tactics_suite.h"
#include "reference_data.h"
#include "search/bot_search.h"
#include "search/heuristic_evaluator.h"
#include "test_util.h"

namespace bredon {
namespace {

// The heuristic as if it were a network: batches of 8 and a copy per thread.
class BatchedHeuristic : public HeuristicEvaluator {
 public:
  int preferred_batch() const override { return 8; }
  std::unique_ptr<Evaluator> clone() const override { return std::make_unique<BatchedHeuristic>(); }
};

// The forced-road suite's positions the sanitized builds search: one in kStride.
constexpr int kStride = 4;

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
  int index = 0, total = 0, blocked = 0;
  for (const TacticsEntry& e : read_tactics(testing::data_dir() + "/tactics/taknn_forced_road_block.jsonl")) {
    if (e.answers.empty() || !testing::in_sample(index++, kStride)) continue;
    const Position pos = parse_tps(e.tps, e.half_komi);
    BatchedHeuristic eval;
    Thinker thinker(1, 2);
    const int64_t nodes = 4 * static_cast<int64_t>(legal_moves(pos).size()) + 64;
    const Move m = thinker.think(pos, eval, Level::Hard, -1, nodes, nullptr, 1, nullptr);
    const bool ok = is_an_answer(e, m);
    ++total;
    blocked += ok;
    if (!ok) ADD_FAILURE() << e.id << " " << e.tps << ": played " << to_ptn(m);
  }
  EXPECT_GE(total, testing::kSanitized ? 55 / kStride : 55);
  EXPECT_EQ(blocked, total);
}

// With one evaluation (no search to speak of) the hard level still blocks every road threat:
// the solver's check on the chosen move makes way for a move that gives no forced win away.
// Medium, the same single evaluation without the check, fails to block some of them.
TEST(Thinker, HardNeverHandsOverARoadTheSolverSees) {
  int total = 0, hard_blocked = 0, medium_blocked = 0;
  auto blocks = [](Position pos, Move m) {
    const Color mover = pos.side_to_move();
    pos.play(m);
    return pos.game_over() ? result_sign_for(pos.result(), mover) >= 0 : immediate_win_index(pos, legal_moves(pos)) < 0;
  };
  int index = 0;
  for (const TacticsEntry& e : read_tactics(testing::data_dir() + "/tactics/taknn_forced_road_block.jsonl")) {
    if (e.answers.empty()) continue;  // every move loses (the suite lists none that holds)
    if (!testing::in_sample(index++, kStride)) continue;
    const Position pos = parse_tps(e.tps, e.half_komi);
    HeuristicEvaluator eval;
    ThinkInfo info;
    const Move hard = Thinker(1, 1).think(pos, eval, Level::Hard, -1, 1, nullptr, 1, [&](const ThinkInfo& i) { info = i; });
    const Move medium = Thinker(1, 1).think(pos, eval, Level::Medium, -1, 1, nullptr, 1, nullptr);
    ++total;
    hard_blocked += blocks(pos, hard);
    medium_blocked += blocks(pos, medium);
    if (!blocks(pos, hard)) ADD_FAILURE() << e.id << " " << e.tps << ": hard played " << to_ptn(hard);
    // The same single evaluation chose medium's move; the solver's win or its check made hard's differ.
    if (!info.solved) {
      EXPECT_EQ(info.safety_vetoes, hard == medium ? 0 : 1) << e.id;
    }
  }
  EXPECT_GE(total, testing::kSanitized ? 55 / kStride : 55);
  EXPECT_EQ(hard_blocked, total);
  EXPECT_LT(medium_blocked, total) << "medium blocked every threat: the test shows nothing";
}

// Black to move after 27. 2b4>11 of a 4x4 game against Tiltak: most of the tree is decided
// within a few plies. gather() once walked decided playouts for seconds under the tree's lock
// without looking at the clock (5.8 s of a 1 s move, a forfeit); each call now hands the turn
// back after at most `max_leaves` of them.
TEST(Search, GatherHandsBackAfterABatchOfDecidedPlayouts) {
  Position pos(4);
  for (const char* m : {"d1", "d4", "c4", "b3", "b4", "a4", "a3", "a4>", "c3", "b2", "c4<", "b3+", "b3", "2b4-",
                        "c3<", "b2+", "a3>", "2b4-", "Sb2", "Sc3", "b2+", "b1", "3b3-12", "c3<", "c4", "d2", "b4",
                        "a4", "a3", "a4>", "Sa4", "2b4>", "d4<", "d4", "2c4>", "Sd3", "Sb4", "d3+", "c1", "3d4<",
                        "d3", "4b3>22", "b4-", "a2", "2b3>", "a1", "b2<", "c2", "3c3-", "2c4-", "2b3+", "b2", "2b4>11"})
    pos.play(parse_ptn_move(m, 4));
  SearchConfig cfg;
  cfg.algorithm = SearchAlgorithm::Puct;
  Search search(cfg, 1);
  search.reset(pos);
  search.begin(1 << 30, false);
  HeuristicEvaluator eval;
  std::vector<size_t> slots;
  std::vector<EvalRequest> requests;
  std::vector<EvalResult> results;
  auto visits = [&] {
    uint32_t n = 0;
    for (const auto& [move, v] : search.root_visits()) n += v;
    return n;
  };
  constexpr int kLeaves = 32;
  uint32_t most = 0;
  for (int call = 0; call < 300 && !search.finished(); ++call) {
    const uint32_t before = visits();
    slots.clear();
    search.gather(kLeaves, slots);
    requests.clear();
    for (size_t slot : slots) requests.push_back(search.slot_request(slot));
    eval.evaluate(requests, results);
    for (size_t i = 0; i < slots.size(); ++i) search.provide_slot(results[i], slots[i]);
    most = std::max(most, visits() - before);
  }
  EXPECT_LE(most, 2u * kLeaves);  // at most kLeaves evaluated and kLeaves decided
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

// Easy samples its move and medium plays the policy's favourite, yet a road in one that the
// root search proves is played at every level: a person is never shown a win passed over.
TEST(Thinker, EveryLevelTakesARoadInOne) {
  int total = 0;
  for (const TacticsEntry& e : read_tactics(testing::data_dir() + "/tactics/taknn_road_win_in_1.jsonl")) {
    const Position pos = parse_tps(e.tps, e.half_komi);
    HeuristicEvaluator eval;
    for (Level level : {Level::Easy, Level::Medium})
      for (uint64_t seed = 1; seed <= 3; ++seed) {
        Position after = pos;
        const Move m = Thinker(seed, 1).think(pos, eval, level, -1, 1, nullptr, seed, nullptr);
        after.play(m);
        ++total;
        EXPECT_TRUE(after.game_over() && result_sign_for(after.result(), pos.side_to_move()) > 0)
            << level_name(level) << " seed " << seed << " " << e.id << " " << e.tps << ": played " << to_ptn(m);
      }
  }
  EXPECT_GE(total, 6 * 60);
}

// On 3x3 the favourite move is perfect play, so medium samples there (as easy does elsewhere) and
// easy samples uniformly; on larger boards medium plays the favourite whatever the seed.
TEST(Thinker, LowerLevelsSampleOneNotchLooserOn3x3) {
  HeuristicEvaluator eval;
  auto moves_over_seeds = [&](const Position& pos, Level level, uint64_t seeds) {
    std::set<std::string> seen;
    for (uint64_t seed = 1; seed <= seeds; ++seed)
      seen.insert(to_ptn(Thinker(seed, 1).think(pos, eval, level, -1, 1, nullptr, seed, nullptr)));
    return seen;
  };
  const Position middle3 = parse_tps("x,1,x/x,2,x/x3 1 2");
  EXPECT_GT(moves_over_seeds(middle3, Level::Medium, 40).size(), 1u);
  EXPECT_EQ(moves_over_seeds(Position(3), Level::Easy, 180).size(), legal_moves(Position(3)).size());
  const Position middle4 = parse_tps("x4/x,2,1,x/x,1,2,x/x4 1 3");
  EXPECT_EQ(moves_over_seeds(middle4, Level::Medium, 40).size(), 1u);
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
