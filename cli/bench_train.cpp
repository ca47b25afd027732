// `bredon bench train`: training samples/s of the real training step (sampling from a replay
// window, symmetry augmentation and encoding on the prefetch thread, then forward, backward,
// optimiser) against the raw forward + backward + optimiser step of the same network on an
// already built batch, in the same run.
#include <torch/torch.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <numeric>

#include "cli/commands.h"
#include "cli/model_spec.h"
#include "core/movegen.h"
#include "core/tps.h"
#include "model/action_index.h"
#include "nn/nn_evaluator.h"
#include "train/batch_prefetcher.h"
#include "train/learner.h"
#include "train/training_batch.h"

namespace bredon::cli {
namespace {

// Positions from random games with made-up targets: the cost of a step does not depend on them.
std::vector<PositionRecord> synthetic_records(int size, int count, std::mt19937_64& rng) {
  std::vector<PositionRecord> out;
  std::vector<Move> moves;
  while (static_cast<int>(out.size()) < count) {
    Position pos(size);
    while (!pos.game_over() && static_cast<int>(out.size()) < count) {
      generate_moves(pos, moves);
      PositionRecord r;
      r.tps = to_tps(pos);
      r.full_search = 1;
      r.result = static_cast<int8_t>(static_cast<int>(rng() % 3) - 1);
      r.moves_left = 10;
      r.ownership.assign(static_cast<size_t>(size * size), 1);
      for (Move m : moves) {
        r.policy_actions.push_back(action_of(m, size));
        r.policy_probs.push_back(1.0f / static_cast<float>(moves.size()));
      }
      out.push_back(std::move(r));
      pos.play(moves[rng() % moves.size()]);
    }
  }
  return out;
}

double seconds_since(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t).count();
}

struct BenchTrainOptions {
  std::string config = "configs/default.yaml";
  double seconds = 5.0;
};

int bench_train(const BenchTrainOptions& o) {
  const RunConfig cfg = config_or_defaults(o.config);
  const double seconds = o.seconds;
  configure_torch_threads(cfg.train.intra_op_threads());
  const int n = cfg.game.size, b = cfg.train.batch_size;
  std::mt19937_64 rng(1);
  const std::vector<PositionRecord> records = synthetic_records(n, 20000, rng);
  LoadedModel model = load_model_spec("random", cfg, 1);
  Learner learner(model.net, cfg.train);
  std::vector<const PositionRecord*> picks(static_cast<size_t>(b));
  for (auto& p : picks) p = &records[rng() % records.size()];

  // Raw: one fixed batch, forward + backward + optimiser step only. Real: the training run's
  // path, a fresh batch from the prefetcher, then the same step. The two alternate step by step
  // so that a busy, shared machine slows both alike, and the ratio reported is the median over
  // the pairs of consecutive steps: a burst of load from elsewhere moves a few pairs, not it.
  const TrainingBatch fixed = make_training_batch(picks, n, cfg.game.half_komi, rng);
  learner.step(fixed);
  // What the prefetcher does per batch, timed alone on this thread: with every core training,
  // this is roughly what a real step pays over a raw one.
  double fill_seconds = 0;
  {
    TrainingBatch scratch;
    const int fills = 20;
    const auto t = std::chrono::steady_clock::now();
    for (int k = 0; k < fills; ++k) {
      for (auto& p : picks) p = &records[rng() % records.size()];
      fill_training_batch(scratch, picks, n, cfg.game.half_komi, rng);
    }
    fill_seconds = seconds_since(t) / fills;
  }
  BatchPrefetcher prefetcher([&](std::mt19937_64& r) -> const PositionRecord& { return records[r() % records.size()]; },
                             b, n, cfg.game.half_komi, 2, learner.shares());
  learner.step(prefetcher.next());
  std::vector<double> raw_times, real_times;
  const auto start = std::chrono::steady_clock::now();
  while (seconds_since(start) < seconds || raw_times.size() < 3) {
    // Preparation not finished within the last real step is waited for here and charged to the
    // real side, so it neither hides nor slows the raw step.
    auto t = std::chrono::steady_clock::now();
    prefetcher.wait_ready();
    double real = seconds_since(t);
    t = std::chrono::steady_clock::now();
    learner.step(fixed);
    raw_times.push_back(seconds_since(t));
    t = std::chrono::steady_clock::now();
    learner.step(prefetcher.next());
    real_times.push_back(real + seconds_since(t));
  }
  const double steps = static_cast<double>(raw_times.size());
  const double raw_rate = steps * b / std::accumulate(raw_times.begin(), raw_times.end(), 0.0);
  const double real_rate = steps * b / std::accumulate(real_times.begin(), real_times.end(), 0.0);
  std::vector<double> pair_ratios;
  for (size_t i = 0; i < raw_times.size(); ++i) pair_ratios.push_back(raw_times[i] / real_times[i]);
  std::nth_element(pair_ratios.begin(), pair_ratios.begin() + static_cast<std::ptrdiff_t>(pair_ratios.size() / 2),
                   pair_ratios.end());
  std::printf(
      "train %dx%d batch %d shares %d x %d threads, steps %zu: %.0f samples/s (raw step %.0f samples/s, "
      "mean ratio %.3f)\n",
      n, n, b, learner.shares(), cfg.train.intra_op_threads(), raw_times.size(), real_rate, raw_rate,
      real_rate / raw_rate);
  std::printf("batch fill alone %.2f ms (%.2f us/sample on one thread), %.1f%% of a raw step\n", fill_seconds * 1e3,
              fill_seconds * 1e6 / b, 100.0 * fill_seconds / (b / raw_rate));
  std::printf("train_vs_raw_ratio %.3f\n", pair_ratios[pair_ratios.size() / 2]);
  return 0;
}

}  // namespace

void add_bench_train(CLI::App& bench, int& exit_code) {
  auto o = std::make_shared<BenchTrainOptions>();
  CLI::App* cmd = bench.add_subcommand(
      "train",
      "training samples/s of the real path against the raw forward+backward+optimiser step, alternating step by step");
  cmd->add_option("--config", o->config, "run configuration (YAML)");
  cmd->add_option("--seconds", o->seconds, "time for each of the two paths")->check(CLI::Range(0.1, 3600.0));
  cmd->callback([o, &exit_code] { exit_code = bench_train(*o); });
}
}  // namespace bredon::cli
