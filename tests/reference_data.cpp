#include "reference_data.h"

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <stdexcept>

namespace bredon::testing {

std::string shared_dir() {
  if (const char* env = std::getenv("BREDON_SHARED")) return env;
  return BREDON_SHARED_DIR;
}

std::string read_file(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("cannot open " + path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<PerftRow> perft_rows() {
  std::istringstream in(read_file(shared_dir() + "/reference/perft.tsv"));
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

namespace {

// Value of "key": either a JSON string, number/null, or an array of strings.
std::string json_scalar(const std::string& obj, const std::string& key) {
  const size_t k = obj.find("\"" + key + "\":");
  if (k == std::string::npos) return "";
  size_t i = k + key.size() + 3;
  while (obj[i] == ' ') ++i;
  if (obj[i] == '"') {
    const size_t end = obj.find('"', i + 1);
    return obj.substr(i + 1, end - i - 1);
  }
  size_t end = i;
  while (end < obj.size() && obj[end] != ',' && obj[end] != '}') ++end;
  return obj.substr(i, end - i);
}

std::vector<std::string> json_string_array(const std::string& obj, const std::string& key) {
  std::vector<std::string> out;
  const size_t k = obj.find("\"" + key + "\":");
  if (k == std::string::npos) return out;
  size_t i = obj.find('[', k);
  const size_t end = obj.find(']', i);
  while (true) {
    const size_t q1 = obj.find('"', i);
    if (q1 == std::string::npos || q1 > end) break;
    const size_t q2 = obj.find('"', q1 + 1);
    out.push_back(obj.substr(q1 + 1, q2 - q1 - 1));
    i = q2 + 1;
  }
  return out;
}

}  // namespace

std::vector<TacticsEntry> tactics(const std::string& file_name) {
  std::istringstream in(read_file(shared_dir() + "/reference/tactics/" + file_name));
  std::vector<TacticsEntry> out;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty()) continue;
    TacticsEntry e;
    e.id = json_scalar(line, "id");
    e.size = std::stoi(json_scalar(line, "size"));
    const std::string hk = json_scalar(line, "half_komi");
    e.half_komi = (hk.empty() || hk == "null") ? 0 : std::stoi(hk);
    e.tps = json_scalar(line, "tps");
    e.answers = json_string_array(line, "moves_ptn");
    if (e.answers.empty()) e.answers = json_string_array(line, "good_moves_ptn");
    e.bad_moves = json_string_array(line, "bad_moves_ptn");
    out.push_back(e);
  }
  return out;
}

}  // namespace bredon::testing
