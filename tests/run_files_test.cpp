// util/run_files: the atomic rewrite that every role of a run uses on the shared run directory.
#include "util/run_files.h"

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

namespace bredon {
namespace {

namespace fs = std::filesystem;

class RunFiles : public ::testing::Test {
 protected:
  fs::path dir;
  void SetUp() override {
    dir = fs::temp_directory_path() / ("bredon_run_files_" + std::to_string(::getpid()) + "_" +
                                       ::testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  void TearDown() override { fs::remove_all(dir); }
};

// One whole version per writer: 64 KiB of its own letter, so a mix of two shows.
std::string version_of(int writer) { return std::string(65536, static_cast<char>('a' + writer)); }

// A trainer and its workers start on one run directory and each writes config.yaml: processes
// rewriting one file at once must all succeed and leave one writer's whole text, and nothing else.
TEST_F(RunFiles, ProcessesRewritingOneFileAtOnceAllSucceedAndLeaveOneWholeVersion) {
  const std::string path = (dir / "config.yaml").string();
  constexpr int kWriters = 6, kRewrites = 300;
  std::vector<pid_t> children;
  for (int w = 0; w < kWriters; ++w) {
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      int failures = 0;
      for (int i = 0; i < kRewrites; ++i) {
        try {
          write_text_atomic(path, version_of(w));
        } catch (...) {
          ++failures;
        }
      }
      ::_exit(failures == 0 ? 0 : 1);
    }
    children.push_back(pid);
  }
  for (pid_t pid : children) {
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "a writer failed a rewrite";
  }
  std::set<std::string> versions;
  for (int w = 0; w < kWriters; ++w) versions.insert(version_of(w));
  EXPECT_EQ(versions.count(read_text(path)), 1u) << "the file is not one writer's whole text";
  std::vector<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) names.push_back(entry.path().filename().string());
  EXPECT_EQ(names, std::vector<std::string>{"config.yaml"}) << "temporary files were left behind";
}

TEST_F(RunFiles, TemporaryNamesDifferFromCallToCall) {
  const std::string path = (dir / "ratings.json").string();
  const std::string first = unique_temp_path(path), second = unique_temp_path(path);
  EXPECT_NE(first, second);
  EXPECT_EQ(first.rfind(path + ".tmp.", 0), 0u) << first;
}

TEST_F(RunFiles, AWriteIntoAMissingFolderNamesItAndLeavesNothing) {
  const std::string path = (dir / "no_such_folder" / "done").string();
  try {
    write_text_atomic(path, "x\n");
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find((dir / "no_such_folder").string()), std::string::npos) << e.what();
  }
  EXPECT_TRUE(fs::is_empty(dir));
}

TEST_F(RunFiles, OnlyOldTemporaryFilesAreSweptUp) {
  const auto touch = [&](const std::string& name, std::chrono::minutes age) {
    write_text_atomic((dir / name).string(), "x");
    fs::last_write_time(dir / name, fs::file_time_type::clock::now() - age);
  };
  touch("latest.ckpt.tmp.4242-0", std::chrono::minutes(120));  // left by a killed process
  touch("latest.ckpt.tmp.4243-7", std::chrono::minutes(5));    // perhaps being written now
  touch("notes.tmp.txt", std::chrono::minutes(120));           // not ours: a user's file
  touch("notes.tmp.1-x", std::chrono::minutes(120));
  touch("latest.ckpt", std::chrono::minutes(120));
  EXPECT_EQ(remove_stale_temp_files(dir.string(), std::chrono::hours(1)), 1);
  std::set<std::string> names;
  for (const auto& entry : fs::directory_iterator(dir)) names.insert(entry.path().filename().string());
  EXPECT_EQ(names, (std::set<std::string>{"latest.ckpt.tmp.4243-7", "notes.tmp.txt", "notes.tmp.1-x", "latest.ckpt"}));
  EXPECT_EQ(remove_stale_temp_files((dir / "missing").string(), std::chrono::hours(1)), 0);
}

}  // namespace
}  // namespace bredon
