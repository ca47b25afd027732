// Short-term value targets: for each position, an exponentially weighted mean of the search
// values of it and the positions after it in its game, with the final result as the tail. A game
// result is one noisy bit that a single blunder late in a long game can flip; the searches' own
// values a few plies ahead carry much of the same knowledge with far less noise (KataGo trains
// short-term value heads for this reason; here the targets are blended into the one WDL head).
//
// With l = 1 - 1/plies, for a game's recorded positions t = 0..n-1, q_t the search value for
// the side to move at t and z the result for the side to move at the last one:
//   v_{n-1} = (1 - l) q_{n-1} + l z
//   v_t     = (1 - l) q_t     + l s_t v_{t+1}
// where s_t = +1 or -1 turns v_{t+1} to the view of t's side to move (-1 when the plies between
// them are odd). `plies` is the horizon: the weight on values beyond it falls off as l^k.
#pragma once

#include <vector>

#include "data/shard.h"

namespace bredon {

// Sets short_term_value of every position in `positions`, grouping them by game and ordering
// each game by ply (the order in the shard does not matter). plies >= 1; 1 gives the search
// value alone.
void set_short_term_values(std::vector<PositionRecord>& positions, double plies);

}  // namespace bredon
