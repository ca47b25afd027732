#include "arena/sprt.h"

#include <cmath>

namespace bredon {

SprtResult sprt(int wins, int draws, int losses, double elo0, double elo1, double alpha, double beta) {
  SprtResult r;
  r.lower = std::log(beta / (1 - alpha));
  r.upper = std::log((1 - beta) / alpha);
  const double n = wins + draws + losses;
  if (n == 0) return r;
  const double mean = (wins + 0.5 * draws) / n;
  const double var = (wins * std::pow(1 - mean, 2) + draws * std::pow(0.5 - mean, 2) + losses * std::pow(mean, 2)) / n;
  if (var <= 0) {
    // All games alike (say, all wins): fall back to a small variance so the test can decide.
    r.llr = mean > 0.5 ? r.upper : mean < 0.5 ? r.lower : 0;
  } else {
    auto score = [](double elo) { return 1 / (1 + std::pow(10.0, -elo / 400)); };
    const double s0 = score(elo0), s1 = score(elo1);
    r.llr = n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
  }
  r.verdict = r.llr >= r.upper ? 1 : r.llr <= r.lower ? -1 : 0;
  return r;
}

}  // namespace bredon
