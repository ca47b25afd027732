// A few short self-play games with the heuristic evaluator, for the self-play and shard tests.
#pragma once

#include <gtest/gtest.h>

#include <vector>

#include "search/heuristic_evaluator.h"
#include "selfplay/selfplay.h"

namespace bredon::testing {

inline SelfPlayConfig small_selfplay() {
  SelfPlayConfig c;
  c.parallel_games = 4;
  c.full_simulations = 8;
  c.cheap_simulations = 2;
  c.max_plies = 60;
  return c;
}

inline std::vector<FinishedGame> play(uint64_t seed, int games) {
  HeuristicEvaluator eval;
  SelfPlayRunner runner(4, 0, small_selfplay(), SearchConfig{}, eval, seed, "heuristic");
  std::vector<FinishedGame> out;
  runner.run(games, true, [&](FinishedGame&& g) { out.push_back(std::move(g)); });
  EXPECT_EQ(runner.stats().games, games);
  EXPECT_GT(runner.stats().mean_batch_fill(), 0.0);
  return out;
}

}  // namespace bredon::testing
