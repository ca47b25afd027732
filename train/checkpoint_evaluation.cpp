#include "train/checkpoint_evaluation.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <memory>

#include "model/checkpoint.h"
#include "selfplay/batched_match.h"
#include "selfplay/nn_evaluator.h"
#include "selfplay/players.h"
#include "train/run_files.h"
#include "train/run_on_threads.h"

namespace bredon {
namespace {

struct Pairing {
  std::string opponent;
  uint64_t seed;
  int games;
  // Plays the match for the new network, given its evaluator.
  std::function<MatchResult(Evaluator& mine, const MatchConfig& mc)> play;
  MatchResult result;
};

}  // namespace

std::vector<std::string> ladder_opponents(const std::vector<std::string>& ladder, int count) {
  std::vector<std::string> out;
  size_t back = 1;
  for (int k = 0; k < count && !ladder.empty(); ++k, back *= 4) {
    const std::string& pick = ladder[ladder.size() - std::min(back, ladder.size())];
    if (!out.empty() && out.back() == pick) break;  // the oldest is already in
    out.push_back(pick);
  }
  return out;
}

void sort_by_iteration(std::vector<std::string>& paths) {
  auto iteration = [](const std::string& path) {
    const std::string stem = std::filesystem::path(path).stem().string();
    const size_t digits = stem.find_last_not_of("0123456789") + 1;
    return digits < stem.size() ? std::stoll(stem.substr(digits)) : -1LL;
  };
  // Names sort as text otherwise, which puts iter_112 before iter_16.
  std::sort(paths.begin(), paths.end(), [&](const std::string& a, const std::string& b) {
    const long long ia = iteration(a), ib = iteration(b);
    return ia != ib ? ia < ib : a < b;
  });
}

int anchor_games(const std::vector<PairResult>& results, const std::string& anchor, int games) {
  for (auto r = results.rbegin(); r != results.rend(); ++r)
    if (r->b == anchor) return r->losses == 0 && r->draws == 0 && r->wins > 0 ? std::max(2, games / 4) : games;
  return games;
}

CheckpointEvaluation evaluate_checkpoint(const std::string& name, TakNet net, const std::vector<std::string>& previous,
                                         const std::vector<int>& games_vs_anchors, const RunConfig& cfg,
                                         int64_t iteration, const std::string& results_path, int threads) {
  const int n = cfg.game.size;
  const uint64_t seed = static_cast<uint64_t>(iteration) * 31;
  std::vector<Pairing> pairings;
  auto my_side = [&](Evaluator& mine) { return SearchSide{&mine, cfg.search, cfg.eval.simulations}; };
  pairings.push_back({rating_anchors()[0], seed, games_vs_anchors.at(0), [&](Evaluator& mine, const MatchConfig& mc) {
                        SearchPlayer me(name, mine, cfg.search, cfg.eval.simulations, 1);
                        RandomPlayer random(static_cast<uint64_t>(iteration));
                        return play_match(me, random, mc);
                      }, {}});
  pairings.push_back({rating_anchors()[1], seed + 1, games_vs_anchors.at(1), [&](Evaluator& mine, const MatchConfig& mc) {
                        RolloutEvaluator rollouts(static_cast<uint64_t>(iteration));
                        SearchSide baseline{&rollouts, SearchConfig{}, cfg.eval.baseline_rollouts};
                        baseline.search.algorithm = SearchAlgorithm::Puct;
                        return play_batched_match(my_side(mine), baseline, mc);
                      }, {}});
  for (size_t k = 0; k < previous.size(); ++k) {
    const std::string path = previous[k];
    pairings.push_back({std::filesystem::path(path).stem().string(), seed + 2 + k, cfg.eval.games,
                        [&, path](Evaluator& mine, const MatchConfig& mc) {
                          LoadedCheckpoint old = load_checkpoint(path, n);
                          old.net->eval();
                          NetworkEvaluator old_eval(old.net);
                          return play_batched_match(my_side(mine), {&old_eval, cfg.search, cfg.eval.simulations}, mc);
                        }, {}});
  }

  // A queue of pairings shared by the threads (their lengths differ a lot).
  std::atomic<size_t> next{0};
  run_on_threads(std::min(threads, static_cast<int>(pairings.size())), [&](int) {
    for (size_t i = next++; i < pairings.size(); i = next++) {
      NetworkEvaluator mine(net);
      MatchConfig mc;
      mc.size = n;
      mc.half_komi = cfg.game.half_komi;
      mc.games = pairings[i].games;
      mc.seed = pairings[i].seed;
      pairings[i].result = pairings[i].play(mine, mc);
    }
  });

  for (const Pairing& p : pairings) {
    char line[512];
    std::snprintf(line, sizeof line,
                  "{\"iteration\": %lld, \"a\": \"%s\", \"b\": \"%s\", \"wins\": %d, \"draws\": %d, \"losses\": %d}",
                  static_cast<long long>(iteration), name.c_str(), p.opponent.c_str(), p.result.wins, p.result.draws,
                  p.result.losses);
    append_line(results_path, line);
  }
  return {pairings[0].result, pairings[1].result};
}

std::vector<Rating> fit_run_ratings(const std::vector<PairResult>& results) {
  std::vector<std::string> checkpoints;
  for (const PairResult& r : results)  // the rated side of every pairing is a checkpoint
    if (std::find(checkpoints.begin(), checkpoints.end(), r.a) == checkpoints.end()) checkpoints.push_back(r.a);
  sort_by_iteration(checkpoints);
  std::map<std::string, std::string> prior_parent;
  for (size_t i = 1; i < checkpoints.size(); ++i) prior_parent[checkpoints[i]] = checkpoints[i - 1];
  return fit_ratings(rating_anchors(), results, 1000.0, prior_parent);
}

std::vector<PairResult> read_results(const std::string& path) {
  std::vector<PairResult> out;
  std::ifstream in(path);
  std::string line;
  auto field = [](const std::string& l, const std::string& key) {
    const size_t k = l.find("\"" + key + "\": ");
    if (k == std::string::npos) return std::string();
    size_t i = k + key.size() + 4;
    if (l[i] == '"') {
      const size_t e = l.find('"', i + 1);
      return l.substr(i + 1, e - i - 1);
    }
    size_t e = i;
    while (e < l.size() && l[e] != ',' && l[e] != '}') ++e;
    return l.substr(i, e - i);
  };
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    try {
      PairResult r{field(line, "a"), field(line, "b"), std::stoi(field(line, "wins")), std::stoi(field(line, "draws")),
                   std::stoi(field(line, "losses"))};
      out.push_back(r);
    } catch (const std::exception&) {
      spdlog::warn("{}: skipping a malformed line (a run killed while writing it?)", path);
    }
  }
  return out;
}

}  // namespace bredon
