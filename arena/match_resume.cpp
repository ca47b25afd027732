#include "arena/match_resume.h"

#include <algorithm>
#include <filesystem>

#include "core/error.h"
#include "core/ptn_game.h"
#include "util/run_files.h"

namespace bredon {
namespace {

std::string moves_text(const std::vector<Move>& moves) {
  std::string out;
  for (Move m : moves) out += (out.empty() ? "" : " ") + to_ptn(m);
  return out.empty() ? "(none)" : out;
}

// A TEI player is named by its command line, "tei:<executable> <arguments>". The same engine run
// from another checkout or working directory has another path to its executable, and a match file
// committed in one checkout should go on in any other, so the executable is compared by its file
// name alone and the arguments exactly.
std::string player_identity(const std::string& name) {
  if (name.rfind("tei:", 0) != 0) return name;
  const std::string command = name.substr(4);
  const size_t space = command.find(' ');
  const std::string executable = command.substr(0, space);
  const std::string arguments = space == std::string::npos ? "" : command.substr(space);
  return "tei:" + std::filesystem::path(executable).filename().string() + arguments;
}

// The report of one game read back, after checking it belongs to game `index` of the match.
GameReport report_of(const GameRecord& rec, int index, const std::vector<Move>& opening, const MatchConfig& config,
                     const std::string& a_name, const std::string& b_name, const std::string& where) {
  auto differs = [&](const std::string& what, const std::string& file, const std::string& match) {
    return ParseError(where, what + " is " + file + " where this match has " + match +
                                 ": the file holds another match (other players, size, komi, --seed or "
                                 "--opening-plies); give the same options, or another --out");
  };
  if (rec.size != config.size) throw differs("the board size", std::to_string(rec.size), std::to_string(config.size));
  if (rec.half_komi != config.half_komi)
    throw differs("the komi", komi_text(rec.half_komi), komi_text(config.half_komi));
  const bool a_white = index % 2 == 0;
  const std::string& white = a_white ? a_name : b_name;
  const std::string& black = a_white ? b_name : a_name;
  if (player_identity(rec.tag("Player1")) != player_identity(white))
    throw differs("white", "'" + rec.tag("Player1") + "'", "'" + white + "'");
  if (player_identity(rec.tag("Player2")) != player_identity(black))
    throw differs("black", "'" + rec.tag("Player2") + "'", "'" + black + "'");
  const size_t n = std::min(rec.moves.size(), opening.size());
  const std::vector<Move> start(rec.moves.begin(), rec.moves.begin() + static_cast<long>(n));
  if (start != opening) throw differs("the opening", moves_text(start), moves_text(opening));

  GameReport report;
  report.index = index;
  report.a_white = a_white;
  const int white_outcome = rec.result == "1/2-1/2" ? 0 : rec.result[0] == '0' ? -1 : 1;
  report.a_outcome = a_white ? white_outcome : -white_outcome;
  // A forfeit is written as the last move's comment, or as a Termination tag when no move was made.
  std::string why = rec.tag("Termination");
  if (why.empty() && !rec.comments.empty()) why = rec.comments.back();
  for (const char* side : {"white", "black"})
    if (why.rfind(std::string(side) + " forfeits", 0) == 0) {
      const bool white_forfeited = side[0] == 'w';
      report.forfeited_by = white_forfeited == a_white ? 0 : 1;
      report.forfeit_reason = why;
    }
  report.result = rec.result;
  report.replayed = true;
  return report;
}

}  // namespace

std::vector<GameReport> read_played_games(const std::string& path, const MatchConfig& config, const std::string& a_name,
                                          const std::string& b_name, bool* dropped_partial) {
  if (dropped_partial) *dropped_partial = false;
  const std::vector<std::string> texts = split_ptn_games(read_text(path));  // a missing file reads as ""
  if (static_cast<int>(texts.size()) > config.games)
    throw ParseError("--out " + path, "holds " + std::to_string(texts.size()) + " games, more than the " +
                                          std::to_string(config.games) + " of this match: give --games " +
                                          std::to_string(texts.size()) + " or more");
  const std::vector<std::vector<Move>> openings = match_openings(config);
  std::vector<GameReport> reports;
  for (size_t g = 0; g < texts.size(); ++g) {
    const std::string where = "--out " + path + ", game " + std::to_string(g + 1);
    GameRecord rec;
    try {
      rec = parse_ptn_game(texts[g]);
      if (rec.result.empty()) throw ParseError("PTN", "the game has no result: it was cut short");
    } catch (const ParseError& e) {
      if (g + 1 < texts.size()) throw ParseError(where, e.what());
      // The last game, cut short by a run killed while writing it: keep the games before it.
      std::string kept;
      for (size_t k = 0; k < g; ++k) kept += texts[k];
      write_text_atomic(path, kept);
      if (dropped_partial) *dropped_partial = true;
      break;
    }
    reports.push_back(report_of(rec, static_cast<int>(g), openings[g], config, a_name, b_name, where));
    reports.back().ptn = texts[g];
  }
  return reports;
}

}  // namespace bredon
