// A match stopped part way and resumed from its PTN file (`bredon match --out F --resume`): the
// games already written are counted as they were, play goes on from the next game with the same
// openings and colours, a file from another match is refused by name (a TEI engine by its
// executable's file name, so a committed file resumes in any checkout), and a last game cut short
// by the kill is dropped without touching the games before it.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <unistd.h>

#include "arena/match.h"
#include "arena/match_resume.h"
#include "core/error.h"
#include "core/ptn_game.h"
#include "search/heuristic_evaluator.h"

namespace bredon {
namespace {

struct ResumeFixture : ::testing::Test {
  HeuristicEvaluator h;
  SearchPlayer a{"heuristic:8", h, SearchConfig{}, 8, 3};
  RandomPlayer b{4};
  MatchConfig config;
  std::string path;

  void SetUp() override {
    config.size = 3;
    config.games = 6;
    config.seed = 5;
    path = (std::filesystem::temp_directory_path() /
            ("bredon_resume_" + std::to_string(::getpid()) + "_" +
             ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".ptn"))
               .string();
  }
  void TearDown() override { std::filesystem::remove(path); }

  // The whole match once, each game's PTN as `bredon match --out` writes it.
  std::vector<GameReport> play_all() {
    std::vector<GameReport> reports;
    play_match(a, b, config, [&](const GameReport& r, const MatchResult&) {
      reports.push_back(r);
      return true;
    });
    return reports;
  }
  void write(const std::string& text) { std::ofstream(path, std::ios::binary) << text; }
  std::string read() {
    std::stringstream s;
    s << std::ifstream(path, std::ios::binary).rdbuf();
    return s.str();
  }
  static std::string file_of(const std::vector<GameReport>& games, size_t n) {
    std::string text;
    for (size_t g = 0; g < n; ++g) text += games[g].ptn + "\n";
    return text;
  }
};

TEST_F(ResumeFixture, CountsTheWrittenGamesAndPlaysOnFromTheNext) {
  const std::vector<GameReport> first = play_all();
  ASSERT_EQ(first.size(), 6u);
  write(file_of(first, 3));
  const std::vector<GameReport> played = read_played_games(path, config, a.name(), b.name());
  ASSERT_EQ(played.size(), 3u);
  for (size_t g = 0; g < 3; ++g) {
    EXPECT_EQ(played[g].index, static_cast<int>(g));
    EXPECT_EQ(played[g].a_white, g % 2 == 0);
    EXPECT_EQ(played[g].a_outcome, first[g].a_outcome);
    EXPECT_EQ(played[g].result, first[g].result);
    EXPECT_TRUE(played[g].replayed);
  }

  const std::vector<std::vector<Move>> openings = match_openings(config);
  std::vector<GameReport> seen;
  const MatchResult result = play_match(
      a, b, config,
      [&](const GameReport& r, const MatchResult&) {
        seen.push_back(r);
        return true;
      },
      played);
  EXPECT_EQ(result.games(), 6);
  ASSERT_EQ(seen.size(), 6u);
  int counted = 0;
  for (size_t g = 0; g < 6; ++g) {
    EXPECT_EQ(seen[g].index, static_cast<int>(g));
    EXPECT_EQ(seen[g].replayed, g < 3);
    counted += seen[g].a_outcome;
    // The games played now keep the match's openings and colours.
    const GameRecord rec = parse_ptn_game(seen[g].ptn);
    EXPECT_EQ(std::vector<Move>(rec.moves.begin(), rec.moves.begin() + 2), openings[g]) << "game " << g + 1;
    EXPECT_EQ(rec.tag("Player1"), g % 2 == 0 ? a.name() : b.name());
  }
  EXPECT_EQ(counted, result.wins - result.losses);
}

TEST_F(ResumeFixture, RefusesAFileFromAnotherMatchByName) {
  write(file_of(play_all(), 2));
  MatchConfig other = config;
  other.seed = 6;
  try {
    read_played_games(path, other, a.name(), b.name());
    FAIL() << "another seed's openings were accepted";
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("game 1: the opening is"), std::string::npos) << e.what();
  }
  try {
    read_played_games(path, config, b.name(), a.name());
    FAIL() << "swapped players were accepted";
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("game 1: white is 'heuristic:8' where this match has 'random'"),
              std::string::npos)
        << e.what();
  }
  other = config;
  other.size = 4;
  EXPECT_THROW(read_played_games(path, other, a.name(), b.name()), ParseError);
  other = config;
  other.games = 1;
  try {
    read_played_games(path, other, a.name(), b.name());
    FAIL() << "more games than the match were accepted";
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("holds 2 games, more than the 1 of this match"), std::string::npos)
        << e.what();
  }
}

