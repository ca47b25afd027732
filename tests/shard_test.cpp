// HDF5 shards: what is written is read back exactly; half-written and truncated files are handled.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include <hdf5.h>

#include "data/shard.h"
#include "util/checksum.h"
#include "reference_data.h"
#include "selfplay_games.h"

namespace bredon {
namespace {

using testing::play;

std::string temp_dir(const std::string& name) {
  const auto dir = std::filesystem::temp_directory_path() / ("bredon_" + name);
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  return dir.string();
}

Shard shard_from(const std::vector<FinishedGame>& games) {
  Shard s;
  s.size = 4;
  s.model_id = "heuristic";
  s.config = "game:\n  size: 4\n";
  s.created_unix = 1700000000;
  for (const auto& g : games) {
    for (PositionRecord p : g.positions) {
      p.game = static_cast<int64_t>(s.games.size());
      s.positions.push_back(std::move(p));
    }
    s.games.push_back(g.row);
  }
  return s;
}

TEST(Shard, WriteThenReadGivesBackExactlyWhatWasWritten) {
  const std::string dir = temp_dir("shard_rt");
  const Shard s = shard_from(play(11, 3));
  write_shard(dir + "/a.h5", s);
  const Shard r = read_shard(dir + "/a.h5");
  EXPECT_EQ(r.size, s.size);
  EXPECT_EQ(r.model_id, s.model_id);
  EXPECT_EQ(r.config, s.config);
  EXPECT_EQ(r.created_unix, s.created_unix);
  ASSERT_EQ(r.positions.size(), s.positions.size());
  for (size_t i = 0; i < s.positions.size(); ++i) EXPECT_TRUE(r.positions[i] == s.positions[i]) << i;
  ASSERT_EQ(r.games.size(), s.games.size());
  for (size_t i = 0; i < s.games.size(); ++i) EXPECT_TRUE(r.games[i] == s.games[i]) << i;
  std::filesystem::remove_all(dir);
}

// Shards written before /positions/policy_surprise existed read with surprise 0, the rest intact.
TEST(Shard, AShardWithoutPolicySurpriseReadsItAsZero) {
  const std::string dir = temp_dir("shard_no_surprise");
  const Shard s = shard_from(play(11, 2));
  bool any = false;
  for (const auto& p : s.positions) any = any || p.policy_surprise > 0;
  ASSERT_TRUE(any);  // else the test would show nothing
  write_shard(dir + "/a.h5", s);
  // Take the dataset out as an older writer would have left it: drop the trailer, delete the
  // dataset, then add a trailer for the new bytes.
  const std::string path = dir + "/a.h5";
  std::filesystem::resize_file(path, std::filesystem::file_size(path) - 16);
  {
    const hid_t file = H5Fopen(path.c_str(), H5F_ACC_RDWR, H5P_DEFAULT);
    ASSERT_GE(file, 0);
    ASSERT_GE(H5Ldelete(file, "/positions/policy_surprise", H5P_DEFAULT), 0);
    H5Fclose(file);
  }
  const std::string bytes = testing::read_file(path);
  const uint64_t hash = fnv1a(bytes);
  std::ofstream out(path, std::ios::binary | std::ios::app);
  out.write("BRDNSUM1", 8);
  for (int i = 0; i < 8; ++i) out.put(static_cast<char>((hash >> (8 * i)) & 0xff));
  out.close();
  const Shard r = read_shard(path);
  ASSERT_EQ(r.positions.size(), s.positions.size());
  for (size_t i = 0; i < s.positions.size(); ++i) {
    EXPECT_EQ(r.positions[i].policy_surprise, 0.0f);
    PositionRecord expected = s.positions[i];
    expected.policy_surprise = 0;
    EXPECT_TRUE(r.positions[i] == expected) << i;
  }
  std::filesystem::remove_all(dir);
}

TEST(Shard, AHalfWrittenShardIsNotPickedUpAndATruncatedOneIsRefused) {
  const std::string dir = temp_dir("shard_kill");
  const Shard s = shard_from(play(12, 2));
  write_shard(dir + "/000001.h5", s);
  // A writer killed mid-write leaves only its temporary name.
  std::filesystem::copy_file(dir + "/000001.h5", dir + "/000002.h5.tmp");
  std::filesystem::resize_file(dir + "/000002.h5.tmp", std::filesystem::file_size(dir + "/000001.h5") / 2);
  EXPECT_EQ(list_shards(dir), std::vector<std::string>{dir + "/000001.h5"});
  // A truncated file under a complete name (copied by hand, say) is refused with its name.
  std::filesystem::copy_file(dir + "/000002.h5.tmp", dir + "/000003.h5");
  try {
    read_shard(dir + "/000003.h5");
    FAIL() << "read a truncated shard";
  } catch (const ShardError& e) {
    EXPECT_NE(std::string(e.what()).find("000003.h5"), std::string::npos) << e.what();
  }
  std::filesystem::remove_all(dir);
}

std::string refusal(const std::string& path) {
  try {
    read_shard(path);
  } catch (const ShardError& e) {
    return e.what();
  }
  return "";
}

TEST(Shard, AnyChangedByteIsRefusedByTheChecksumBeforeHdf5ReadsIt) {
  const std::string dir = temp_dir("shard_flip");
  write_shard(dir + "/a.h5", shard_from(play(13, 2)));
  const std::string whole = testing::read_file(dir + "/a.h5");
  // Every 97th byte, trailer included, flipped one at a time.
  for (size_t at = 0; at < whole.size(); at += 97) {
    std::string damaged = whole;
    damaged[at] = static_cast<char>(damaged[at] ^ 0x20);
    std::ofstream(dir + "/b.h5", std::ios::binary | std::ios::trunc) << damaged;
    const std::string why = refusal(dir + "/b.h5");
    EXPECT_TRUE(why.find("checksum") != std::string::npos) << "byte " << at << ": " << why;
  }
  std::ofstream(dir + "/empty.h5", std::ios::binary | std::ios::trunc);
  EXPECT_NE(refusal(dir + "/empty.h5").find("too short to be a shard"), std::string::npos);
  std::filesystem::remove_all(dir);
}

TEST(Shard, FilesThatBreakLibhdf5ItselfNeverReachIt) {
  // Each of these over-reads or hangs inside libhdf5 1.10 when opened (tests/fuzz/libhdf5_bugs).
  const std::string bugs = std::string(BREDON_SOURCE_DIR) + "/tests/fuzz/libhdf5_bugs/";
  for (const char* name : {"global_heap_overread.h5", "hdf5_global_heap_loop.h5"})
    EXPECT_NE(refusal(bugs + name).find("no checksum trailer"), std::string::npos) << name;
}

}  // namespace
}  // namespace bredon
