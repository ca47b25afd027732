// The Elo difference a match result implies, with its 95% interval from the trinomial
// (win/draw/loss) variance of the per-game score.
#pragma once

namespace bredon {

struct EloEstimate {
  double elo = 0, low = 0, high = 0;
};
EloEstimate elo_from_results(int wins, int draws, int losses);

}  // namespace bredon