TEST_F(ResumeFixture, ATeiEngineIsKnownByItsFileNameWhereverItsCheckoutIs) {
  // The file as another checkout wrote it: player a was that checkout's own TEI engine.
  std::string text = file_of(play_all(), 2);
  const std::string there = "tei:/home/someone/bredon/build/bredon tei --level hard";
  for (size_t at = text.find("\"heuristic:8\""); at != std::string::npos; at = text.find("\"heuristic:8\"", at))
    text.replace(at + 1, 11, there);
  write(text);
  EXPECT_EQ(read_played_games(path, config, "tei:/work/main/build/bredon tei --level hard", b.name()).size(), 2u);
  EXPECT_EQ(read_played_games(path, config, "tei:build/bredon tei --level hard", b.name()).size(), 2u);
  // Other arguments, or another engine, are another player.
  try {
    read_played_games(path, config, "tei:/work/main/build/bredon tei --level medium", b.name());
    FAIL() << "another level was accepted";
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("game 1: white is '" + there + "'"), std::string::npos) << e.what();
  }
  EXPECT_THROW(read_played_games(path, config, "tei:/work/main/build/tiltak-tei", b.name()), ParseError);
  EXPECT_THROW(read_played_games(path, config, "/work/main/build/bredon tei --level hard", b.name()), ParseError);
}

TEST_F(ResumeFixture, DropsALastGameCutShortAndKeepsTheRest) {
  const std::vector<GameReport> games = play_all();
  const std::string kept = file_of(games, 3);
  // Killed while writing game 4: its tags and part of its moves, no result.
  const std::string& fourth = games[3].ptn;
  write(kept + fourth.substr(0, fourth.find("2.")));
  bool dropped = false;
  EXPECT_EQ(read_played_games(path, config, a.name(), b.name(), &dropped).size(), 3u);
  EXPECT_TRUE(dropped);
  EXPECT_EQ(read(), kept);
  for (const auto& entry : std::filesystem::directory_iterator(std::filesystem::path(path).parent_path()))
    EXPECT_EQ(entry.path().string().find(path + ".tmp"), std::string::npos) << "left behind: " << entry.path();
  // A whole file reads back unchanged.
  EXPECT_EQ(read_played_games(path, config, a.name(), b.name(), &dropped).size(), 3u);
  EXPECT_FALSE(dropped);
}

TEST_F(ResumeFixture, AnUnreadableGameBeforeTheLastIsAnErrorAndTheFileStays) {
  const std::vector<GameReport> games = play_all();
  std::string text = file_of(games, 3);
  const size_t second = text.find("[Size", 1);
  text.insert(text.find("1.", second), "1. zz9 ");
  write(text);
  try {
    read_played_games(path, config, a.name(), b.name());
    FAIL() << "a broken game 2 was accepted";
  } catch (const ParseError& e) {
    EXPECT_NE(std::string(e.what()).find("game 2"), std::string::npos) << e.what();
  }
  EXPECT_EQ(read(), text);
}

TEST_F(ResumeFixture, AMissingOrEmptyFileHoldsNoGames) {
  EXPECT_TRUE(read_played_games(path, config, a.name(), b.name()).empty());
  write("");
  EXPECT_TRUE(read_played_games(path, config, a.name(), b.name()).empty());
}

}  // namespace
}  // namespace bredon
