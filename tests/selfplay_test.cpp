// Search, self-play and shards with a model-free evaluator (no LibTorch).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "core/movegen.h"
#include "core/tps.h"
#include "reference_data.h"
#include "selfplay/heuristic_evaluator.h"
#include "selfplay/search.h"
#include "selfplay/selfplay.h"
#include "selfplay/shard.h"

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
  for (const auto& entry : testing::tactics(file)) {
    if (entry.answers.empty()) {
      ++without_answer;  // every move loses: nothing to find
      continue;
    }
    const Position pos = parse_tps(entry.tps, entry.half_komi);
    const int simulations = 2 * static_cast<int>(legal_moves(pos).size()) + 16;
    const Move m = search_move(pos, algorithm, simulations);
    bool ok = false;
    for (const auto& answer : entry.answers) ok = ok || parse_ptn_move(answer, pos.size()) == m;
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
  EXPECT_TRUE(HeuristicEvaluator::has_immediate_win(parse_tps("x4/x4/x4/1111,x3 1 10")));
  EXPECT_FLOAT_EQ(HeuristicEvaluator::value_of(parse_tps("x4/x4/x4/1111,x3 1 10")), 1.0f);
  // Only black walls and one white flat: filling the last square wins on flats, 2-0.
  EXPECT_TRUE(HeuristicEvaluator::has_immediate_win(parse_tps("2S,2S,2S/2S,2S,2S/2S,1,x 1 10")));
  // The same stack one short of the carry a road needs: no win.
  EXPECT_FALSE(HeuristicEvaluator::has_immediate_win(parse_tps("x4/x4/x4/111,x3 1 10")));
}

TEST(SearchTactics, GumbelFindsEveryRoadWinInOne) { expect_solves("taknn_road_win_in_1.jsonl", SearchAlgorithm::Gumbel); }
TEST(SearchTactics, PuctFindsEveryRoadWinInOne) { expect_solves("taknn_road_win_in_1.jsonl", SearchAlgorithm::Puct); }
TEST(SearchTactics, GumbelBlocksEveryForcedRoad) { expect_solves("taknn_forced_road_block.jsonl", SearchAlgorithm::Gumbel); }
TEST(SearchTactics, PuctBlocksEveryForcedRoad) { expect_solves("taknn_forced_road_block.jsonl", SearchAlgorithm::Puct); }

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

SelfPlayConfig small_selfplay() {
  SelfPlayConfig c;
  c.parallel_games = 4;
  c.full_simulations = 8;
  c.cheap_simulations = 2;
  c.max_plies = 60;
  return c;
}

std::vector<FinishedGame> play(uint64_t seed, int games) {
  HeuristicEvaluator eval;
  SelfPlayRunner runner(4, 0, small_selfplay(), SearchConfig{}, eval, seed, "heuristic");
  std::vector<FinishedGame> out;
  runner.run(games, true, [&](FinishedGame&& g) { out.push_back(std::move(g)); });
  EXPECT_EQ(runner.stats().games, games);
  EXPECT_GT(runner.stats().mean_batch_fill(), 0.0);
  return out;
}

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

std::string temp_dir(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / ("bredon_" + name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir.string();
}

Shard shard_from(const std::vector<FinishedGame>& games) {
  Shard s;
  s.size = 4;
  s.model_id = "heuristic";
  s.config = "game:\n  size: 4\n";
  s.created_unix = 1700000000;
  for (const auto& g : games) {
    for (PositionRecord p : g.positions) {
      p.game = static_cast<int64_t>(s.games.size());
      s.positions.push_back(std::move(p));
    }
    s.games.push_back(g.row);
  }
  return s;
}

TEST(Shard, WriteThenReadGivesBackExactlyWhatWasWritten) {
  const std::string dir = temp_dir("shard_rt");
  const Shard s = shard_from(play(11, 3));
  write_shard(dir + "/a.h5", s);
  const Shard r = read_shard(dir + "/a.h5");
  EXPECT_EQ(r.size, s.size);
  EXPECT_EQ(r.model_id, s.model_id);
  EXPECT_EQ(r.config, s.config);
  EXPECT_EQ(r.created_unix, s.created_unix);
  ASSERT_EQ(r.positions.size(), s.positions.size());
  for (size_t i = 0; i < s.positions.size(); ++i) EXPECT_TRUE(r.positions[i] == s.positions[i]) << i;
  ASSERT_EQ(r.games.size(), s.games.size());
  for (size_t i = 0; i < s.games.size(); ++i) EXPECT_TRUE(r.games[i] == s.games[i]) << i;
  std::filesystem::remove_all(dir);
}

TEST(Shard, AHalfWrittenShardIsNotPickedUpAndATruncatedOneIsRefused) {
  const std::string dir = temp_dir("shard_kill");
  const Shard s = shard_from(play(12, 2));
  write_shard(dir + "/000001.h5", s);
  // A writer killed mid-write leaves only its temporary name.
  std::filesystem::copy_file(dir + "/000001.h5", dir + "/000002.h5.tmp");
  std::filesystem::resize_file(dir + "/000002.h5.tmp", std::filesystem::file_size(dir + "/000001.h5") / 2);
  EXPECT_EQ(list_shards(dir), std::vector<std::string>{dir + "/000001.h5"});
  // A truncated file under a complete name (copied by hand, say) is refused with its name.
  std::filesystem::copy_file(dir + "/000002.h5.tmp", dir + "/000003.h5");
  try {
    read_shard(dir + "/000003.h5");
    FAIL() << "read a truncated shard";
  } catch (const ShardError& e) {
    EXPECT_NE(std::string(e.what()).find("000003.h5"), std::string::npos) << e.what();
  }
  std::filesystem::remove_all(dir);
}

}  // namespace
}  // namespace bredon
