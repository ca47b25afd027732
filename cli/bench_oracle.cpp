// `bredon bench oracle [--model <bot file>] [--games N] [--ms T] [--plies P]`: the exact solver
// as an oracle over the bot's own games (hard level, T ms a move, against itself from two-ply
// random openings): of the positions the solver proves won for the side to move within P + 1
// plies, the share where the bot's move keeps it won (within P + 1 after it); of those neither
// side wins within P + 1, the moves that hand the opponent a forced win within P. Meant for
// 3x3, where P = 15 covers whole games.
#include <cstdio>
#include <random>

#include "cli/commands.h"
#include "core/movegen.h"
#include "core/tps.h"
#include "nn/bot_library.h"
#include "nn/torch_threads.h"
#include "search/bot_search.h"
#include "search/solver.h"

namespace bredon::cli {

namespace {

struct BenchOracleOptions {
  std::string model = default_models_dir() + "/3x3.ckpt";
  int games = 20;
  int64_t ms = 200;
  int plies = 15;
  int64_t nodes = 50'000'000;
};

int bench_oracle(const BenchOracleOptions& o) {
  const int cores = configure_threads_for_bot_search();
  BotLibrary bots("");
  bots.add_preferred(o.model);
  const int size = bots.bots().front().meta.size;
  const int half_komi = bots.bots().front().meta.half_komi;
  std::string description;
  const std::unique_ptr<Evaluator> evaluator = bots.evaluator_for(size, half_komi, &description);
  std::printf("bot: %s, hard at %lld ms a move; oracle: the solver within %d plies (and one more)\n", description.c_str(),
              static_cast<long long>(o.ms), o.plies);
  Solver solver(512);
  std::mt19937_64 rng(1);
  int won = 0, kept = 0, not_lost = 0, blunders = 0, unknown = 0;
  for (int g = 0; g < o.games; ++g) {
    Position pos(size, half_komi);
    std::string line = " (opening";  // so that a slip can be replayed
    for (int i = 0; i < 2; ++i) {
      const std::vector<Move> moves = legal_moves(pos);
      const Move m = moves[std::uniform_int_distribution<size_t>(0, moves.size() - 1)(rng)];
      line += " " + to_ptn(m);
      pos.play(m);
    }
    line += ")";
    Thinker thinker(static_cast<uint64_t>(g) + 1, cores);
    while (!pos.game_over()) {
      // Horizons: `before` one ply past P, so that a position counted as neither side's holds no
      // loss for the mover that its move could not help (found within P plies after it); `next`
      // to P + 1 as well, so that a win put off by a move pair still counts as kept. With P on
      // both, a position lost in P + 1 plies (3x3 from move 2: white wins in 16) showed up as
      // "neither side winning" followed by a "move into a loss".
      const Solution before = solver.solve(pos, o.plies + 1, o.nodes);
      const Move m = thinker.think(pos, *evaluator, Level::Hard, o.ms, -1, nullptr, static_cast<uint64_t>(g), nullptr);
      Position after = pos;
      after.play(m);
      const Solution next = after.game_over() ? Solution{} : solver.solve(after, o.plies + 1, o.nodes);
      const bool mover_won_at_once = after.game_over() && result_sign_for(after.result(), pos.side_to_move()) > 0;
      if (!before.complete || !next.complete) {
        ++unknown;
      } else if (before.value > 0) {
        ++won;
        const bool still_won = mover_won_at_once || next.value < 0;
        kept += still_won;
        if (!still_won) line += " [" + to_ptn(m) + " gave up a win]";
      } else if (before.value == 0) {
        ++not_lost;
        const bool blunder = !after.game_over() && next.value > 0 && next.plies <= o.plies;
        blunders += blunder;
        if (blunder) line += " [" + to_ptn(m) + " lost]";
      }
      line += " " + to_ptn(m);
      pos = after;
    }
    std::printf("game %d %s:%s\n", g + 1, result_string(pos.result()).c_str(), line.c_str());
    std::fflush(stdout);
  }
  std::printf("won positions %d, kept won %d (%.3f); neither side winning %d, moves into a loss %d; undecided %d\n",
              won, kept, won ? static_cast<double>(kept) / won : 1.0, not_lost, blunders, unknown);
  std::printf("oracle_kept_won_share %.3f\n", won ? static_cast<double>(kept) / won : 1.0);
  return 0;
}

}  // namespace

void add_bench_oracle(CLI::App& bench, int& exit_code) {
  auto o = std::make_shared<BenchOracleOptions>();
  CLI::App* cmd = bench.add_subcommand(
      "oracle", "the solver scores the bot's moves in its own games: the share that keep a won position won");
  cmd->add_option("--model", o->model, "bot file")->capture_default_str();
  cmd->add_option("--games", o->games, "games, 1..10000")->check(CLI::Range(1, 10000));
  cmd->add_option("--ms", o->ms, "milliseconds a move")->check(CLI::Range(1, 600000));
  cmd->add_option("--plies", o->plies, "the solver's horizon, 1..40")->check(CLI::Range(1, 40));
  cmd->add_option("--nodes", o->nodes, "the solver's node budget a position")
      ->check(CLI::Range(int64_t{1000}, int64_t{1} << 40));
  cmd->callback([o, &exit_code] { exit_code = bench_oracle(*o); });
}

}  // namespace bredon::cli
