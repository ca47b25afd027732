#include "arena/player_factory.h"

#include <stdexcept>

#include "arena/tei_client.h"
#include "nn/checkpoint.h"
#include "nn/nn_evaluator.h"
#include "search/heuristic_evaluator.h"
#include "search/rollout_evaluator.h"

namespace bredon {
namespace {

SearchConfig model_free_search() {
  SearchConfig search;
  search.algorithm = SearchAlgorithm::Puct;  // uniform or flat priors: PUCT spreads its visits
  return search;
}

std::unique_ptr<Evaluator> network_evaluator(const std::string& path, int size) {
  LoadedCheckpoint ck = load_checkpoint(path, size);
  ck.net->eval();
  return std::make_unique<NetworkEvaluator>(ck.net);
}

}  // namespace

OwnedPlayer make_network_player(const std::string& name, TakNet net, const PlayerContext& context, int simulations) {
  OwnedPlayer p;
  p.evaluator = std::make_unique<NetworkEvaluator>(net);
  p.player = std::make_unique<SearchPlayer>(name, *p.evaluator, context.search, std::max(simulations, 1), context.seed);
  return p;
}

OwnedPlayer make_player(const std::string& name, const PlayerContext& context) {
  OwnedPlayer p;
  if (name.rfind("tei:", 0) == 0) {
    p.player = std::make_unique<TeiClientPlayer>(name.substr(4), context.size, context.half_komi, context.move_time_ms,
                                                 context.clock);
    return p;
  }
  const size_t at = name.rfind('@');
  if (at != std::string::npos) {
    const std::string model = name.substr(0, at);
    const Level level = parse_level(name.substr(at + 1));
    if (model == "heuristic")
      p.evaluator = std::make_unique<HeuristicEvaluator>();
    else
      p.evaluator = network_evaluator(model, context.size);
    p.player = std::make_unique<LevelPlayer>(name, *p.evaluator, level, context.move_time_ms, context.seed);
    return p;
  }
  std::string kind = name;
  int playouts = kDefaultPlayouts;
  const size_t colon = name.rfind(':');
  if (colon != std::string::npos) {
    kind = name.substr(0, colon);
    const std::string count = name.substr(colon + 1);
    size_t used = 0;
    try {
      playouts = std::stoi(count, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != count.size() || playouts < 0 || playouts > 10'000'000)
      throw std::invalid_argument("player '" + name + "': '" + count + "' is not a number of playouts (0..10000000)");
  }
  if (kind == "random") {
    p.player = std::make_unique<RandomPlayer>(context.seed);
  } else if (kind == "solver") {
    const int plies = colon == std::string::npos ? kDefaultSolverPlies : playouts;
    if (plies < 1 || plies > 64)
      throw std::invalid_argument("player '" + name + "': the solver's horizon must be 1..64 plies");
    p.player = std::make_unique<SolverPlayer>(plies, kSolverPlayerNodes, context.seed);
  } else if (kind == "baseline") {
    p.evaluator = std::make_unique<RolloutEvaluator>(context.seed);
    p.player =
        std::make_unique<SearchPlayer>(name, *p.evaluator, model_free_search(), std::max(playouts, 1), context.seed);
  } else if (kind == "heuristic") {
    p.evaluator = std::make_unique<HeuristicEvaluator>();
    p.player =
        std::make_unique<SearchPlayer>(name, *p.evaluator, model_free_search(), std::max(playouts, 1), context.seed);
  } else {
    p.evaluator = network_evaluator(kind, context.size);
    p.player = std::make_unique<SearchPlayer>(name, *p.evaluator, context.search, std::max(playouts, 1), context.seed);
  }
  return p;
}

}  // namespace bredon
