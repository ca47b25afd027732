#include "search/bot_search.h"

#include <chrono>
#include <cmath>
#include <random>
#include <stdexcept>

#include "core/movegen.h"
#include "search/eval_batch.h"
#include "search/search.h"

namespace bredon {

Level parse_level(const std::string& text) {
  if (text == "easy") return Level::Easy;
  if (text == "medium") return Level::Medium;
  if (text == "hard") return Level::Hard;
  throw std::invalid_argument("level must be easy, medium or hard, not '" + text + "'");
}

std::string level_name(Level level) {
  return level == Level::Easy ? "easy" : level == Level::Medium ? "medium" : "hard";
}

int centipawns(float value) {
  const double q = std::max(-0.999, std::min(0.999, static_cast<double>(value)));
  return static_cast<int>(std::lround(290.680623072 * std::tan(1.548090806 * q)));
}

Move think(const Position& pos, Evaluator& evaluator, Level level, int64_t time_ms, int64_t nodes,
           const std::atomic<bool>* stop, uint64_t seed, const std::function<void(const ThinkInfo&)>& on_info) {
  using Clock = std::chrono::steady_clock;
  // Easy and medium look at one evaluation only (plus immediate wins, which the search proves
  // at the root): medium plays the policy's favourite, easy samples from the softened policy.
  if (level != Level::Hard) nodes = 1;
  const auto start = Clock::now();
  auto ms = [&] { return std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - start).count(); };
  SearchConfig cfg;
  cfg.algorithm = SearchAlgorithm::Puct;  // anytime: stops cleanly whenever the clock says
  Search search(cfg, seed);
  search.reset(pos);
  search.begin(1 << 30, false);
  EvalBatch batch;
  ThinkInfo info;
  auto report = [&] {
    info.time_ms = ms();
    info.value = search.root_value();
    info.pv = search.principal_variation(12);
    if (on_info) on_info(info);
  };
  auto last_info = start;
  while (!(stop && *stop)) {
    if (nodes >= 0 && info.nodes >= nodes) break;
    if (time_ms >= 0 && ms() >= time_ms) break;
    if (search.step() != Search::Step::NeedsEval) break;
    batch.add(search);
    batch.compute(evaluator);
    ++info.nodes;
    if (std::chrono::duration<double>(Clock::now() - last_info).count() > 0.5) {
      report();
      last_info = Clock::now();
    }
  }
  Move best = search.chosen_move();
  if (level == Level::Easy) {
    // Easy: sample from one evaluation's prior, softened, so it makes real mistakes.
    const auto prior = search.policy_target();
    if (!prior.empty()) {
      std::mt19937_64 rng(seed * 7919 + 1);
      std::vector<double> w;
      for (const auto& entry : prior) w.push_back(std::pow(static_cast<double>(entry.second), 0.5) + 0.02);
      best = prior[std::discrete_distribution<size_t>(w.begin(), w.end())(rng)].first;
    }
  }
  if (best.is_null()) best = legal_moves(pos).front();
  report();
  return best;
}

}  // namespace bredon
