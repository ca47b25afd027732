#include "train/training_run.h"

#include <spdlog/spdlog.h>

#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "model/checkpoint.h"
#include "selfplay/match.h"
#include "selfplay/nn_evaluator.h"
#include "selfplay/players.h"
#include "selfplay/ratings.h"
#include "selfplay/selfplay_pool.h"
#include "train/batch_prefetcher.h"
#include "train/checkpoint_evaluation.h"
#include "train/learner.h"
#include "train/replay_window.h"
#include "train/run_files.h"

namespace bredon {
namespace fs = std::filesystem;
namespace {

std::atomic<bool> g_interrupted{false};
extern "C" void on_interrupt(int) { g_interrupted = true; }

using Clock = std::chrono::steady_clock;

struct Counters {
  int64_t iteration = 0;
  int64_t samples_trained = 0;
  double elapsed_seconds = 0;  // across resumes
};

CheckpointMeta make_meta(const RunConfig& cfg, int64_t step, const Counters& c) {
  CheckpointMeta m;
  m.size = cfg.game.size;
  m.half_komi = cfg.game.half_komi;
  m.model = cfg.model;
  m.step = step;
  m.config_hash = cfg.hash;
  m.extra["iteration"] = std::to_string(c.iteration);
  m.extra["samples_trained"] = std::to_string(c.samples_trained);
  m.extra["elapsed_seconds"] = std::to_string(c.elapsed_seconds);
  return m;
}

}  // namespace

int run_training(const TrainOptions& options) {
  const std::string dir = options.run_dir;
  fs::create_directories(dir + "/selfplay");
  fs::create_directories(dir + "/checkpoints");
  const std::string snapshot = dir + "/config.yaml";
  RunConfig cfg;
  if (fs::exists(snapshot)) {
    cfg = parse_run_config(read_text(snapshot), snapshot);
    if (!options.config_path.empty() && fs::exists(options.config_path) &&
        read_text(options.config_path) != cfg.text)
      spdlog::warn("{} differs from the run's snapshot {}; the snapshot is used (start a new --run-dir to change it)",
                   options.config_path, snapshot);
  } else {
    cfg = load_run_config(options.config_path);
    write_text_atomic(snapshot, cfg.text);
  }
  const int n = cfg.game.size;

  // Network for training and a copy for self-play and evaluation.
  torch::manual_seed(options.seed);
  TakNet net(n, cfg.model);
  Learner learner(net, cfg.train);
  Counters counters;
  const std::string latest = dir + "/latest.ckpt";
  if (fs::exists(latest)) {
    LoadedCheckpoint ck = load_checkpoint(latest, n);
    copy_weights(ck.net, net);
    if (ck.has_optimizer) load_optimizer_state(latest, learner.optimizer());
    learner.set_steps(ck.meta.step);
    auto get = [&](const char* k) { return ck.meta.extra.count(k) ? std::stod(ck.meta.extra.at(k)) : 0.0; };
    counters.iteration = static_cast<int64_t>(get("iteration"));
    counters.samples_trained = static_cast<int64_t>(get("samples_trained"));
    counters.elapsed_seconds = get("elapsed_seconds");
    spdlog::info("resuming {} at iteration {}, step {}, {:.1f} min trained", dir, counters.iteration, ck.meta.step,
                 counters.elapsed_seconds / 60);
  } else {
    spdlog::info("new run in {}: {}x{} komi {}, {} blocks x {} channels", dir, n, n, cfg.game.half_komi / 2.0,
                 cfg.model.blocks, cfg.model.channels);
  }
  TakNet infer(n, cfg.model);
  infer->use_channels_last();  // self-play feeds it channels-last batches (nn_evaluator)
  copy_weights(net, infer);
  infer->eval();

  ReplayWindow window(cfg.train);
  window.refresh(dir + "/selfplay");
  const int64_t games_at_start = window.total_games();

  std::signal(SIGINT, on_interrupt);
  std::signal(SIGTERM, on_interrupt);
  configure_torch_threads(cfg.selfplay.eval_threads);
  const uint64_t pool_seed = options.seed * 1000003ULL + static_cast<uint64_t>(counters.iteration);
  SelfPlayPool pool(cfg.selfplay.workers, n, cfg.game.half_komi, cfg.selfplay, cfg.search,
                    [&] { return std::make_unique<NetworkEvaluator>(infer); }, pool_seed,
                    "iter_" + std::to_string(counters.iteration), games_at_start + 1000000LL * counters.iteration);

  const auto session_start = Clock::now();
  const double elapsed_before = counters.elapsed_seconds;
  auto elapsed = [&] { return elapsed_before + std::chrono::duration<double>(Clock::now() - session_start).count(); };
  auto budget_left = [&]() -> bool {
    if (cfg.budget.hours > 0 && elapsed() >= cfg.budget.hours * 3600) return false;
    if (cfg.budget.steps > 0 && learner.steps() >= cfg.budget.steps) return false;
    if (cfg.budget.games > 0 && window.total_games() >= cfg.budget.games) return false;
    return true;
  };
  std::mt19937_64 rng(options.seed ^ static_cast<uint64_t>(counters.iteration * 7919 + 17));
  const std::string results_path = dir + "/eval_results.jsonl";
  std::vector<std::string> ladder;  // checkpoints kept for evaluation, oldest first
  for (const auto& e : fs::directory_iterator(dir + "/checkpoints"))
    if (e.path().extension() == ".ckpt") ladder.push_back(e.path().string());
  sort_by_iteration(ladder);

  while (budget_left() && !g_interrupted) {
    const int64_t iteration = counters.iteration + 1;
    // 1. Self-play with the current network.
    Shard shard;
    shard.size = n;
    shard.half_komi = cfg.game.half_komi;
    shard.model_id = "iter_" + std::to_string(counters.iteration);
    shard.config = cfg.text;
    pool.set_model_id(shard.model_id);
    const PoolResult sp = pool.play(
        cfg.train.games_per_iteration, false,
        [&](FinishedGame&& g) {
          for (PositionRecord& p : g.positions) {
            p.game = static_cast<int64_t>(shard.games.size());
            shard.positions.push_back(std::move(p));
          }
          shard.games.push_back(std::move(g.row));
        },
        nullptr, [] { return g_interrupted.load(); });
    if (!shard.games.empty()) {
      shard.created_unix = static_cast<int64_t>(std::time(nullptr));
      char name[64];
      std::snprintf(name, sizeof name, "/selfplay/iter_%06lld.h5", static_cast<long long>(iteration));
      write_shard(dir + name, shard);
    }
    if (g_interrupted) break;
    window.refresh(dir + "/selfplay");

    // 2. Train: at most samples_per_new_sample samples per new position.
    const auto train_start = Clock::now();
    // Training owed: samples_per_new_sample for every position ever played, less what was trained.
    // Derived from the shards on disk, so positions written just before a kill still count.
    auto owed = [&] {
      return static_cast<double>(window.total_positions()) * cfg.train.samples_per_new_sample -
             static_cast<double>(counters.samples_trained);
    };
    LossStats sum;
    int steps_done = 0;
    if (static_cast<int>(window.size()) >= cfg.train.min_positions) {
      configure_torch_threads(cfg.train.intra_op_threads());
      // The window does not change until the prefetcher is gone at the end of this block.
      BatchPrefetcher prefetcher([&](std::mt19937_64& r) -> const PositionRecord& { return window.sample(r); },
                                 cfg.train.batch_size, n, cfg.game.half_komi, rng(), learner.shares());
      while (owed() >= cfg.train.batch_size && !g_interrupted) {
        const LossStats s = learner.step(prefetcher.next());
        sum.policy += s.policy;
        sum.value += s.value;
        sum.margin += s.margin;
        sum.moves_left += s.moves_left;
        sum.ownership += s.ownership;
        sum.total += s.total;
        sum.learning_rate = s.learning_rate;
        ++steps_done;
        counters.samples_trained += cfg.train.batch_size;
        if (cfg.budget.steps > 0 && learner.steps() >= cfg.budget.steps) break;
      }
      configure_torch_threads(cfg.selfplay.eval_threads);
      copy_weights(net, infer);
      infer->eval();
    }
    const double train_seconds = std::chrono::duration<double>(Clock::now() - train_start).count();

    // 3. Checkpoint (atomic): the run resumes from here.
    counters.iteration = iteration;
    counters.elapsed_seconds = elapsed();
    save_checkpoint(latest, net, make_meta(cfg, learner.steps(), counters), &learner.optimizer());

    // 4. Evaluate against the anchors and earlier checkpoints now and then.
    std::string elo_text = "null", elo_err = "null", vs_random = "null", vs_baseline = "null";
    const bool last = !budget_left();
    if (cfg.eval.every_iterations > 0 && (iteration % cfg.eval.every_iterations == 0 || last) && steps_done > 0) {
      const auto eval_start = Clock::now();
      const std::string name = "iter_" + std::to_string(iteration);
      const std::string path = dir + "/checkpoints/" + name + ".ckpt";
      save_checkpoint(path, net, make_meta(cfg, learner.steps(), counters));
      const std::vector<PairResult> results_so_far = read_results(results_path);
      std::vector<int> games_vs_anchors;
      for (const std::string& anchor : rating_anchors())
        games_vs_anchors.push_back(anchor_games(results_so_far, anchor, cfg.eval.games));
      const CheckpointEvaluation ev =
          evaluate_checkpoint(name, infer, ladder_opponents(ladder, cfg.eval.previous_checkpoints), games_vs_anchors,
                              cfg, iteration, results_path, cfg.selfplay.workers);
      const MatchResult& r1 = ev.vs_random;
      const MatchResult& r2 = ev.vs_baseline;
      vs_random = std::to_string(r1.score());
      vs_baseline = std::to_string(r2.score());
      ladder.push_back(path);
      const auto ratings = fit_run_ratings(read_results(results_path));
      write_text_atomic(dir + "/ratings.json", ratings_json(ratings) + "\n");
      for (const auto& r : ratings)
        if (r.player == name) {
          elo_text = std::to_string(r.elo);
          elo_err = std::to_string(r.stderr_elo);
        }
      spdlog::info("evaluation of {} ({:.1f} s): vs random {}-{}-{}, vs baseline {}-{}-{}, Elo {} +- {}", name,
                   std::chrono::duration<double>(Clock::now() - eval_start).count(), r1.wins, r1.draws,
                   r1.losses, r2.wins, r2.draws, r2.losses, elo_text, elo_err);
    }

    // 5. One metrics line per iteration.
    const SelfPlayStats& s = sp.stats;
    const double d = std::max(1, steps_done);
    char line[2048];
    std::snprintf(
        line, sizeof line,
        "{\"iteration\": %lld, \"step\": %lld, \"elapsed_s\": %.1f, \"games_total\": %lld, \"positions_total\": %lld, "
        "\"window\": %zu, \"selfplay_games\": %lld, \"selfplay_positions_per_s\": %.1f, \"selfplay_evals_per_s\": %.1f, "
        "\"batch_fill\": %.3f, \"white_wins\": %lld, \"black_wins\": %lld, \"draws\": %lld, \"resignations\": %lld, "
        "\"false_resign_rate\": %.3f, \"train_steps\": %d, \"train_samples_per_s\": %.1f, \"lr\": %.6g, "
        "\"loss_total\": %.4f, \"loss_policy\": %.4f, \"loss_value\": %.4f, \"loss_margin\": %.4f, "
        "\"loss_moves_left\": %.4f, \"loss_ownership\": %.4f, \"elo\": %s, \"elo_stderr\": %s, \"score_vs_random\": %s, "
        "\"score_vs_baseline\": %s}",
        static_cast<long long>(iteration), static_cast<long long>(learner.steps()), elapsed(),
        static_cast<long long>(window.total_games()), static_cast<long long>(window.total_positions()), window.size(),
        static_cast<long long>(s.games), s.positions / std::max(sp.seconds, 1e-9),
        s.evaluations / std::max(sp.seconds, 1e-9), s.mean_batch_fill(), static_cast<long long>(s.white_wins),
        static_cast<long long>(s.black_wins), static_cast<long long>(s.draws), static_cast<long long>(s.resignations),
        s.false_resignation_rate(), steps_done, steps_done * cfg.train.batch_size / std::max(train_seconds, 1e-9),
        sum.learning_rate, sum.total / d, sum.policy / d, sum.value / d, sum.margin / d, sum.moves_left / d,
        sum.ownership / d, elo_text.c_str(), elo_err.c_str(), vs_random.c_str(), vs_baseline.c_str());
    append_line(dir + "/metrics.jsonl", line);
    const double hours_left = cfg.budget.hours > 0 ? cfg.budget.hours * 3600 - elapsed() : 0;
    spdlog::info("iter {}  games {}  step {}  loss {:.3f} (policy {:.3f} value {:.3f})  selfplay {:.0f} pos/s fill {:.2f}  "
                 "train {:.0f} samples/s  ETA {:.0f} min",
                 iteration, window.total_games(), learner.steps(), sum.total / d, sum.policy / d, sum.value / d,
                 s.positions / std::max(sp.seconds, 1e-9), s.mean_batch_fill(),
                 steps_done * cfg.train.batch_size / std::max(train_seconds, 1e-9), std::max(0.0, hours_left / 60));
  }

  // Export the bot and sum up.
  counters.elapsed_seconds = elapsed();
  if (fs::exists(latest)) {
    save_checkpoint(dir + "/bot.ckpt", net, make_meta(cfg, learner.steps(), counters));
  }
  spdlog::info("{}: {} iterations, {} training steps, {} games, {:.1f} min. Bot: {}/bot.ckpt{}",
               g_interrupted ? "interrupted" : "budget spent", counters.iteration, learner.steps(), window.total_games(),
               counters.elapsed_seconds / 60, dir, g_interrupted ? " (run the same command to resume)" : "");
  if (fs::exists(dir + "/ratings.json")) spdlog::info("ratings:\n{}", ratings_table(fit_run_ratings(read_results(results_path))));
  return 0;
}

}  // namespace bredon
