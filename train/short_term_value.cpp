#include "train/short_term_value.h"

#include <algorithm>
#include <map>

namespace bredon {

void set_short_term_values(std::vector<PositionRecord>& positions, double plies) {
  const double keep = 1.0 - 1.0 / std::max(1.0, plies);
  std::map<int64_t, std::vector<size_t>> games;
  for (size_t i = 0; i < positions.size(); ++i) games[positions[i].game].push_back(i);
  for (auto& [game, rows] : games) {
    std::sort(rows.begin(), rows.end(), [&](size_t a, size_t b) { return positions[a].ply < positions[b].ply; });
    const PositionRecord& last = positions[rows.back()];
    double later = last.result;  // the tail: the result, for the last position's side to move
    int later_ply = last.ply;
    for (size_t k = rows.size(); k-- > 0;) {
      PositionRecord& p = positions[rows[k]];
      const double seen_from_here = (later_ply - p.ply) % 2 == 0 ? later : -later;
      later = (1.0 - keep) * p.root_value + keep * seen_from_here;
      later_ply = p.ply;
      p.short_term_value = static_cast<float>(later);
    }
  }
}

}  // namespace bredon
