// The Elo difference a match result implies, with its 95% interval: Wilson's score interval,
// widened for W/D/L by taking the draws' share of the variance into account.
#pragma once

namespace bredon {

struct EloEstimate {
  double elo = 0, low = 0, high = 0;
};
EloEstimate elo_from_results(int wins, int draws, int losses);

}  // namespace bredon
