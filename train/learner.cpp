#include "train/learner.h"

#include <cmath>

namespace bredon {

Learner::Learner(TakNet net, const TrainConfig& config) : net_(std::move(net)), config_(config) {
  if (config.optimizer == "sgd") {
    optimizer_ = std::make_unique<torch::optim::SGD>(
        net_->parameters(), torch::optim::SGDOptions(config.learning_rate)
                                .momentum(config.momentum)
                                .nesterov(true)
                                .weight_decay(config.weight_decay));
  } else {
    optimizer_ = std::make_unique<torch::optim::AdamW>(
        net_->parameters(), torch::optim::AdamWOptions(config.learning_rate).weight_decay(config.weight_decay));
  }
}

double Learner::learning_rate_at(int64_t step) const {
  double lr = config_.learning_rate;
  if (config_.lr_warmup_steps > 0 && step < config_.lr_warmup_steps)
    lr *= static_cast<double>(step + 1) / config_.lr_warmup_steps;
  if (config_.lr_decay_steps > 0) lr *= std::pow(config_.lr_decay_factor, static_cast<double>(step / config_.lr_decay_steps));
  return lr;
}

LossStats compute_losses(const NetworkOutput& out, const TrainingBatch& batch, const TrainConfig& config,
                         torch::Tensor* total) {
  LossStats s;
  const auto full_count = batch.full.sum().clamp_min(1.0);
  const auto policy_loss =
      (-(batch.policy * torch::log_softmax(out.policy_logits, 1)).sum(1) * batch.full).sum() / full_count;
  const auto value_loss = torch::nn::functional::cross_entropy(out.wdl_logits, batch.wdl);
  const auto margin_loss = torch::nn::functional::smooth_l1_loss(out.flat_margin, batch.margin);
  const auto moves_left_loss = torch::nn::functional::smooth_l1_loss(out.moves_left, batch.moves_left);
  torch::Tensor ownership_loss = torch::zeros({});
  if (out.ownership.defined()) ownership_loss = torch::mse_loss(out.ownership, batch.ownership);
  const auto loss = config.policy_weight * policy_loss + config.value_weight * value_loss +
                    config.margin_weight * margin_loss + config.moves_left_weight * moves_left_loss +
                    config.ownership_weight * ownership_loss;
  s.policy = policy_loss.item<double>();
  s.value = value_loss.item<double>();
  s.margin = margin_loss.item<double>();
  s.moves_left = moves_left_loss.item<double>();
  s.ownership = ownership_loss.item<double>();
  s.total = loss.item<double>();
  if (total) *total = loss;
  return s;
}

LossStats Learner::step(const TrainingBatch& batch) {
  net_->train();
  const double lr = learning_rate_at(steps_);
  for (auto& group : optimizer_->param_groups()) group.options().set_lr(lr);
  optimizer_->zero_grad();
  torch::Tensor loss;
  LossStats s = compute_losses(net_->forward(batch.planes), batch, config_, &loss);
  loss.backward();
  optimizer_->step();
  ++steps_;
  s.learning_rate = lr;
  return s;
}

}  // namespace bredon
