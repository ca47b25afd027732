// `bredon bench selfplay`: network evaluations per second sustained during self-play, against
// the raw forward throughput of the same network at the same batch size with the same threads
// (one stream per self-play worker), measured in the same run. --device (default: the config's
// device:) runs both on a GPU; the raw figure then includes the copies there and back.
#include <torch/torch.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <thread>

#include "cli/commands.h"
#include "cli/model_spec.h"
#include "model/encoding.h"
#include "nn/device.h"
#include "nn/nn_evaluator.h"
#include "selfplay/selfplay_pool.h"

namespace bredon::cli {
namespace {

// Forward passes per second of `streams` threads each pushing batches of `batch` positions.
double raw_throughput(TakNet& net, int streams, int batch, double seconds) {
  const int n = net->size();
  const torch::Device device = device_of(net);
  std::atomic<long long> evaluated{0};
  std::atomic<bool> stop{false};
  auto work = [&] {
    adopt_torch_threads();
    torch::InferenceMode guard;
    const auto host = torch::rand({batch, input_channels(n), n, n}).contiguous(torch::MemoryFormat::ChannelsLast);
    auto forward = [&] {
      const auto out = net->forward(host.to(device));  // a copy to a GPU, nothing on a CPU
      (void)out.policy_logits.to(torch::kCPU).data_ptr<float>();  // waits for a GPU
    };
    forward();
    while (!stop) {
      forward();
      evaluated += batch;
    }
  };
  std::vector<std::thread> threads;
  const auto start = std::chrono::steady_clock::now();
  for (int s = 0; s < streams; ++s) threads.emplace_back(work);
  std::this_thread::sleep_for(std::chrono::duration<double>(seconds));
  stop = true;
  for (auto& t : threads) t.join();
  return static_cast<double>(evaluated) /
         std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
}

struct BenchSelfplayOptions {
  std::string config = "configs/default.yaml";
  int games = 0;
  std::string device;  // "": the config's
};

int bench_selfplay(const BenchSelfplayOptions& o) {
  const RunConfig cfg = config_or_defaults(o.config);
  const int workers = cfg.selfplay.workers;
  const int games = o.games > 0 ? o.games : 10 * cfg.selfplay.parallel_games;
  configure_torch_threads(cfg.selfplay.eval_threads);
  LoadedModel model = load_model_spec("random", cfg, 1);
  const torch::Device device = resolve_device(o.device.empty() ? cfg.device : o.device);
  model.net = on_device(model.net, device);
  model.net->eval();
  model.net->use_channels_last();
  SelfPlayPool pool(
      workers, model.size, model.half_komi, cfg.selfplay, cfg.search,
      [&] { return std::make_unique<NetworkEvaluator>(model.net); }, 1, model.id, 0);
  // Warm-up: fill every slot and let the first games finish, then measure the steady state
  // that a training run sees (unfinished games carry on between calls, so batches stay full).
  pool.play(cfg.selfplay.parallel_games / 2, false, [](FinishedGame&&) {});
  const PoolResult r = pool.play(games, false, [](FinishedGame&&) {});
  const SelfPlayStats& s = r.stats;
  const double evals_per_s = static_cast<double>(s.evaluations) / r.seconds;
  const int batch = static_cast<int>(static_cast<double>(s.evaluations) / static_cast<double>(s.batches) + 0.5);
  const double raw = raw_throughput(model.net, workers, batch, 3.0);
  const int n = model.size;
  std::printf("device %s\n", describe_device(device).c_str());
  std::printf(
      "selfplay %dx%d workers %d games %lld positions %lld seconds %.1f games_per_hour %.0f positions_per_s %.0f\n", n,
      n, workers, static_cast<long long>(s.games), static_cast<long long>(s.positions), r.seconds,
      s.games / r.seconds * 3600, s.positions / r.seconds);
  std::printf("selfplay evals_per_s %.0f mean_batch %d batch_fill %.3f peak_tree_kib %zu\n", evals_per_s, batch,
              s.mean_batch_fill(), r.peak_tree_bytes / 1024);
  std::printf("raw forward streams %d batch %d evals_per_s %.0f\n", workers, batch, raw);
  std::printf("selfplay_vs_raw_ratio %.3f\n", evals_per_s / raw);
  return 0;
}

}  // namespace

void add_bench_selfplay(CLI::App& bench, int& exit_code) {
  auto o = std::make_shared<BenchSelfplayOptions>();
  CLI::App* cmd = bench.add_subcommand(
      "selfplay",
      "network evaluations/s sustained in self-play against the raw network at the same batch size and threads");
  cmd->add_option("--config", o->config, "run configuration (YAML)");
  cmd->add_option("--games", o->games, "games to measure (default: 10 x selfplay.parallel_games)")
      ->check(CLI::Range(1, 1000000));
  cmd->add_option("--device", o->device, "auto, cpu, cuda or cuda:N (default: the config's device:)");
  cmd->callback([o, &exit_code] { exit_code = bench_selfplay(*o); });
}
}  // namespace bredon::cli
