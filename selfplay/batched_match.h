// A match between two search players with all its games in flight at once: each side's leaf
// requests from every game go to its evaluator as one batch. For network players this is
// several times faster than play_match, which asks the network for one position at a time
// (during a training run, evaluation games took a third of the run). Same openings, colours
// and deterministic search as play_match with SearchPlayers, so with an evaluator whose output
// does not depend on the batch the results are the same.
#pragma once

#include <string>

#include "selfplay/evaluator.h"
#include "selfplay/match.h"
#include "selfplay/search.h"

namespace bredon {

struct SearchSide {
  Evaluator* evaluator = nullptr;
  SearchConfig search;
  int simulations = 32;
};

// W/D/L for `a`; ptn_games is left empty.
MatchResult play_batched_match(const SearchSide& a, const SearchSide& b, const MatchConfig& config);

}  // namespace bredon
