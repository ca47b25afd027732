#include "train/checkpoint_evaluation.h"

#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <map>

#include <nlohmann/json.hpp>

#include "arena/player_factory.h"
#include "util/run_files.h"
#include "util/run_on_threads.h"

namespace bredon {
namespace {

struct Pairing {
  std::string opponent;  // its name in the results
  std::string player;    // the player it is
  uint64_t seed;
  int games;
  MatchResult result;
  bool finished = false;  // every game played
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

std::vector<std::string> run_checkpoints(const std::string& run_dir) {
  std::vector<std::string> out;
  std::error_code ec;
  for (const auto& e : std::filesystem::directory_iterator(run_dir + "/checkpoints", ec))
    if (e.path().extension() == ".ckpt") out.push_back(e.path().string());
  sort_by_iteration(out);
  return out;
}

int anchor_games(const std::vector<PairResult>& results, const std::string& anchor, int games) {
  for (auto r = results.rbegin(); r != results.rend(); ++r)
    if (r->b == anchor) return r->losses == 0 && r->draws == 0 && r->wins > 0 ? std::max(2, games / 4) : games;
  return games;
}

CheckpointEvaluation evaluate_checkpoint(const std::string& name, TakNet net, const std::vector<std::string>& previous,
                                         const std::vector<int>& games_vs_anchors, const RunConfig& cfg,
                                         int64_t iteration, const std::string& results_path, int threads,
                                         const std::function<bool()>& stop_requested) {
  const auto stop = [&] { return stop_requested && stop_requested(); };
  const uint64_t seed = static_cast<uint64_t>(iteration) * 31;
  // Opponents by their player names (arena/player_factory.h), as `bredon match` takes them.
  std::vector<Pairing> pairings;
  pairings.push_back({rating_anchors()[0], "random", seed, games_vs_anchors.at(0), {}});
  pairings.push_back({rating_anchors()[1],
                      "baseline:" + std::to_string(cfg.eval.baseline_rollouts),
                      seed + 1,
                      games_vs_anchors.at(1),
                      {}});
  // The fixed strong anchor is rated like any opponent (its Elo fitted from every evaluation).
  const size_t anchor = cfg.eval.anchor.empty() ? 0 : pairings.size();
  if (anchor) pairings.push_back({"anchor " + cfg.eval.anchor, cfg.eval.anchor, seed + 1000, cfg.eval.games, {}});
  for (size_t k = 0; k < previous.size(); ++k)
    pairings.push_back({std::filesystem::path(previous[k]).stem().string(),
                        previous[k] + ":" + std::to_string(cfg.eval.simulations),
                        seed + 2 + k,
                        cfg.eval.games,
                        {}});

  // A queue of pairings shared by the threads (their lengths differ a lot).
  std::atomic<size_t> next{0};
  run_on_threads(std::min(threads, static_cast<int>(pairings.size())), [&](int) {
    for (size_t i = next++; i < pairings.size() && !stop(); i = next++) {
      PlayerContext context;
      context.size = cfg.game.size;
      context.half_komi = cfg.game.half_komi;
      context.search = cfg.search;
      context.seed = static_cast<uint64_t>(iteration);
      context.move_time_ms = cfg.eval.anchor_movetime_ms;
      OwnedPlayer mine = make_network_player(name, net, context, cfg.eval.simulations);
      OwnedPlayer opponent = make_player(pairings[i].player, context);
      MatchConfig mc;
      mc.size = cfg.game.size;
      mc.half_komi = cfg.game.half_komi;
      mc.games = pairings[i].games;
      mc.seed = pairings[i].seed;
      mc.stop_requested = stop;
      pairings[i].result = play_match(*mine.player, *opponent.player, mc);
      pairings[i].finished = !pairings[i].result.stopped;
    }
  });
  if (!std::all_of(pairings.begin(), pairings.end(), [](const Pairing& p) { return p.finished; })) {
    CheckpointEvaluation stopped;
    stopped.stopped = true;
    return stopped;
  }

  for (const Pairing& p : pairings) {
    const nlohmann::json line = {{"iteration", iteration},  {"a", name},
                                 {"b", p.opponent},         {"wins", p.result.wins},
                                 {"draws", p.result.draws}, {"losses", p.result.losses}};
    append_line(results_path, line.dump());
  }
  return {pairings[0].result, pairings[1].result, anchor ? pairings[anchor].result : MatchResult{}};
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
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    try {
      const nlohmann::json j = nlohmann::json::parse(line);
      out.push_back({j.at("a").get<std::string>(), j.at("b").get<std::string>(), j.at("wins").get<int>(),
                     j.at("draws").get<int>(), j.at("losses").get<int>()});
    } catch (const nlohmann::json::exception&) {
      spdlog::warn("{}: skipping a malformed line (a run killed while writing it?)", path);
    }
  }
  return out;
}

}  // namespace bredon
