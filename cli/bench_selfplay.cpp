// `bredon bench selfplay`: network evaluations per second sustained during self-play, against
// the raw forward throughput of the same network at the same batch size, in the same run.
#include <torch/torch.h>

#include <chrono>
#include <cstdio>

#include "cli/args.h"
#include "cli/commands.h"
#include "cli/model_spec.h"
#include "model/encoding.h"
#include "selfplay/nn_evaluator.h"
#include "selfplay/selfplay.h"

namespace bredon::cli {

int bench_selfplay(Args& args) {
  const RunConfig cfg = config_or_defaults(args.get("config", "configs/default.yaml"));
  const int games = static_cast<int>(args.get_int("games", 2 * cfg.selfplay.parallel_games, 1, 1000000));
  args.reject_unused();
  configure_torch_threads(cfg.selfplay.eval_threads);
  LoadedModel model = load_model_spec("random", cfg, 1);
  NetworkEvaluator evaluator(model.net);
  SelfPlayRunner runner(model.size, model.half_komi, cfg.selfplay, cfg.search, evaluator, 1, model.id);
  const auto start = std::chrono::steady_clock::now();
  runner.run(0, games, [](FinishedGame&&) {});
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  const SelfPlayStats& s = runner.stats();
  const double evals_per_s = static_cast<double>(s.evaluations) / seconds;
  const int batch = static_cast<int>(static_cast<double>(s.evaluations) / static_cast<double>(s.batches) + 0.5);

  // Raw: the same network forward at the mean self-play batch size, inputs already encoded.
  torch::InferenceMode guard;
  const int n = model.size;
  auto x = torch::rand({batch, input_channels(n), n, n}).contiguous(torch::MemoryFormat::ChannelsLast);
  TakNet& net = model.net;
  net->forward(x);
  int iters = 0;
  const auto raw_start = std::chrono::steady_clock::now();
  double raw_seconds = 0;
  while (raw_seconds < 2.0 || iters < 5) {
    auto out = net->forward(x);
    (void)out.policy_logits.data_ptr<float>();
    ++iters;
    raw_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - raw_start).count();
  }
  const double raw_per_s = static_cast<double>(batch) * iters / raw_seconds;
  std::printf("selfplay %dx%d games %lld positions %lld seconds %.1f games_per_hour %.0f positions_per_s %.0f\n", n, n,
              static_cast<long long>(s.games), static_cast<long long>(s.positions), seconds, s.games / seconds * 3600,
              s.positions / seconds);
  std::printf("selfplay evals_per_s %.0f mean_batch %d batch_fill %.3f forward_share %.3f peak_tree_kib %zu\n",
              evals_per_s, batch, s.mean_batch_fill(), evaluator.forward_seconds() / seconds,
              runner.peak_tree_bytes() / 1024);
  std::printf("raw forward batch %d evals_per_s %.0f\n", batch, raw_per_s);
  std::printf("selfplay_vs_raw_ratio %.3f\n", evals_per_s / raw_per_s);
  return 0;
}

}  // namespace bredon::cli
