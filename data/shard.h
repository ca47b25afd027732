// HDF5 game shards: what self-play writes and training reads.
//
// Schema, version 2 (attribute `schema_version` on the root group):
//   attributes: schema_version (int), size (int), half_komi (int), model_id (str), config (str:
//               the YAML text of the run), created_unix (int64)
//   /positions/tps          str   [P]  the position (TPS); planes under any symmetry are rebuilt
//                                      from it with model/encoding.h and model/symmetry.h
//   /positions/game         int64 [P]  row in /games of the game it comes from
//   /positions/ply          int16 [P]  plies played before this position
//   /positions/full_search  uint8 [P]  1: full search, its policy is a training target
//                                      (playout cap randomisation); 0: cheap search
//   /positions/root_value   f32   [P]  search value for the side to move
//   /positions/policy_surprise f32 [P] KL(policy target || network prior) of a full search, 0
//                                      for cheap ones (selfplay/policy_surprise.h); optional:
//                                      shards written before it read as 0
//   /positions/result       int8  [P]  final result for the side to move: +1 win, 0 draw, -1 loss
//   /positions/flat_margin  f32   [P]  final flats(me) - flats(them) - my komi, in points
//   /positions/moves_left   int16 [P]  plies from here to the end of the game
//   /positions/ownership    int8  [P, N*N]  final top owner per square (row-major, rank 1
//                                      first) from the side to move's view: +1, -1, 0 empty
//   /positions/policy_start int64 [P+1] position i's policy is entries [start[i], start[i+1])
//   /policy/action          int32 [K]  action index (model/action_index.h)
//   /policy/prob            f32   [K]  target probability; entries cover the legal moves
//   /games/ptn              str   [G]  the game as a PTN file
//   /games/result           str   [G]  R-0, 0-R, F-0, 0-F or 1/2-1/2
//   /games/id               int64 [G]  run-wide game id
//   /games/length           int16 [G]  plies
//   /games/resigned         uint8 [G]  1 if it ended by resignation
//   /games/model_id         str   [G]  checkpoint that played it
// After the HDF5 bytes comes a 16-byte trailer: "BRDNSUM1" and the FNV-1a (util/checksum.h) of
// every byte before it, little-endian. HDF5 and h5py ignore bytes past the file's end address; the
// reader checks the trailer before HDF5 opens the file, so a damaged or cut-short file is refused
// in words and never reaches libhdf5's parser (which 1.10 does not harden: tests/fuzz/libhdf5_bugs).
// Version 2 added the trailer; version 1 files are refused.
// A shard is written as `<name>.h5.tmp` and renamed to `<name>.h5` only when complete, so a
// killed writer never leaves a file the reader would take for whole.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace bredon {

constexpr int kShardSchemaVersion = 2;

class ShardError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct PositionRecord {
  std::string tps;
  int64_t game = 0;
  int16_t ply = 0;
  uint8_t full_search = 0;
  float root_value = 0;
  float policy_surprise = 0;
  int8_t result = 0;
  float flat_margin = 0;
  int16_t moves_left = 0;
  std::vector<int8_t> ownership;  // N*N
  std::vector<int32_t> policy_actions;
  std::vector<float> policy_probs;
  // Not stored: derived from the game's search values when training reads it
  // (train/short_term_value.h); == ignores it.
  float short_term_value = 0;
  bool operator==(const PositionRecord& o) const;
};

struct GameRecordRow {
  std::string ptn;
  std::string result;
  int64_t id = 0;
  int16_t length = 0;
  uint8_t resigned = 0;
  std::string model_id;
  bool operator==(const GameRecordRow& o) const;
};

struct Shard {
  int size = 0;
  int half_komi = 0;
  std::string model_id;
  std::string config;
  int64_t created_unix = 0;
  std::vector<PositionRecord> positions;
  std::vector<GameRecordRow> games;
};

// Throws ShardError naming the file and the problem.
void write_shard(const std::string& path, const Shard& shard);
Shard read_shard(const std::string& path);
// Complete shards (`*.h5`, not `*.tmp`) in a directory, oldest name first.
std::vector<std::string> list_shards(const std::string& dir);

}  // namespace bredon
