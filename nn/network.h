// The policy/value network (LibTorch): a residual tower with KataGo-style global pooling, a
// policy head over the action index, a win/draw/loss value head and auxiliary heads (final flat
// margin, moves left, square ownership) that help small networks learn.
#pragma once

#include <torch/torch.h>

#include "model/config.h"

namespace bredon {

struct NetworkOutput {
  torch::Tensor policy_logits;  // [B, action_count(N)], unmasked
  torch::Tensor wdl_logits;     // [B, 3]: win, draw, loss for the side to move
  torch::Tensor flat_margin;    // [B]: final (my flats - their flats - my komi) / N
  torch::Tensor moves_left;     // [B]: plies left in the game / N^2
  torch::Tensor ownership;      // [B, N, N] in [-1, 1]: final top owner (+1 me), or undefined
  torch::Tensor soft_policy_logits;  // [B, action_count(N)]: in training mode, with the soft policy head
};

// Mean and max over the board of each channel: [B, C, N, N] -> [B, 2C].
torch::Tensor global_pool(const torch::Tensor& x);

class ResidualBlockImpl : public torch::nn::Module {
 public:
  ResidualBlockImpl(int channels, bool global_pooling);
  torch::Tensor forward(const torch::Tensor& x);

 private:
  torch::nn::Conv2d conv1{nullptr}, conv2{nullptr};
  torch::nn::BatchNorm2d bn1{nullptr}, bn2{nullptr};
  torch::nn::Linear pool_bias{nullptr};
};
TORCH_MODULE(ResidualBlock);

class TakNetImpl : public torch::nn::Module {
 public:
  TakNetImpl(int size, const ModelConfig& config);
  NetworkOutput forward(const torch::Tensor& planes);

  int size() const { return size_; }
  const ModelConfig& config() const { return config_; }
  // Stores convolution weights channels-last (NHWC), which oneDNN/CPU kernels often run faster;
  // inputs should then be channels-last too.
  void use_channels_last();
  // Multiply-adds x 2 of one forward pass for one position (convolutions and linear layers).
  double flops_per_position() const;

 private:
  int size_;
  ModelConfig config_;
  torch::nn::Conv2d input_conv{nullptr};
  torch::nn::BatchNorm2d input_bn{nullptr};
  torch::nn::ModuleList blocks{nullptr};
  torch::nn::Conv2d policy_conv{nullptr}, policy_out{nullptr}, soft_policy_out{nullptr};
  torch::nn::BatchNorm2d policy_bn{nullptr};
  torch::nn::Linear policy_pool_bias{nullptr};
  torch::nn::Conv2d value_conv{nullptr};
  torch::nn::BatchNorm2d value_bn{nullptr};
  torch::nn::Linear value_fc{nullptr}, wdl_out{nullptr}, margin_out{nullptr}, moves_left_out{nullptr};
  torch::nn::Conv2d ownership_conv{nullptr};
};
TORCH_MODULE(TakNet);

// Copies every parameter and buffer of `from` into `to` (same shape), keeping `to`'s memory layout.
void copy_weights(const TakNet& from, TakNet& to);

}  // namespace bredon
