#include "train/learner.h"

#include <cmath>

#include "nn/device.h"
#include "nn/nn_evaluator.h"
#include "util/run_on_threads.h"

namespace bredon {

Learner::Learner(TakNet net, const TrainConfig& config)
    : net_(std::move(net)), device_(device_of(net_)), config_(config) {
  // Shares on threads split a CPU's cores; a GPU runs the whole batch at once.
  for (int k = 1; device_.is_cpu() && k < config.shares(); ++k) {
    TakNet replica(net_->size(), net_->config());
    copy_weights(net_, replica);
    replicas_.push_back(replica);
  }
  if (config.optimizer == "sgd") {
    optimizer_ = std::make_unique<torch::optim::SGD>(net_->parameters(), torch::optim::SGDOptions(config.learning_rate)
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
  if (config_.lr_decay_steps > 0)
    lr *= std::pow(config_.lr_decay_factor, static_cast<double>(step / config_.lr_decay_steps));
  return lr;
}

LossStats compute_losses(const NetworkOutput& out, const TrainingBatch& batch, const TrainConfig& config,
                         torch::Tensor* total) {
  LossStats s;
  const auto full_count = batch.full.sum().clamp_min(1.0);
  // Cross-entropy against the full searches' policy targets (cheap searches give none).
  auto policy_cross_entropy = [&](const torch::Tensor& target, const torch::Tensor& logits) {
    return (-(target * torch::log_softmax(logits, 1)).sum(1) * batch.full).sum() / full_count;
  };
  const auto policy_loss = policy_cross_entropy(batch.policy, out.policy_logits);
  torch::Tensor soft_policy_loss = torch::zeros({}, out.wdl_logits.options());
  if (out.soft_policy_logits.defined()) {
    // Flattening keeps zeros at zero, so illegal moves stay out of the soft target.
    auto soft = batch.policy.pow(config.soft_policy_power);
    soft = soft / soft.sum(1, true).clamp_min(1e-12);
    soft_policy_loss = policy_cross_entropy(soft, out.soft_policy_logits);
  }
  torch::Tensor value_loss = torch::nn::functional::cross_entropy(out.wdl_logits, batch.wdl);
  if (config.short_term_value_weight > 0 && batch.short_term.defined()) {
    // A scalar value v in [-1, 1] as a target over win/draw/loss: (1 + v) / 2 win, (1 - v) / 2 loss.
    const auto log_p = torch::log_softmax(out.wdl_logits, 1);
    const auto win = (1 + batch.short_term) / 2;
    const auto short_term_loss = -(win * log_p.select(1, 0) + (1 - win) * log_p.select(1, 2)).mean();
    const double w = config.short_term_value_weight;
    value_loss = (1 - w) * value_loss + w * short_term_loss;
  }
  const auto margin_loss = torch::nn::functional::smooth_l1_loss(out.flat_margin, batch.margin);
  const auto moves_left_loss = torch::nn::functional::smooth_l1_loss(out.moves_left, batch.moves_left);
  torch::Tensor ownership_loss = torch::zeros({}, out.wdl_logits.options());
  if (out.ownership.defined()) ownership_loss = torch::mse_loss(out.ownership, batch.ownership);
  const auto loss = config.policy_weight * policy_loss + config.value_weight * value_loss +
                    config.margin_weight * margin_loss + config.moves_left_weight * moves_left_loss +
                    config.ownership_weight * ownership_loss + config.soft_policy_weight * soft_policy_loss;
  s.policy = policy_loss.item<double>();
  s.value = value_loss.item<double>();
  s.margin = margin_loss.item<double>();
  s.moves_left = moves_left_loss.item<double>();
  s.ownership = ownership_loss.item<double>();
  s.soft_policy = soft_policy_loss.item<double>();
  s.total = loss.item<double>();
  if (total) *total = loss;
  return s;
}

double Learner::begin_step() {
  const double lr = learning_rate_at(steps_);
  for (auto& group : optimizer_->param_groups()) group.options().set_lr(lr);
  optimizer_->zero_grad();
  return lr;
}

LossStats Learner::step(const TrainingBatch& cpu_batch) {
  if (!replicas_.empty() && cpu_batch.planes.size(0) > static_cast<int64_t>(replicas_.size()))
    return step_parallel(cpu_batch);
  const TrainingBatch batch = batch_on(cpu_batch, device_);
  net_->train();
  const double lr = begin_step();
  torch::Tensor loss;
  LossStats s = compute_losses(net_->forward(batch.planes), batch, config_, &loss);
  loss.backward();
  if (gradient_sync_) gradient_sync_(net_);
  optimizer_->step();
  ++steps_;
  s.learning_rate = lr;
  return s;
}

namespace {

TrainingBatch share_of(const TrainingBatch& b, int64_t start, int64_t length) {
  return {b.planes.narrow(0, start, length),   b.policy.narrow(0, start, length), b.full.narrow(0, start, length),
          b.wdl.narrow(0, start, length),      b.margin.narrow(0, start, length), b.moves_left.narrow(0, start, length),
          b.ownership.narrow(0, start, length),
          b.short_term.defined() ? b.short_term.narrow(0, start, length) : b.short_term};
}

}  // namespace

LossStats Learner::step_parallel(const TrainingBatch& batch) {
  const int shares = static_cast<int>(replicas_.size()) + 1;
  const int64_t b = batch.planes.size(0);
  const double lr = begin_step();
  auto share_start = [&](int k) { return b * k / shares; };
  auto share_weight = [&](int k) {
    return static_cast<double>(share_start(k + 1) - share_start(k)) / static_cast<double>(b);
  };
  std::vector<LossStats> stats(static_cast<size_t>(shares));
  run_on_threads(shares, [&](int k) {
    adopt_torch_threads();
    TakNet& model = k == 0 ? net_ : replicas_[static_cast<size_t>(k - 1)];
    model->train();
    if (k > 0)
      for (auto& p : model->parameters())
        if (p.grad().defined()) p.mutable_grad().zero_();
    const TrainingBatch part = share_of(batch, share_start(k), share_start(k + 1) - share_start(k));
    torch::Tensor loss;
    stats[static_cast<size_t>(k)] = compute_losses(model->forward(part.planes), part, config_, &loss);
    loss.backward();
  });

  // Each share's loss is a mean over the share, so the batch's gradient is the share-weighted sum.
  LossStats s;
  {
    torch::NoGradGuard no_grad;
    auto params = net_->parameters();
    for (auto& p : params)
      if (p.grad().defined()) p.mutable_grad().mul_(share_weight(0));
    for (int k = 1; k < shares; ++k) {
      const double w = share_weight(k);
      auto theirs = replicas_[static_cast<size_t>(k - 1)]->parameters();
      for (size_t i = 0; i < params.size(); ++i)
        if (theirs[i].grad().defined()) {
          if (params[i].grad().defined())
            params[i].mutable_grad().add_(theirs[i].grad(), w);
          else
            params[i].mutable_grad() = theirs[i].grad() * w;
        }
    }
  }
  if (gradient_sync_) gradient_sync_(net_);
  optimizer_->step();
  for (auto& r : replicas_) copy_weights(net_, r);
  ++steps_;
  for (int k = 0; k < shares; ++k) s.add_losses(stats[static_cast<size_t>(k)], share_weight(k));
  s.learning_rate = lr;
  return s;
}

}  // namespace bredon
