#include "train/training_batch.h"

#include <algorithm>

#include "core/tps.h"
#include "model/action_index.h"
#include "model/encoding.h"
#include "model/symmetry.h"

namespace bredon {

TrainingBatch make_training_batch(const std::vector<const PositionRecord*>& records, int size, int half_komi,
                                  std::mt19937_64& rng) {
  TrainingBatch t;
  fill_training_batch(t, records, size, half_komi, rng);
  return t;
}

void fill_training_batch(TrainingBatch& t, const std::vector<const PositionRecord*>& records, int size, int half_komi,
                         std::mt19937_64& rng) {
  const int64_t b = static_cast<int64_t>(records.size());
  const int area = size * size, actions = action_count(size), channels = input_channels(size);
  if (!t.planes.defined() || t.planes.size(0) != b || t.planes.size(2) != size) {
    t.planes = torch::zeros({b, channels, size, size});
    t.policy = torch::zeros({b, actions});
    t.full = torch::zeros({b});
    t.wdl = torch::zeros({b}, torch::kInt64);
    t.margin = torch::zeros({b});
    t.moves_left = torch::zeros({b});
    t.ownership = torch::zeros({b, size, size});
  } else {
    // Plain memory writes, not torch ops: this may run on a prefetch thread beside a training
    // step, and torch ops here would start a second set of intra-op threads.
    std::fill_n(t.policy.data_ptr<float>(), t.policy.numel(), 0.0f);
    std::fill_n(t.full.data_ptr<float>(), t.full.numel(), 0.0f);
  }
  float* planes = t.planes.data_ptr<float>();
  float* policy = t.policy.data_ptr<float>();
  float* full = t.full.data_ptr<float>();
  int64_t* wdl = t.wdl.data_ptr<int64_t>();
  float* margin = t.margin.data_ptr<float>();
  float* moves_left = t.moves_left.data_ptr<float>();
  float* own = t.ownership.data_ptr<float>();
  for (int64_t i = 0; i < b; ++i) {
    const PositionRecord& r = *records[static_cast<size_t>(i)];
    const int sym = static_cast<int>(rng() % kSymmetries);
    const Position pos = transform_position(parse_tps(r.tps, half_komi), sym);
    encode_position(pos, planes + i * channels * area);
    if (r.full_search) {
      full[i] = 1;
      for (size_t k = 0; k < r.policy_actions.size(); ++k)
        policy[i * actions + transform_action(r.policy_actions[k], sym, size)] = r.policy_probs[k];
    }
    wdl[i] = r.result > 0 ? 0 : r.result == 0 ? 1 : 2;
    margin[i] = r.flat_margin / static_cast<float>(size);
    moves_left[i] = static_cast<float>(r.moves_left) / static_cast<float>(area);
    for (int sq = 0; sq < area; ++sq) {
      const Square t_sq = transform_square(make_square(sq % size, sq / size), sym, size);
      own[i * area + row_of(t_sq) * size + column_of(t_sq)] = static_cast<float>(r.ownership[static_cast<size_t>(sq)]);
    }
  }
}

}  // namespace bredon
