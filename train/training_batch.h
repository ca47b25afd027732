// Training tensors from self-play records, each under one of the 8 symmetries at random.
#pragma once

#include <random>
#include <vector>

#include <torch/torch.h>

#include "data/shard.h"

namespace bredon {

struct TrainingBatch {
  torch::Tensor planes;      // [B, C, N, N]
  torch::Tensor policy;      // [B, A] target distribution (zeros where not full_search)
  torch::Tensor full;        // [B] 1 where the policy target counts
  torch::Tensor wdl;         // [B] int64: 0 win, 1 draw, 2 loss for the side to move
  torch::Tensor margin;      // [B] final flat margin / N
  torch::Tensor moves_left;  // [B] plies left / N^2
  torch::Tensor ownership;   // [B, N, N]
  torch::Tensor short_term;  // [B] short-term value target for the side to move, in [-1, 1]
};

// The batch on `device` (the same tensors when that is where they are): batches are built on the
// CPU and copied to a GPU just before the step.
TrainingBatch batch_on(const TrainingBatch& batch, const torch::Device& device);

TrainingBatch make_training_batch(const std::vector<const PositionRecord*>& records, int size, int half_komi,
                                  std::mt19937_64& rng);
// The same into `batch`, reusing its tensors when the shapes match: fresh ~1 MB tensors every
// step cost page faults that measured ~20% of a small network's step.
void fill_training_batch(TrainingBatch& batch, const std::vector<const PositionRecord*>& records, int size,
                         int half_komi, std::mt19937_64& rng);

// The two halves of fill_training_batch, for filling rows on several threads: allocates the
// tensors unless `batch` already has this shape, then fills rows [begin, end) with record i
// under symmetry symmetries[i].
void shape_training_batch(TrainingBatch& batch, int64_t rows, int size);
void fill_training_rows(TrainingBatch& batch, const std::vector<const PositionRecord*>& records,
                        const std::vector<int>& symmetries, int size, int half_komi, int64_t begin, int64_t end);

}  // namespace bredon
