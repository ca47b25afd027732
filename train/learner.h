// One gradient step at a time: losses, optimiser (AdamW or SGD with Nesterov momentum) and the
// learning-rate schedule (linear warm-up, then step decay).
#pragma once

#include <memory>

#include "model/network.h"
#include "train/run_config.h"
#include "train/training_batch.h"

namespace bredon {

struct LossStats {
  double policy = 0, value = 0, margin = 0, moves_left = 0, ownership = 0, total = 0;
  double learning_rate = 0;
};

class Learner {
 public:
  Learner(TakNet net, const TrainConfig& config);
  LossStats step(const TrainingBatch& batch);
  double learning_rate_at(int64_t step) const;
  torch::optim::Optimizer& optimizer() { return *optimizer_; }
  int64_t steps() const { return steps_; }
  void set_steps(int64_t s) { steps_ = s; }

 private:
  TakNet net_;
  TrainConfig config_;
  std::unique_ptr<torch::optim::Optimizer> optimizer_;
  int64_t steps_ = 0;
};

// Computes the weighted losses of a forward pass (also used to report losses without a step).
LossStats compute_losses(const NetworkOutput& out, const TrainingBatch& batch, const TrainConfig& config,
                         torch::Tensor* total);

}  // namespace bredon
