#include "arena/elo.h"

#include <algorithm>
#include <cmath>

namespace bredon {
namespace {

// Scores of 0 and 1 map to the +-1200 cap rather than to infinity; adding 0.0 turns an even
// score's -0 into 0, which printf would otherwise show as "-0".
double elo_of_score(double s) {
  s = std::min(std::max(s, 1e-3), 1 - 1e-3);
  return -400.0 * std::log10(1.0 / s - 1.0) + 0.0;
}

}  // namespace

// The normal approximation around the observed score (s +- 1.96 * its standard error) collapses
// to a point when the observed variance is zero: 1-0-0 or 200-0-0 came out as "1200 [1200, 1200]",
// and every game drawn as "0 [0, 0]". Wilson's interval instead takes the variance at each
// candidate true score p. A game scoring 1, 1/2 or 0 with draw rate d has variance
// p(1 - p) - d/4, so the bounds are the roots of (s - p)^2 = z^2/n (p(1 - p) - d/4), which for
// d = 0 is Wilson's interval itself. The draw rate is counted over n + 2 games so that an
// all-draw result keeps some width; away from the extremes the bounds agree with the normal
// approximation to within an Elo or two once there are 200 games.
EloEstimate elo_from_results(int wins, int draws, int losses) {
  const double n = wins + draws + losses;
  if (n == 0) return {};
  const double z = 1.96;
  const double s = (wins + 0.5 * draws) / n;
  const double draw_rate = draws / (n + 2);
  const double k = z * z / n;
  // (1 + k) p^2 - (2s + k) p + (s^2 + k d / 4) = 0
  const double a = 1 + k, b = -(2 * s + k), c = s * s + k * draw_rate / 4;
  const double root = std::sqrt(std::max(0.0, b * b - 4 * a * c));
  return {elo_of_score(s), elo_of_score((-b - root) / (2 * a)), elo_of_score((-b + root) / (2 * a))};
}

}  // namespace bredon
