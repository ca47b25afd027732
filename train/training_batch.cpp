#include "train/training_batch.h"

#include <algorithm>

#include "core/tps.h"
#include "model/action_index.h"
#include "model/encoding.h"
#include "model/symmetry.h"

namespace bredon {

TrainingBatch batch_on(const TrainingBatch& b, const torch::Device& device) {
  // Tensor::to is a no-op for a tensor already there.
  auto to = [&](const torch::Tensor& t) { return t.defined() ? t.to(device) : t; };
  return {to(b.planes), to(b.policy), to(b.full), to(b.wdl), to(b.margin), to(b.moves_left), to(b.ownership),
          to(b.short_term)};
}

TrainingBatch make_training_batch(const std::vector<const PositionRecord*>& records, int size, int half_komi,
                                  std::mt19937_64& rng) {
  TrainingBatch t;
  fill_training_batch(t, records, size, half_komi, rng);
  return t;
}

void fill_training_batch(TrainingBatch& t, const std::vector<const PositionRecord*>& records, int size, int half_komi,
                         std::mt19937_64& rng) {
  std::vector<int> symmetries(records.size());
  for (int& s : symmetries) s = static_cast<int>(rng() % kSymmetries);
  shape_training_batch(t, static_cast<int64_t>(records.size()), size);
  fill_training_rows(t, records, symmetries, size, half_komi, 0, static_cast<int64_t>(records.size()));
}

void shape_training_batch(TrainingBatch& t, int64_t rows, int size) {
  if (t.planes.defined() && t.planes.size(0) == rows && t.planes.size(2) == size) return;
  t.planes = torch::zeros({rows, input_channels(size), size, size});
  t.policy = torch::zeros({rows, action_count(size)});
  t.full = torch::zeros({rows});
  t.wdl = torch::zeros({rows}, torch::kInt64);
  t.margin = torch::zeros({rows});
  t.moves_left = torch::zeros({rows});
  t.ownership = torch::zeros({rows, size, size});
  t.short_term = torch::zeros({rows});
}

void fill_training_rows(TrainingBatch& t, const std::vector<const PositionRecord*>& records,
                        const std::vector<int>& symmetries, int size, int half_komi, int64_t begin, int64_t end) {
  const int area = size * size, actions = action_count(size), channels = input_channels(size);
  // Plain memory writes only, no torch ops: this runs on prefetch threads beside a training
  // step, where torch ops would start more intra-op threads.
  float* planes = t.planes.data_ptr<float>();
  float* policy = t.policy.data_ptr<float>();
  float* full = t.full.data_ptr<float>();
  int64_t* wdl = t.wdl.data_ptr<int64_t>();
  float* margin = t.margin.data_ptr<float>();
  float* moves_left = t.moves_left.data_ptr<float>();
  float* own = t.ownership.data_ptr<float>();
  float* short_term = t.short_term.data_ptr<float>();
  std::fill(policy + begin * actions, policy + end * actions, 0.0f);
  for (int64_t i = begin; i < end; ++i) {
    const PositionRecord& r = *records[static_cast<size_t>(i)];
    const int sym = symmetries[static_cast<size_t>(i)];
    encode_position(parse_tps(r.tps, half_komi), sym, planes + i * channels * area);
    full[i] = r.full_search ? 1.0f : 0.0f;
    if (r.full_search)
      for (size_t k = 0; k < r.policy_actions.size(); ++k)
        policy[i * actions + transform_action(r.policy_actions[k], sym, size)] = r.policy_probs[k];
    wdl[i] = r.result > 0 ? 0 : r.result == 0 ? 1 : 2;
    short_term[i] = r.short_term_value;
    margin[i] = r.flat_margin / static_cast<float>(size);
    moves_left[i] = static_cast<float>(r.moves_left) / static_cast<float>(area);
    for (int sq = 0; sq < area; ++sq) {
      const Square t_sq = transform_square(make_square(sq % size, sq / size), sym, size);
      own[i * area + row_of(t_sq) * size + column_of(t_sq)] = static_cast<float>(r.ownership[static_cast<size_t>(sq)]);
    }
  }
}

}  // namespace bredon
