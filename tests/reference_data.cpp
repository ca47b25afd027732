#include "reference_data.h"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace bredon::testing {

std::string data_dir() {
  if (const char* env = std::getenv("BREDON_TEST_DATA")) return env;
  return BREDON_TEST_DATA_DIR;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<PerftRow> perft_rows() {
  std::istringstream in(read_file(data_dir() + "/perft.tsv"));
  std::vector<PerftRow> rows;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (number == 1 || line.empty()) continue;
    std::vector<std::string> f;
    std::string cell;
    std::istringstream ls(line);
    while (std::getline(ls, cell, '\t')) f.push_back(cell);
    if (f.size() < 7) continue;
    PerftRow r;
    r.line = number;
    r.size = std::stoi(f[0]);
    r.tps = f[1];
    r.half_komi = std::stoi(f[2]);
    r.depth = std::stoi(f[3]);
    r.nodes = std::stoull(f[4]);
    r.convention = f[6];
    rows.push_back(r);
  }
  return rows;
}

}  // namespace bredon::testing
