// One gradient step at a time: losses, optimiser (AdamW or SGD with Nesterov momentum) and the
// learning-rate schedule (linear warm-up, then step decay).
//
// With train.data_parallel and T = train.threads > 1 the batch is cut into T shares, each
// share's forward and backward runs on its own thread on a replica of the network, and the
// gradients are summed into the network before one optimiser step. Callers set LibTorch's
// intra-op threads to config.intra_op_threads() (configure_torch_threads). For the 4x4 default
// network on 2 cores this trains about 1.7x faster than one thread, where one step on 2
// intra-op threads was slower than one thread (fork-join costs dominate its small
// convolutions); for the 6x6 network it measured slower. Batch norm statistics are per share
// (as in any data-parallel training); the running averages kept are those of the first share.
//
// The learner trains on its network's device (nn/device.h); on a GPU it takes the whole batch
// in one step (no shares) and copies each batch there.
#pragma once

#include <functional>
#include <memory>
#include <vector>

#include "nn/network.h"
#include "config/run_config.h"
#include "train/training_batch.h"

namespace bredon {

struct LossStats {
  double policy = 0, value = 0, margin = 0, moves_left = 0, ownership = 0, soft_policy = 0, total = 0;
  double learning_rate = 0;
  // Adds w times each of o's losses (the learning rate is left alone).
  void add_losses(const LossStats& o, double w) {
    policy += w * o.policy;
    value += w * o.value;
    margin += w * o.margin;
    moves_left += w * o.moves_left;
    ownership += w * o.ownership;
    soft_policy += w * o.soft_policy;
    total += w * o.total;
  }
  // Sums the losses of several steps; the learning rate is the latest one's.
  LossStats& operator+=(const LossStats& o) {
    add_losses(o, 1);
    learning_rate = o.learning_rate;
    return *this;
  }
};

class Learner {
 public:
  Learner(TakNet net, const TrainConfig& config);
  LossStats step(const TrainingBatch& batch);
  double learning_rate_at(int64_t step) const;
  torch::optim::Optimizer& optimizer() { return *optimizer_; }
  int64_t steps() const { return steps_; }
  // Data-parallel shares per step (threads while training).
  int shares() const { return static_cast<int>(replicas_.size()) + 1; }
  const torch::Device& device() const { return device_; }
  void set_steps(int64_t s) { steps_ = s; }
  // Called with the network between the backward pass and the optimiser step: data-parallel
  // training across processes averages the gradients there (train/distributed.h).
  void set_gradient_sync(std::function<void(TakNet&)> sync) { gradient_sync_ = std::move(sync); }

 private:
  // Sets this step's learning rate and clears the gradients; returns the rate.
  double begin_step();
  LossStats step_parallel(const TrainingBatch& batch);

  TakNet net_;
  torch::Device device_;
  std::vector<TakNet> replicas_;  // data-parallel copies for shares 1..T-1 (share 0 is net_)
  TrainConfig config_;
  std::unique_ptr<torch::optim::Optimizer> optimizer_;
  int64_t steps_ = 0;
  std::function<void(TakNet&)> gradient_sync_;
};

// Computes the weighted losses of a forward pass (also used to report losses without a step).
LossStats compute_losses(const NetworkOutput& out, const TrainingBatch& batch, const TrainConfig& config,
                         torch::Tensor* total);

}  // namespace bredon
