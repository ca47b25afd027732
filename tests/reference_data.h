// Readers for the reference data the tests use, copied into tests/data (see tests/data/SOURCES.md).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace bredon::testing {

// tests/data: $BREDON_TEST_DATA if set, else the folder in the source tree.
std::string data_dir();
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

}  // namespace bredon::testing
