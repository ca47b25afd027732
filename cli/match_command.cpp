// `bredon match --a <player> --b <player> [--games N] [--size N] [--komi K] [--out games.ptn]
//  [--sprt elo0,elo1]`: games between two players with colours alternating and random openings
// played once with each colour; W/D/L, the Elo difference with its 95% interval, every game as
// PTN, and an SPRT that stops early when decided.
//
// Players: `random`, `baseline[:playouts]` (MCTS with random rollouts), `heuristic[:playouts]`
// (search with the heuristic evaluator), `<checkpoint>[:playouts]` (network + search; playouts
// 0 plays the network's policy alone), `tei:<command line>` (any TEI engine, given --movetime ms
// per move; its crashes, timeouts and illegal moves lose the game and are reported).
#include <spdlog/spdlog.h>

#include <cstdio>
#include <fstream>

#include "cli/args.h"
#include "cli/commands.h"
#include "core/ptn_game.h"
#include "model/checkpoint.h"
#include "selfplay/heuristic_evaluator.h"
#include "selfplay/match.h"
#include "selfplay/nn_evaluator.h"
#include "selfplay/players.h"
#include "selfplay/sprt.h"
#include "selfplay/tei_client.h"

namespace bredon::cli {
namespace {

struct OwnedPlayer {
  std::unique_ptr<Evaluator> evaluator;
  std::unique_ptr<Player> player;
};

OwnedPlayer make_player(const std::string& spec, int size, int half_komi, int move_time_ms, uint64_t seed) {
  OwnedPlayer p;
  if (spec.rfind("tei:", 0) == 0) {
    p.player = std::make_unique<TeiClientPlayer>(spec.substr(4), size, half_komi, move_time_ms);
    return p;
  }
  std::string kind = spec;
  int playouts = -1;
  const size_t colon = spec.rfind(':');
  if (colon != std::string::npos) {
    kind = spec.substr(0, colon);
    try {
      playouts = std::stoi(spec.substr(colon + 1));
    } catch (const std::exception&) {
      throw UsageError("player '" + spec + "': '" + spec.substr(colon + 1) + "' is not a number of playouts");
    }
  }
  SearchConfig search;
  search.algorithm = SearchAlgorithm::Puct;
  if (kind == "random") {
    p.player = std::make_unique<RandomPlayer>(seed);
  } else if (kind == "baseline") {
    p.evaluator = std::make_unique<RolloutEvaluator>(seed);
    p.player = std::make_unique<SearchPlayer>(spec, *p.evaluator, search, playouts < 0 ? 64 : playouts, seed);
  } else if (kind == "heuristic") {
    p.evaluator = std::make_unique<HeuristicEvaluator>();
    p.player = std::make_unique<SearchPlayer>(spec, *p.evaluator, search, playouts < 0 ? 64 : playouts, seed);
  } else {
    LoadedCheckpoint ck = load_checkpoint(kind, size);
    ck.net->eval();
    p.evaluator = std::make_unique<NetworkEvaluator>(ck.net);
    p.player = std::make_unique<SearchPlayer>(spec, *p.evaluator, search, playouts < 0 ? 64 : std::max(playouts, 1), seed);
  }
  return p;
}

}  // namespace

int run_match(const std::vector<std::string>& argv) {
  Args args(argv, {});
  const std::string a_spec = args.require("a"), b_spec = args.require("b");
  const int games = static_cast<int>(args.get_int("games", 100, 1, 1000000));
  const int size = static_cast<int>(args.get_int("size", 4, 3, 8));
  const int half_komi = parse_komi(args.get("komi", "0"));
  const std::string out_path = args.get("out", "");
  const std::string sprt_spec = args.get("sprt", "");
  const uint64_t seed = static_cast<uint64_t>(args.get_int("seed", 1, 0, INT64_MAX));
  const int opening_plies = static_cast<int>(args.get_int("opening-plies", 2, 0, 20));
  const int move_time_ms = static_cast<int>(args.get_int("movetime", 500, 1, 600000));
  args.reject_unused();
  double elo0 = 0, elo1 = 0;
  if (!sprt_spec.empty() && std::sscanf(sprt_spec.c_str(), "%lf,%lf", &elo0, &elo1) != 2)
    throw UsageError("--sprt wants elo0,elo1 (for instance 0,30)");
  configure_torch_threads(1);
  OwnedPlayer a = make_player(a_spec, size, half_komi, move_time_ms, seed);
  OwnedPlayer b = make_player(b_spec, size, half_komi, move_time_ms, seed + 1);
  std::ofstream out;
  if (!out_path.empty()) {
    out.open(out_path);
    if (!out) throw UsageError("cannot write --out " + out_path);
  }
  MatchConfig mc;
  mc.size = size;
  mc.half_komi = half_komi;
  mc.games = games;
  mc.opening_plies = opening_plies;
  mc.seed = seed;
  // The games are played here one by one, not by play_match, so that the SPRT can stop early.
  const std::vector<std::vector<Move>> openings = match_openings(mc);
  MatchResult result;
  const int max_plies = 10 * size * size;
  for (int g = 0; g < games; ++g) {
    const bool a_white = g % 2 == 0;
    std::string ptn;
    const int outcome = play_game(a_white ? *a.player : *b.player, a_white ? *b.player : *a.player, size, half_komi,
                                  openings[static_cast<size_t>(g)], max_plies, &ptn);
    result.add(a_white ? outcome : -outcome);
    if (out) out << ptn << "\n";
    const EloEstimate e = elo_from_results(result.wins, result.draws, result.losses);
    std::string verdict;
    if (!sprt_spec.empty()) {
      const SprtResult s = sprt(result.wins, result.draws, result.losses, elo0, elo1);
      verdict = " llr " + std::to_string(s.llr).substr(0, 6) + " [" + std::to_string(s.lower).substr(0, 5) + ", " +
                std::to_string(s.upper).substr(0, 4) + "]";
      if (s.verdict != 0 && g + 1 >= 10 && g % 2 == 1) {
        std::printf("game %d: %d-%d-%d elo %.0f [%.0f, %.0f]%s\n", g + 1, result.wins, result.draws, result.losses,
                    e.elo, e.low, e.high, verdict.c_str());
        std::printf("sprt: %s\n", s.verdict > 0 ? "H1 accepted (A is stronger by elo1)" : "H0 accepted (not by elo1)");
        break;
      }
    }
    std::printf("game %d: %d-%d-%d elo %.0f [%.0f, %.0f]%s\n", g + 1, result.wins, result.draws, result.losses, e.elo,
                e.low, e.high, verdict.c_str());
    std::fflush(stdout);
  }
  const EloEstimate e = elo_from_results(result.wins, result.draws, result.losses);
  std::printf("result %s vs %s: wins %d draws %d losses %d score %.3f elo %.0f [%.0f, %.0f]\n", a_spec.c_str(),
              b_spec.c_str(), result.wins, result.draws, result.losses, result.score(), e.elo, e.low, e.high);
  return 0;
}

}  // namespace bredon::cli
