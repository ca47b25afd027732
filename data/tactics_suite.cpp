#include "data/tactics_suite.h"

#include <fstream>
#include <stdexcept>

namespace bredon {
namespace {

// The value of "key" in a flat JSON object: a string, a number or null (as text).
std::string scalar(const std::string& obj, const std::string& key) {
  const size_t k = obj.find("\"" + key + "\":");
  if (k == std::string::npos) return "";
  size_t i = k + key.size() + 3;
  while (i < obj.size() && obj[i] == ' ') ++i;
  if (i < obj.size() && obj[i] == '"') {
    const size_t end = obj.find('"', i + 1);
    return end == std::string::npos ? "" : obj.substr(i + 1, end - i - 1);
  }
  size_t end = i;
  while (end < obj.size() && obj[end] != ',' && obj[end] != '}') ++end;
  return obj.substr(i, end - i);
}

std::vector<std::string> strings(const std::string& obj, const std::string& key) {
  std::vector<std::string> out;
  const size_t k = obj.find("\"" + key + "\":");
  if (k == std::string::npos) return out;
  size_t i = obj.find('[', k);
  const size_t end = obj.find(']', i);
  if (i == std::string::npos || end == std::string::npos) return out;
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

std::vector<TacticsEntry> read_tactics(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw std::runtime_error("tactics file " + path + ": cannot open");
  std::vector<TacticsEntry> out;
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    if (line.empty()) continue;
    TacticsEntry e;
    e.id = scalar(line, "id");
    e.tps = scalar(line, "tps");
    try {
      e.size = std::stoi(scalar(line, "size"));
      const std::string hk = scalar(line, "half_komi");
      e.half_komi = (hk.empty() || hk == "null") ? 0 : std::stoi(hk);
    } catch (const std::exception&) {
      throw std::runtime_error("tactics file " + path + " line " + std::to_string(number) + ": bad size or half_komi");
    }
    e.answers = strings(line, "moves_ptn");
    if (e.answers.empty()) e.answers = strings(line, "good_moves_ptn");
    e.bad_moves = strings(line, "bad_moves_ptn");
    out.push_back(e);
  }
  return out;
}

bool is_an_answer(const TacticsEntry& entry, Move move) {
  for (const auto& answer : entry.answers)
    if (parse_ptn_move(answer, entry.size) == move) return true;
  return false;
}

}  // namespace bredon
