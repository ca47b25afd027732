// `bredon elo 75-70-55 79-55-66`: the Elo difference, with its 95% interval, of match results
// added up, so that two runs of one match (say two seeds) are pooled by the same arithmetic
// `bredon match` uses rather than by hand.
#include <cstdio>
#include <string>
#include <vector>

#include "arena/elo.h"
#include "arena/match.h"
#include "cli/commands.h"

namespace bredon::cli {
namespace {

// "W-D-L" with three counts of zero or more; anything else is refused by name.
MatchResult parse_result(const std::string& text) {
  MatchResult t;
  char rest = 0;
  if (std::sscanf(text.c_str(), "%d-%d-%d%c", &t.wins, &t.draws, &t.losses, &rest) != 3 || t.wins < 0 ||
      t.draws < 0 || t.losses < 0 || text.find_first_not_of("0123456789-") != std::string::npos)
    throw UsageError("a result is wins-draws-losses such as 75-70-55, not '" + text + "'");
  if (t.games() == 0) throw UsageError("the result '" + text + "' has no games");
  return t;
}

void print_line(const char* label, const MatchResult& t) {
  const EloEstimate e = elo_from_results(t.wins, t.draws, t.losses);
  std::printf("%s %d-%d-%d games %d score %.3f elo %.0f [%.0f, %.0f]\n", label, t.wins, t.draws, t.losses,
              t.games(), t.score(), e.elo, e.low, e.high);
}

int run_elo(const std::vector<std::string>& results) {
  MatchResult total;
  for (const std::string& text : results) {
    const MatchResult t = parse_result(text);
    if (results.size() > 1) print_line("part", t);
    total.wins += t.wins;
    total.draws += t.draws;
    total.losses += t.losses;
  }
  print_line("total", total);
  return 0;
}

}  // namespace

void add_elo_command(CLI::App& app, int& exit_code) {
  auto results = std::make_shared<std::vector<std::string>>();
  CLI::App* cmd = app.add_subcommand(
      "elo", "the Elo difference with a 95% interval of W-D-L results added up (say, one match run with two seeds)");
  cmd->add_option("results", *results, "wins-draws-losses of the first player, one or more, such as 75-70-55 79-55-66")
      ->required();
  cmd->callback([results, &exit_code] { exit_code = run_elo(*results); });
}

}  // namespace bredon::cli
