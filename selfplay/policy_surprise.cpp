#include "selfplay/policy_surprise.h"

#include <algorithm>
#include <cmath>

namespace bredon {

float policy_surprise(const std::vector<std::pair<Move, float>>& target,
                      const std::vector<std::pair<Move, float>>& prior) {
  constexpr float kFloor = 1e-6f;
  double kl = 0;
  for (size_t i = 0; i < target.size(); ++i) {
    const auto& [move, t] = target[i];
    if (t <= 0) continue;
    float p = kFloor;
    // The search lists both in the same order, so look at the same index before scanning.
    if (i < prior.size() && prior[i].first == move) {
      p = std::max(prior[i].second, kFloor);
    } else {
      for (const auto& [m, q] : prior)
        if (m == move) {
          p = std::max(q, kFloor);
          break;
        }
    }
    kl += t * std::log(t / p);
  }
  // Rounding can leave a hair below 0 when the two agree.
  return static_cast<float>(std::max(kl, 0.0));
}

}  // namespace bredon
