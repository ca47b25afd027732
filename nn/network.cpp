#include "nn/network.h"

#include "model/action_index.h"
#include "model/encoding.h"

namespace bredon {
namespace nn = torch::nn;

namespace {
nn::Conv2d conv(int in, int out, int kernel, bool bias) {
  return nn::Conv2d(nn::Conv2dOptions(in, out, kernel).padding(kernel / 2).bias(bias));
}
}  // namespace

torch::Tensor global_pool(const torch::Tensor& x) {
  const auto flat = x.flatten(2);
  return torch::cat({flat.mean(2), std::get<0>(flat.max(2))}, 1);
}

ResidualBlockImpl::ResidualBlockImpl(int channels, bool global_pooling) {
  conv1 = register_module("conv1", conv(channels, channels, 3, false));
  bn1 = register_module("bn1", nn::BatchNorm2d(channels));
  conv2 = register_module("conv2", conv(channels, channels, 3, false));
  bn2 = register_module("bn2", nn::BatchNorm2d(channels));
  if (global_pooling) pool_bias = register_module("pool_bias", nn::Linear(2 * channels, channels));
}

torch::Tensor ResidualBlockImpl::forward(const torch::Tensor& x) {
  auto y = torch::relu(bn1(conv1(x)));
  // Global pooling lets every square see board-wide facts (reserves running out, who leads on
  // flats, a road threat across the board) that 3x3 convolutions reach only after many layers.
  if (pool_bias) y = y + pool_bias(global_pool(y)).unsqueeze(2).unsqueeze(3);
  y = bn2(conv2(y));
  return torch::relu(x + y);
}

TakNetImpl::TakNetImpl(int size, const ModelConfig& config) : size_(size), config_(config) {
  const int c = config.channels;
  input_conv = register_module("input_conv", conv(input_channels(size), c, 3, false));
  input_bn = register_module("input_bn", nn::BatchNorm2d(c));
  blocks = register_module("blocks", nn::ModuleList());
  for (int b = 0; b < config.blocks; ++b) {
    const bool pool = config.gpool_every > 0 && (b % config.gpool_every) == config.gpool_every - 1;
    blocks->push_back(ResidualBlock(c, pool));
  }
  policy_conv = register_module("policy_conv", conv(c, config.policy_channels, 1, false));
  policy_bn = register_module("policy_bn", nn::BatchNorm2d(config.policy_channels));
  policy_pool_bias = register_module("policy_pool_bias", nn::Linear(2 * c, config.policy_channels));
  policy_out = register_module("policy_out", conv(config.policy_channels, actions_per_square(size), 1, true));
  if (config.soft_policy_head)
    soft_policy_out =
        register_module("soft_policy_out", conv(config.policy_channels, actions_per_square(size), 1, true));
  value_conv = register_module("value_conv", conv(c, config.value_channels, 1, false));
  value_bn = register_module("value_bn", nn::BatchNorm2d(config.value_channels));
  value_fc = register_module("value_fc", nn::Linear(2 * config.value_channels, config.value_hidden));
  wdl_out = register_module("wdl_out", nn::Linear(config.value_hidden, 3));
  margin_out = register_module("margin_out", nn::Linear(config.value_hidden, 1));
  moves_left_out = register_module("moves_left_out", nn::Linear(config.value_hidden, 1));
  if (config.ownership_head) ownership_conv = register_module("ownership_conv", conv(c, 1, 1, true));
}

NetworkOutput TakNetImpl::forward(const torch::Tensor& planes) {
  auto x = torch::relu(input_bn(input_conv(planes)));
  for (const auto& block : *blocks) x = block->as<ResidualBlock>()->forward(x);
  NetworkOutput out;
  auto p = policy_bn(policy_conv(x)) + policy_pool_bias(global_pool(x)).unsqueeze(2).unsqueeze(3);
  p = torch::relu(p);
  // [B, P, N, N] -> [B, N, N, P] -> [B, N*N*P]: square-major, as the action index is.
  auto actions = [](const torch::Tensor& t) { return t.permute({0, 2, 3, 1}).reshape({t.size(0), -1}); };
  out.policy_logits = actions(policy_out(p));
  // Only the loss reads the soft policy, so searches do not pay for it.
  if (soft_policy_out && is_training()) out.soft_policy_logits = actions(soft_policy_out(p));
  auto v = global_pool(torch::relu(value_bn(value_conv(x))));
  v = torch::relu(value_fc(v));
  out.wdl_logits = wdl_out(v);
  out.flat_margin = margin_out(v).squeeze(1);
  out.moves_left = torch::softplus(moves_left_out(v)).squeeze(1);
  if (ownership_conv) out.ownership = torch::tanh(ownership_conv(x)).squeeze(1);
  return out;
}

void copy_weights(const TakNet& from, TakNet& to) {
  torch::NoGradGuard no_grad;
  auto src = from->named_parameters(true), dst = to->named_parameters(true);
  for (auto& item : src) dst[item.key()].copy_(item.value());
  auto sb = from->named_buffers(true), db = to->named_buffers(true);
  for (auto& item : sb) db[item.key()].copy_(item.value());
}

void TakNetImpl::use_channels_last() {
  torch::NoGradGuard no_grad;
  for (auto& p : parameters())
    if (p.dim() == 4) p.set_data(p.contiguous(torch::MemoryFormat::ChannelsLast));
}

double TakNetImpl::flops_per_position() const {
  const double area = size_ * size_, c = config_.channels;
  double macs = area * input_channels(size_) * c * 9;
  for (int b = 0; b < config_.blocks; ++b) {
    macs += 2 * area * c * c * 9;
    if (config_.gpool_every > 0 && (b % config_.gpool_every) == config_.gpool_every - 1) macs += 2 * c * c;
  }
  macs += area * c * config_.policy_channels + 2 * c * config_.policy_channels;
  macs += area * config_.policy_channels * actions_per_square(size_);  // searches skip the soft policy head
  macs += area * c * config_.value_channels + 2.0 * config_.value_channels * config_.value_hidden +
          config_.value_hidden * 5.0;
  if (config_.ownership_head) macs += area * c;
  return 2 * macs;
}

}  // namespace bredon
