// Sequential probability ratio test for "is A stronger than B by elo1 rather than elo0?", with
// the usual normal approximation over the trinomial (win/draw/loss) per-game scores.
#pragma once

namespace bredon {

struct SprtResult {
  double llr = 0, lower = 0, upper = 0;
  int verdict = 0;  // +1 accept H1 (elo >= elo1), -1 accept H0 (elo <= elo0), 0 continue
};

SprtResult sprt(int wins, int draws, int losses, double elo0, double elo1, double alpha = 0.05, double beta = 0.05);

}  // namespace bredon
