// The one batch driver: leaves from many searches evaluated in one evaluator call (lc0's
// AddInput/ComputeBlocking). Whoever drives searches (self-play games, a match with its games
// in flight, the bot's think) steps each search until it needs an evaluation, adds it here,
// then computes once; every search gets its own result back.
#pragma once

#include <cstddef>
#include <vector>

#include "search/evaluator.h"
#include "search/search.h"

namespace bredon {

class EvalBatch {
 public:
  // Queues the leaves `search` is waiting on (its step() has just said NeedsEval).
  void add(Search& search) {
    for (size_t slot = 0; slot < search.pending(); ++slot) {
      searches_.push_back(&search);
      slots_.push_back(slot);
      requests_.push_back(search.request(slot));
    }
  }
  size_t size() const { return searches_.size(); }
  bool empty() const { return searches_.empty(); }
  // One evaluator call for every queued leaf; each search is given its result. Empties the batch.
  void compute(Evaluator& evaluator);

 private:
  std::vector<Search*> searches_;
  std::vector<size_t> slots_;
  std::vector<EvalRequest> requests_;
  std::vector<EvalResult> results_;  // kept: their vectors are reused from batch to batch
};

}  // namespace bredon
