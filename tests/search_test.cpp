// The search: tactics it must find with the model-free evaluator, Gumbel's schedule, subtree reuse.
#include <gtest/gtest.h>

#include "core/movegen.h"
#include "core/tps.h"
#include "data/tactics_suite.h"
#include "reference_data.h"
#include "search/heuristic_evaluator.h"
#include "search/search.h"

namespace bredon {
namespace {

Move search_move(const Position& pos, SearchAlgorithm algorithm, int simulations) {
  SearchConfig cfg;
  cfg.algorithm = algorithm;
  // With uniform priors, every move must get a first look: Gumbel considers them all, PUCT
  // uses an optimistic first-play urgency.
  cfg.gumbel_considered = 1024;
  cfg.fpu_reduction = -2.0f;
  Search search(cfg, 1);
  search.reset(pos);
  search.begin(simulations, false);
  HeuristicEvaluator eval;
  std::vector<EvalResult> results;
  while (search.step() == Search::Step::NeedsEval) {
    eval.evaluate({search.request()}, results);
    search.provide(results[0]);
  }
  return search.chosen_move();
}

void expect_solves(const std::string& file, SearchAlgorithm algorithm) {
  int solved = 0, total = 0, without_answer = 0;
  for (const auto& entry : read_tactics(testing::data_dir() + "/tactics/" + file)) {
    if (entry.answers.empty()) {
      ++without_answer;  // every move loses: nothing to find
      continue;
    }
    const Position pos = parse_tps(entry.tps, entry.half_komi);
    const int simulations = 2 * static_cast<int>(legal_moves(pos).size()) + 16;
    const Move m = search_move(pos, algorithm, simulations);
    bool ok = is_an_answer(entry, m);
    // A few road-in-1 positions are also won at once on flats (the mover places its last
    // stone): any immediately winning move is a solution.
    Position after = pos;
    after.play(m);
    const int me = pos.side_to_move() == Color::White ? 1 : -1;
    if (entry.id.find("road_win") != std::string::npos && result_sign(after.result()) == me) ok = true;
    ++total;
    if (ok) {
      ++solved;
    } else {
      ADD_FAILURE() << entry.id << " " << entry.tps << ": played " << to_ptn(m);
    }
  }
  EXPECT_EQ(total + without_answer, 60);
  EXPECT_GE(total, 55);
  EXPECT_EQ(solved, total);
}

TEST(HeuristicEvaluator, SeesWinsThatSpreadsAndTheLastSquareMake) {
  // One white top, but spreading three of a1's four white stones east builds a1-d1.
  EXPECT_TRUE(has_immediate_win(parse_tps("x4/x4/x4/1111,x3 1 10")));
  EXPECT_FLOAT_EQ(HeuristicEvaluator::value_of(parse_tps("x4/x4/x4/1111,x3 1 10")), 1.0f);
  // Only black walls and one white flat: filling the last square wins on flats, 2-0.
  EXPECT_TRUE(has_immediate_win(parse_tps("2S,2S,2S/2S,2S,2S/2S,1,x 1 10")));
  // The same stack one short of the carry a road needs: no win.
  EXPECT_FALSE(has_immediate_win(parse_tps("x4/x4/x4/111,x3 1 10")));
}

TEST(SearchTactics, GumbelFindsEveryRoadWinInOne) {
  expect_solves("taknn_road_win_in_1.jsonl", SearchAlgorithm::Gumbel);
}
TEST(SearchTactics, PuctFindsEveryRoadWinInOne) { expect_solves("taknn_road_win_in_1.jsonl", SearchAlgorithm::Puct); }
TEST(SearchTactics, GumbelBlocksEveryForcedRoad) {
  expect_solves("taknn_forced_road_block.jsonl", SearchAlgorithm::Gumbel);
}
TEST(SearchTactics, PuctBlocksEveryForcedRoad) {
  expect_solves("taknn_forced_road_block.jsonl", SearchAlgorithm::Puct);
}

TEST(Gumbel, ConsideredVisitSequenceMatchesSequentialHalving) {
  EXPECT_EQ(considered_visit_sequence(4, 16), (std::vector<int>{0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5}));
  EXPECT_EQ(considered_visit_sequence(1, 4), (std::vector<int>{0, 1, 2, 3}));
}

TEST(Search, ReusesTheSubtreeOfTheMovePlayed) {
  SearchConfig cfg;
  Search search(cfg, 3);
  Position pos = parse_tps("x4/x4/x4/2,x2,1 1 2");
  search.reset(pos);
  search.begin(200, true);
  HeuristicEvaluator eval;
  std::vector<EvalResult> results;
  while (search.step() == Search::Step::NeedsEval) {
    eval.evaluate({search.request()}, results);
    search.provide(results[0]);
  }
  const Move m = search.chosen_move();
  uint32_t child_visits = 0;
  for (const auto& [mv, n] : search.root_visits())
    if (mv == m) child_visits = n;
  const size_t before = search.node_count();
  search.advance(m);
  EXPECT_LT(search.node_count(), before);
  uint32_t kept = 0;
  for (const auto& [mv, n] : search.root_visits()) kept += n;
  EXPECT_GT(kept, 0u);
  EXPECT_LT(kept, child_visits);  // the kept root's children hold its visits minus its own expansion
  pos.play(m);
  EXPECT_EQ(to_tps(search.root_position()), to_tps(pos));
}

}  // namespace
}  // namespace bredon
