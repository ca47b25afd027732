// `bredon selfplay --model <ckpt|random> --games N --out DIR`: plays games and writes shards, each
// whole or not at all; run again after a kill, it plays only the games still missing.
#include <spdlog/spdlog.h>

#include <chrono>
#include <ctime>
#include <filesystem>

#include "cli/commands.h"
#include "cli/model_spec.h"
#include "nn/nn_evaluator.h"
#include "selfplay/selfplay_pool.h"

namespace bredon::cli {

namespace {

struct SelfplayOptions {
  std::string config, model, out;
  int games = 0, shard_games = 0;
  uint64_t seed = 1;
};

int run_selfplay(const SelfplayOptions& o) {
  const RunConfig cfg = config_or_defaults(o.config);
  const std::string& spec = o.model;
  const int games = o.games;
  const std::string& out = o.out;
  const uint64_t seed = o.seed;
  const int shard_games = o.shard_games > 0 ? o.shard_games : cfg.selfplay.parallel_games;

  configure_torch_threads(cfg.selfplay.eval_threads);
  LoadedModel model = load_model_spec(spec, cfg, seed);
  std::filesystem::create_directories(out);
  model.net->eval();
  model.net->use_channels_last();
  spdlog::info("self-play: {} games on {}x{} (komi {}), model {}, {} at a time, search {} / {} playouts", games,
               model.size, model.size, model.half_komi / 2.0, model.id, cfg.selfplay.parallel_games,
               cfg.selfplay.full_simulations, cfg.selfplay.cheap_simulations);

  // A folder that already holds games (a run killed earlier): play only the rest, numbered afresh.
  int64_t games_there = 0;
  const std::vector<std::string> existing = list_shards(out);
  for (const std::string& path : existing) {
    try {
      const Shard s = read_shard(path);
      if (s.size == model.size && s.half_komi == model.half_komi) games_there += static_cast<int64_t>(s.games.size());
      else spdlog::warn("{} holds {}x{} games with half komi {}: not counted", path, s.size, s.size, s.half_komi);
    } catch (const ShardError& e) {
      spdlog::warn("not counted: {}", e.what());
    }
  }
  const int games_left = static_cast<int>(std::max<int64_t>(0, games - games_there));
  if (games_there > 0) spdlog::info("{} holds {} games already: playing the {} left", out, games_there, games_left);
  if (games_left == 0) return 0;

  Shard pending;
  int shard_index = static_cast<int>(existing.size());
  auto flush = [&] {
    if (pending.games.empty()) return;
    pending.size = model.size;
    pending.half_komi = model.half_komi;
    pending.model_id = model.id;
    pending.config = cfg.text;
    pending.created_unix = static_cast<int64_t>(std::time(nullptr));
    char name[64];
    do {  // never over a file already there
      std::snprintf(name, sizeof name, "/selfplay_%06d.h5", shard_index++);
    } while (std::filesystem::exists(out + name));
    write_shard(out + name, pending);
    pending = Shard{};
  };
  const auto start = std::chrono::steady_clock::now();
  auto last_report = start;
  auto elapsed = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };
  SelfPlayPool pool(
      cfg.selfplay.workers, model.size, model.half_komi, cfg.selfplay, cfg.search,
      [&] { return std::make_unique<NetworkEvaluator>(model.net); }, seed, model.id,
      static_cast<int64_t>(seed) * 1000000000LL + static_cast<int64_t>(shard_index) * 1000000LL);
  const PoolResult result = pool.play(
      games_left, true,
      [&](FinishedGame&& g) {
        for (PositionRecord& p : g.positions) {
          p.game = static_cast<int64_t>(pending.games.size());
          pending.positions.push_back(std::move(p));
        }
        pending.games.push_back(std::move(g.row));
        if (static_cast<int>(pending.games.size()) >= shard_games) flush();
      },
      [&](const SelfPlayStats& s) {
        const auto now = std::chrono::steady_clock::now();
        if (std::chrono::duration<double>(now - last_report).count() < 2.0) return;
        last_report = now;
        const double t = elapsed();
        const double gps = static_cast<double>(s.games) / t;
        spdlog::info("games {}/{}  {:.2f} games/s  {:.0f} positions/s  {:.0f} evals/s  batch fill {:.2f}  ETA {:.0f}s",
                     s.games, games_left, gps, static_cast<double>(s.positions) / t, static_cast<double>(s.evaluations) / t,
                     s.mean_batch_fill(), gps > 0 ? (games_left - s.games) / gps : 0.0);
      });
  flush();
  const SelfPlayStats& s = result.stats;
  const double t = elapsed();
  spdlog::info(
      "done: {} games, {} positions in {:.1f}s ({:.0f} positions/s); white {} black {} draws {}; "
      "{} resignations, false-resignation rate {:.3f} ({} checked); peak tree {} KiB",
      s.games, s.positions, t, static_cast<double>(s.positions) / t, s.white_wins, s.black_wins, s.draws,
      s.resignations, s.false_resignation_rate(), s.resign_checks, result.peak_tree_bytes / 1024);
  return 0;
}

}  // namespace

void add_selfplay_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<SelfplayOptions>();
  CLI::App* cmd = app.add_subcommand(
      "selfplay", "self-play games written as HDF5 shards, with games/s, positions/s, batch fill and ETA");
  cmd->add_option("--model", o->model, "checkpoint file, or random (a fresh network of the config's shape)")
      ->required();
  cmd->add_option("--games", o->games, "games to play")->required()->check(CLI::Range(1, 100000000));
  cmd->add_option("--out", o->out, "folder for the shards")->required();
  cmd->add_option("--config", o->config, "run configuration (YAML; default: every default)");
  cmd->add_option("--seed", o->seed, "random seed");
  cmd->add_option("--shard-games", o->shard_games, "games per shard (default: selfplay.parallel_games)")
      ->check(CLI::Range(1, 1000000));
  cmd->callback([o, &exit_code] { exit_code = run_selfplay(*o); });
}
}  // namespace bredon::cli
