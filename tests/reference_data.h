// Readers for the shared reference data (../shared/reference) used by the tests.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "selfplay/tactics_suite.h"

namespace bredon::testing {

using bredon::TacticsEntry;

// The shared folder: $BREDON_SHARED if set, else the path CMake was configured with.
std::string shared_dir();
std::string read_file(const std::string& path);

struct PerftRow {
  int line = 0;
  int size = 0;
  std::string tps;  // "startpos" for the empty board
  int half_komi = 0;
  int depth = 0;
  uint64_t nodes = 0;
  std::string convention;
};
std::vector<PerftRow> perft_rows();

// Every entry of one reference/tactics/*.jsonl file.
std::vector<TacticsEntry> tactics(const std::string& file_name);

}  // namespace bredon::testing
