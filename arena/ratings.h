// Bradley-Terry (Elo) ratings with error bars over all pairwise results of a run: checkpoints
// and fixed anchors. Fitted by Newton's method on the log-likelihood (Eigen does the algebra);
// draws count half a win; a weak Gaussian prior keeps perfect scores finite. The first player
// listed is the anchor at 0 Elo.
//
// The prior of a player is centred on the anchor, or on the rating of its `prior_parent` (the
// checkpoint before it). A prior centred on the anchor pulls every checkpoint of a long run
// toward it, and the pulls add up along the ladder: 30 checkpoints that score 50% against each
// other came out sloping down by 77 Elo. Centred on the predecessor, it only bounds each step.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace bredon {

struct PairResult {
  std::string a, b;
  int wins = 0, draws = 0, losses = 0;  // for a
};

struct Rating {
  std::string player;
  double elo = 0;
  double stderr_elo = 0;  // one standard error; the 95% interval is +-1.96 of it
  int games = 0;
};

// `players[0]` is the anchor; players not in `players` but in the results are appended.
std::vector<Rating> fit_ratings(std::vector<std::string> players, const std::vector<PairResult>& results,
                                double prior_sd_elo = 1000.0,
                                const std::map<std::string, std::string>& prior_parent = {});

std::string ratings_json(const std::vector<Rating>& ratings);
std::string ratings_table(const std::vector<Rating>& ratings);

}  // namespace bredon
