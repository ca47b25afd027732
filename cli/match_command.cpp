// `bredon match --a <player> --b <player>`: games between two players with colours alternating and
// random openings played once with each colour; W/D/L, the Elo difference with its 95% interval,
// every game as PTN, and an SPRT that stops early when decided. Player names are read by
// arena/player_factory.h, the same names a training run's evaluation uses.
#include <spdlog/spdlog.h>

#include <cstdio>
#include <filesystem>
#include <fstream>

#include "arena/elo.h"
#include "arena/match.h"
#include "arena/match_resume.h"
#include "arena/player_factory.h"
#include "arena/sprt.h"
#include "cli/commands.h"
#include "cli/match_command.h"
#include "config/run_config.h"
#include "core/ptn_game.h"
#include "nn/torch_threads.h"
#include "util/stop_signals.h"

namespace bredon::cli {

int run_match(const MatchOptions& o) {
  double elo0 = 0, elo1 = 0;
  if (!o.sprt.empty() && std::sscanf(o.sprt.c_str(), "%lf,%lf", &elo0, &elo1) != 2)
    throw UsageError("--sprt wants elo0,elo1 (for instance 0,30), not '" + o.sprt + "'");
  PlayerContext context;
  context.size = o.size;
  context.half_komi = parse_komi(o.komi);
  context.move_time_ms = o.movetime;
  if (!o.tc.empty()) {
    double base = 0, increment = 0;
    char plus = 0, rest = 0;
    const int read = std::sscanf(o.tc.c_str(), "%lf%c%lf%c", &base, &plus, &increment, &rest);
    if (!(read == 1 || (read == 3 && plus == '+')) || !(base > 0 && base <= 86400) ||
        !(increment >= 0 && increment <= 3600))
      throw UsageError("--tc wants <seconds>[+<increment seconds>] such as 2+0.02, not '" + o.tc + "'");
    context.clock = {static_cast<int64_t>(base * 1000), static_cast<int64_t>(increment * 1000)};
  }
  if (o.resume && o.out.empty()) throw UsageError("--resume goes on with the match in --out F.ptn: give --out");
  // Games already written are never overwritten: a second run either resumes them or is refused.
  if (!o.resume && !o.out.empty() && std::filesystem::exists(o.out) && std::filesystem::file_size(o.out) > 0)
    throw UsageError("--out " + o.out + " already holds games: --resume goes on with that match, or name another file");
  if (!o.config.empty()) context.search = load_run_config(o.config).search;
  configure_torch_threads(1);
  context.seed = o.seed;
  OwnedPlayer a = make_player(o.a, context);
  context.seed = o.seed + 1;
  OwnedPlayer b = make_player(o.b, context);
  MatchConfig mc;
  mc.size = o.size;
  mc.half_komi = context.half_komi;
  mc.games = o.games;
  mc.opening_plies = o.opening_plies;
  mc.seed = o.seed;
  std::vector<GameReport> played;
  if (o.resume) {
    bool dropped = false;
    played = read_played_games(o.out, mc, a.player->name(), b.player->name(), &dropped);
    if (dropped) spdlog::warn("match: dropped the cut-short last game of {}; it is played again", o.out);
    spdlog::info("match: resuming with {} of {} games already in {}", played.size(), o.games, o.out);
  }
  std::ofstream out;
  if (!o.out.empty()) {
    out.open(o.out, std::ios::app);
    if (!out) throw UsageError("cannot write --out " + o.out);
  }
  // Search players play their games in flight together; in waves when an SPRT may stop early.
  mc.games_in_flight = o.sprt.empty() ? 0 : 16;
  mc.progress_every_s = 30;
  // Ctrl-C or SIGTERM stops between moves: the --out file keeps whole games only, and --resume
  // goes on from the first game not in it.
  stop_on_signals();
  mc.stop_requested = interrupted;
  bool decided = false;
  int forfeits[2] = {0, 0}, on_time[2] = {0, 0}, illegal[2] = {0, 0};  // A's, B's
  // A's games as white, as black.
  MatchResult a_as[2];
  int roads = 0, flat_wins = 0, drawn = 0;
  const GameCallback on_game = [&](const GameReport& game, const MatchResult& r) {
    if (out && !game.replayed) out << game.ptn << "\n" << std::flush;
    a_as[game.a_white ? 0 : 1].add(game.a_outcome);
    if (game.forfeited_by < 0) {
      roads += game.result.find('R') != std::string::npos;
      flat_wins += game.result.find('F') != std::string::npos;
      drawn += game.a_outcome == 0;
    }
    if (game.forfeited_by >= 0) {
      const int side = game.forfeited_by;
      const std::string& why = game.forfeit_reason;
      ++forfeits[side];
      on_time[side] += why.find("lost on time") != std::string::npos;
      illegal[side] +=
          why.find("illegal move") != std::string::npos || why.find("unreadable bestmove") != std::string::npos;
    }
    const EloEstimate e = elo_from_results(r.wins, r.draws, r.losses);
    std::string verdict;
    SprtResult s;
    if (!o.sprt.empty()) {
      s = sprt(r.wins, r.draws, r.losses, elo0, elo1);
      char text[96];
      std::snprintf(text, sizeof text, " llr %.3f [%.2f, %.2f]", s.llr, s.lower, s.upper);
      verdict = text;
    }
    std::printf("game %d: %d-%d-%d elo %.0f [%.0f, %.0f]%s\n", game.index + 1, r.wins, r.draws, r.losses, e.elo, e.low,
                e.high, verdict.c_str());
    // Decide only after whole pairs (each opening with both colours) and 10 games at least.
    if (s.verdict != 0 && r.games() >= 10 && r.games() % 2 == 0) {
      std::printf("sprt: %s\n", s.verdict > 0 ? "H1 accepted (A is stronger by elo1)" : "H0 accepted (not by elo1)");
      decided = true;
    }
    std::fflush(stdout);
    return !decided;
  };
  const MatchResult result = play_match(*a.player, *b.player, mc, on_game, played);
  const EloEstimate e = elo_from_results(result.wins, result.draws, result.losses);
  for (int side = 0; side < 2; ++side)
    if (forfeits[side])
      std::printf("forfeits by %s: %d (on time %d, illegal or unreadable moves %d, no answer or a crash %d)\n",
                  side == 0 ? o.a.c_str() : o.b.c_str(), forfeits[side], on_time[side], illegal[side],
                  forfeits[side] - on_time[side] - illegal[side]);
  std::printf("A as white %d-%d-%d, as black %d-%d-%d; ended by road %d, on flats %d, drawn %d, forfeited %d\n",
              a_as[0].wins, a_as[0].draws, a_as[0].losses, a_as[1].wins, a_as[1].draws, a_as[1].losses, roads,
              flat_wins, drawn, forfeits[0] + forfeits[1]);
  std::printf("result %s vs %s: wins %d draws %d losses %d score %.3f elo %.0f [%.0f, %.0f]\n", o.a.c_str(),
              o.b.c_str(), result.wins, result.draws, result.losses, result.score(), e.elo, e.low, e.high);
  if (result.stopped) {
    std::printf("stopped by a signal after %d of %d games, the game in progress dropped: %s\n", result.games(),
                o.games,
                o.out.empty() ? "no --out file keeps them"
                              : ("the same command with --resume goes on from game " +
                                 std::to_string(result.games() + 1) + " in " + o.out)
                                    .c_str());
    return 130;  // the shell's code for a command ended by Ctrl-C
  }
  return 0;
}

void add_match_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<MatchOptions>();
  CLI::App* cmd = app.add_subcommand(
      "match", "games between two players: W/D/L, Elo with a 95% interval, an SPRT, every game as PTN");
  cmd->add_option("--a", o->a,
                  "player A: random, baseline[:N], heuristic[:N], <checkpoint>[:N], <checkpoint>@<level>, "
                  "heuristic@<level>, tei:<command line>, solver[:P]")
      ->required();
  cmd->add_option("--b", o->b, "player B (the same forms)")->required();
  cmd->add_option("--games", o->games, "games to play (openings are played once with each colour)")
      ->check(CLI::Range(1, 1000000));
  cmd->add_option("--size", o->size, "board size, 3..8")->check(CLI::Range(3, 8));
  cmd->add_option("--komi", o->komi, "komi in points, whole or half");
  cmd->add_option("--out", o->out, "write every game to this PTN file (never overwritten: see --resume)");
  cmd->add_flag("--resume", o->resume,
                "go on with the match already in --out (the same options): its games are counted, play starts at "
                "the next");
  cmd->add_option("--sprt", o->sprt, "elo0,elo1: stop when the SPRT decides");
  cmd->add_option("--seed", o->seed, "random seed of the openings and players");
  cmd->add_option("--opening-plies", o->opening_plies, "random plies before the players take over")
      ->check(CLI::Range(0, 20));
  cmd->add_option("--movetime", o->movetime, "milliseconds a move for tei: engines and levels")
      ->check(CLI::Range(1, 600000));
  cmd->add_option("--tc", o->tc,
                  "a clock for tei: engines, <seconds>[+<increment>] such as 2+0.02 (instead of --movetime)");
  cmd->add_option("--config", o->config,
                  "run configuration whose search: section checkpoint players use (default: the defaults)");
  cmd->callback([o, &exit_code] { exit_code = run_match(*o); });
}

}  // namespace bredon::cli
