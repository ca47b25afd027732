#include "arena/elo.h"

#include <algorithm>
#include <cmath>

namespace bredon {

EloEstimate elo_from_results(int wins, int draws, int losses) {
  const double n = wins + draws + losses;
  if (n == 0) return {};
  auto elo = [](double s) {
    s = std::min(std::max(s, 1e-3), 1 - 1e-3);
    return -400.0 * std::log10(1.0 / s - 1.0);
  };
  const double s = (wins + 0.5 * draws) / n;
  const double var = (wins * std::pow(1 - s, 2) + draws * std::pow(0.5 - s, 2) + losses * std::pow(0 - s, 2)) / n;
  const double se = std::sqrt(var / n);
  return {elo(s), elo(s - 1.96 * se), elo(s + 1.96 * se)};
}

}  // namespace bredon
