// Policy surprise: how far a full search's policy target moved from the network's prior, as the
// KL divergence KL(target || prior) in nats. KataGo samples training positions partly in
// proportion to it ("policy surprise weighting"), so positions where the search taught the
// network most are seen more often; train/replay_window.h does the sampling.
#pragma once

#include <utility>
#include <vector>

#include "core/move.h"

namespace bredon {

// Both lists cover the same moves (in any order); moves the target gives no weight add nothing.
// A prior entry of 0 (or one missing) counts as 1e-6, so the result stays finite.
float policy_surprise(const std::vector<std::pair<Move, float>>& target,
                      const std::vector<std::pair<Move, float>>& prior);

}  // namespace bredon
