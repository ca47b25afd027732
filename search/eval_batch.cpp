#include "search/eval_batch.h"

namespace bredon {

void EvalBatch::compute(Evaluator& evaluator) {
  if (searches_.empty()) return;
  evaluator.evaluate(requests_, results_);
  for (size_t i = 0; i < searches_.size(); ++i) searches_[i]->provide(results_[i], slots_[i]);
  searches_.clear();
  slots_.clear();
  requests_.clear();
}

}  // namespace bredon
