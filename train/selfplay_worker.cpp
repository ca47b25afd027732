#include "train/selfplay_worker.h"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <chrono>
#include <ctime>
#include <filesystem>
#include <functional>
#include <regex>

#include "core/error.h"
#include "data/shard.h"
#include "nn/checkpoint.h"
#include "nn/device.h"
#include "nn/nn_evaluator.h"
#include "selfplay/selfplay_pool.h"
#include "train/run_directory.h"
#include "util/stop_signals.h"

namespace bredon {
namespace {

namespace fs = std::filesystem;

std::string default_worker_name() {
  char host[256] = "host";
  gethostname(host, sizeof host - 1);
  std::string name = std::string(host) + "-" + std::to_string(getpid());
  for (char& c : name)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-') c = '-';
  return name;
}

// The number after this worker's last shard: a restarted worker never writes over its own.
int64_t next_shard_number(const std::string& dir, const std::string& worker) {
  const std::regex pattern(worker + "_([0-9]+)\\.h5");
  int64_t next = 1;
  for (const std::string& path : list_shards(dir)) {
    std::smatch m;
    const std::string name = fs::path(path).filename().string();
    if (std::regex_match(name, m, pattern)) next = std::max<int64_t>(next, std::stoll(m[1].str()) + 1);
  }
  return next;
}

}  // namespace

int run_selfplay_worker(const TrainOptions& options, const RunConfig& cfg) {
  const std::string worker = options.worker.empty() ? default_worker_name() : options.worker;
  if (!std::regex_match(worker, std::regex("[A-Za-z0-9-]{1,64}")))
    throw ConfigError("--worker '" + worker + "': use 1..64 letters, digits and '-'");
  const std::string dir = options.run_dir, shards = dir + "/selfplay", latest = dir + "/latest.ckpt";
  const int n = cfg.game.size;
  // Until the trainer publishes, the run's starting network (the same seed gives the same one).
  const torch::Device device = run_device(cfg);
  TakNet net = on_device(seeded_network(options.seed, n, cfg.model), device);
  net->use_channels_last();
  net->eval();
  configure_torch_threads(cfg.selfplay.eval_threads);
  std::string model_id = "iter_0";
  fs::file_time_type loaded_at{};
  auto load_newest = [&] {
    std::error_code ec;
    const fs::file_time_type t = fs::last_write_time(latest, ec);
    if (ec || t == loaded_at) return;
    try {
      LoadedCheckpoint ck = load_checkpoint(latest, n);
      copy_weights(ck.net, net);
      net->eval();
      loaded_at = t;
      const auto it = ck.meta.extra.find("iteration");
      model_id = "iter_" + (it == ck.meta.extra.end() ? std::string("0") : it->second);
      spdlog::info("worker {}: playing with {} (step {})", worker, model_id, ck.meta.step);
    } catch (const CheckpointError& e) {
      spdlog::warn("worker {}: keeping {}: {}", worker, model_id, e.what());
    }
  };
  load_newest();
  int64_t number = next_shard_number(shards, worker);
  const uint64_t seed = options.seed ^ (std::hash<std::string>{}(worker) + 0x9E3779B97F4A7C15ULL * static_cast<uint64_t>(number));
  SelfPlayPool pool(cfg.selfplay.workers, n, cfg.game.half_komi, cfg.selfplay, cfg.search,
                    [&] { return std::make_unique<NetworkEvaluator>(net); }, seed, model_id, number * 100000);
  auto finished = [&] { return interrupted() || fs::exists(dir + "/done"); };
  int64_t games_written = 0;
  while (!finished()) {
    load_newest();
    pool.set_model_id(model_id);
    Shard shard;
    shard.size = n;
    shard.half_komi = cfg.game.half_komi;
    shard.model_id = model_id;
    shard.config = cfg.text;
    const PoolResult result = pool.play(
        cfg.train.games_per_iteration, false,
        [&](FinishedGame&& g) {
          for (PositionRecord& p : g.positions) {
            p.game = static_cast<int64_t>(shard.games.size());
            shard.positions.push_back(std::move(p));
          }
          shard.games.push_back(std::move(g.row));
        },
        nullptr, finished);
    if (shard.games.empty()) continue;
    shard.created_unix = static_cast<int64_t>(std::time(nullptr));
    char name[96];
    std::snprintf(name, sizeof name, "/%s_%06lld.h5", worker.c_str(), static_cast<long long>(number++));
    write_shard(shards + name, shard);
    games_written += static_cast<int64_t>(shard.games.size());
    spdlog::info("worker {}: {} games ({} in all) with {}, {:.0f} positions/s -> {}", worker, shard.games.size(),
                 games_written, model_id, static_cast<double>(result.stats.positions) / std::max(result.seconds, 1e-9),
                 shards + name);
  }
  spdlog::info("worker {}: {} ({} games written)", worker, interrupted() ? "stopped" : "the trainer is done", games_written);
  return 0;
}

}  // namespace bredon
