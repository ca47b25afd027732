#include "train/training_run.h"

#include <spdlog/spdlog.h>

#include <atomic>
#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <limits>
#include <thread>

#include <nlohmann/json.hpp>

#include "arena/ratings.h"
#include "nn/checkpoint.h"
#include "nn/device.h"
#include "nn/nn_evaluator.h"
#include "nn/weight_average.h"
#include "selfplay/selfplay_pool.h"
#include "train/batch_prefetcher.h"
#include "train/checkpoint_evaluation.h"
#include "train/distributed.h"
#include "train/learner.h"
#include "train/replay_window.h"
#include "train/run_directory.h"
#include "train/selfplay_worker.h"
#include "util/run_files.h"
#include "util/stop_signals.h"

namespace bredon {
namespace fs = std::filesystem;
namespace {


using Clock = std::chrono::steady_clock;
double seconds_since(Clock::time_point start) { return std::chrono::duration<double>(Clock::now() - start).count(); }

// What a run has done, saved in latest.ckpt's metadata so that a resumed run continues the count.
struct Counters {
  int64_t iteration = 0;
  int64_t samples_trained = 0;
  double elapsed_seconds = 0;  // across resumes
  // The compute of the bot this run started from (--init), all its stages together.
  std::string init_from;
  double prior_seconds = 0;
  int64_t prior_games = 0, prior_steps = 0;
  // What --pretrain-from trained on, kept so that a resume without the options still says so.
  std::string pretrained_from;
  int64_t pretrain_steps = 0;
};

// What one iteration's stages report, for its metrics line.
struct TrainPhase {
  LossStats sum;
  int steps = 0;
  double seconds = 0;
};
struct EvaluationSummary {
  nlohmann::json elo, elo_stderr, score_vs_random, score_vs_baseline, score_vs_anchor;  // null when not evaluated
};

// The training cycle over one run directory, stage by stage (see training_run.h for the files).
class TrainingRun {
 public:
  TrainingRun(const TrainOptions& options, RunConfig cfg)
      : options_(options),
        dir_(options.run_dir),
        cfg_(std::move(cfg)),
        n_(cfg_.game.size),
        device_(run_device(cfg_)),
        net_(on_device(seeded_network(options.seed, n_, cfg_.model), device_)),
        learner_(net_, cfg_.train),
        infer_(on_device(TakNet(n_, cfg_.model), device_)),
        window_(cfg_.train, n_, cfg_.game.half_komi) {
    if (!device_.is_cpu()) spdlog::info("networks on {}", describe_device(device_));
  }

  // Role `all`: self-play, training, checkpoint and evaluation in turn, in this process.
  int run() {
    prepare();
    pretrain();
    configure_torch_threads(cfg_.selfplay.eval_threads);
    const uint64_t pool_seed = options_.seed * 1000003ULL + static_cast<uint64_t>(counters_.iteration);
    pool_ = std::make_unique<SelfPlayPool>(
        cfg_.selfplay.workers, n_, cfg_.game.half_komi, cfg_.selfplay, cfg_.search,
        [&] { return std::make_unique<NetworkEvaluator>(infer_); }, pool_seed, model_id(),
        window_.total_games() + 1000000LL * counters_.iteration);
    while (budget_left() && !interrupted()) {
      const int64_t iteration = counters_.iteration + 1;
      const PoolResult games = play(iteration);
      if (interrupted()) break;
      window_.refresh(dir_ + "/selfplay");
      const TrainPhase training = train();
      counters_.iteration = iteration;
      save_latest();
      const EvaluationSummary rating = evaluate(iteration, training.steps > 0);
      write_metrics(iteration, games, training, rating);
    }
    export_bot();
    return 0;
  }

  // Role `trainer`: trains on the shards self-play workers write into the run directory,
  // publishing latest.ckpt after every round, until the budget; then exports the bot and writes
  // `done`, which stops the workers. With several ranks (--world-size) every rank trains on
  // batches of its own with the gradients averaged; they agree on each round's steps, and rank 0
  // alone writes the run directory.
  int run_trainer() {
    std::unique_ptr<DistributedGroup> group;
    DistributedOptions dist;
    dist.world_size = options_.world_size;
    dist.rank = options_.rank;
    dist.master = options_.master;
    dist.timeout = std::chrono::seconds(options_.rank_timeout_s);
    dist.gpu = device_.is_cuda();
    dist = distributed_options_from_environment(dist);
    if (dist.world_size > 1) {
      group = std::make_unique<DistributedGroup>(dist);
      spdlog::info("trainer rank {} of {} joined at {}", dist.rank, dist.world_size, dist.master);
    }
    const int world = group ? group->world_size() : 1;
    ranks_ = world;
    const bool leader = !group || group->rank() == 0;
    samples_per_step_ = static_cast<int64_t>(cfg_.train.batch_size) * world;
    prepare(group ? group->rank() : 0);
    if (group) {
      group->broadcast_parameters(net_);
      learner_.set_gradient_sync([&](TakNet& net) { group->average_gradients(net); });
    }
    if (group && !options_.pretrain_from.empty())
      throw ConfigError("--pretrain-from needs one trainer rank: pretrain with --world-size 1, then resume with more");
    pretrain();
    if (leader && !fs::exists(dir_ + "/latest.ckpt")) save_latest();  // the workers' first network
    auto last_note = Clock::now() - std::chrono::hours(1);
    for (;;) {
      bool go = budget_left() && !interrupted();
      if (group) go = group->min_across(go ? 1 : 0) == 1;  // every rank stops at the same round
      if (!go) break;
      window_.refresh(dir_ + "/selfplay");
      // A round trains what one iteration of role `all` would (games_per_iteration games' worth),
      // so that the workers get a newer network as often.
      const double positions_per_game =
          static_cast<double>(window_.total_positions()) / static_cast<double>(std::max<int64_t>(1, window_.total_games()));
      const int64_t round_steps = std::max<int64_t>(
          1, static_cast<int64_t>(cfg_.train.games_per_iteration * positions_per_game * cfg_.train.samples_per_new_sample /
                                  static_cast<double>(samples_per_step_)));
      int64_t steps = static_cast<int>(window_.size()) < cfg_.train.min_positions
                          ? 0
                          : std::min<int64_t>(round_steps, static_cast<int64_t>(owed() / static_cast<double>(samples_per_step_)));
      if (cfg_.budget.steps > 0) steps = std::min<int64_t>(steps, cfg_.budget.steps - learner_.steps());
      if (group) steps = group->min_across(steps);
      if (steps <= 0) {
        if (seconds_since(last_note) > 30) {
          spdlog::info("trainer: waiting for self-play shards ({} games, {} positions so far)", window_.total_games(),
                       window_.total_positions());
          last_note = Clock::now();
        }
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
        continue;
      }
      const int64_t iteration = counters_.iteration + 1;
      const TrainPhase training = train(steps);
      counters_.iteration = iteration;
      if (!leader) continue;
      save_latest();
      const EvaluationSummary rating = evaluate(iteration, training.steps > 0);
      write_metrics(iteration, PoolResult{}, training, rating);
    }
    if (!leader) {
      spdlog::info("trainer rank {}: {} steps, stopping with rank 0", group->rank(), learner_.steps());
      return 0;
    }
    export_bot();
    if (!interrupted()) write_text_atomic(dir_ + "/done", "the trainer's budget is spent\n");
    return 0;
  }

 private:
  // Resumes the network and counters, reads the shards on disk and the rating ladder.
  // Each data-parallel rank samples batches of its own.
  void prepare(int rank = 0) {
    resume();
    window_.refresh(dir_ + "/selfplay");
    rng_.seed(options_.seed ^ static_cast<uint64_t>(counters_.iteration * 7919 + 17) ^ (0x9E3779B97F4A7C15ULL * static_cast<uint64_t>(rank)));
    ladder_ = run_checkpoints(dir_);
  }

  // Training samples still owed: at most samples_per_new_sample per position ever played. It is
  // derived from the shards on disk, so positions written just before a kill still count.
  double owed() const {
    return static_cast<double>(window_.total_positions()) * cfg_.train.samples_per_new_sample -
           static_cast<double>(counters_.samples_trained);
  }
  int64_t samples_per_step_ = 0;  // the batch, times the ranks training together
  int ranks_ = 1;                 // data-parallel trainer ranks

  std::string model_id() const { return "iter_" + std::to_string(counters_.iteration); }
  double elapsed() const { return elapsed_before_ + seconds_since(session_start_); }

  bool budget_left() const {
    const BudgetConfig& b = cfg_.budget;
    if (b.hours > 0 && elapsed() >= b.hours * 3600) return false;
    if (b.steps > 0 && learner_.steps() >= b.steps) return false;
    if (b.games > 0 && window_.total_games() >= b.games) return false;
    return true;
  }

  CheckpointMeta meta() const {
    CheckpointMeta m;
    m.size = n_;
    m.half_komi = cfg_.game.half_komi;
    m.model = cfg_.model;
    m.step = learner_.steps();
    m.config_hash = cfg_.hash;
    m.extra["iteration"] = std::to_string(counters_.iteration);
    m.extra["samples_trained"] = std::to_string(counters_.samples_trained);
    m.extra["elapsed_seconds"] = std::to_string(counters_.elapsed_seconds);
    if (!counters_.init_from.empty()) m.extra["init_from"] = counters_.init_from;
    m.extra["prior_seconds"] = std::to_string(counters_.prior_seconds);
    m.extra["prior_games"] = std::to_string(counters_.prior_games);
    m.extra["prior_steps"] = std::to_string(counters_.prior_steps);
    if (!counters_.pretrained_from.empty()) {
      m.extra["pretrained_from"] = counters_.pretrained_from;
      m.extra["pretrain_steps"] = std::to_string(counters_.pretrain_steps);
    }
    m.extra["total_seconds"] = std::to_string(counters_.prior_seconds + counters_.elapsed_seconds);
    m.extra["total_games"] = std::to_string(counters_.prior_games + window_.total_games());
    m.extra["total_steps"] = std::to_string(counters_.prior_steps + learner_.steps());
    return m;
  }

  // Network, optimiser and counters from latest.ckpt, when the run has one.
  void resume() {
    const std::string latest = dir_ + "/latest.ckpt";
    if (fs::exists(latest)) {
      LoadedCheckpoint ck = load_checkpoint(latest, n_);
      copy_weights(ck.net, net_);
      if (ck.has_optimizer) load_optimizer_state(latest, learner_.optimizer());
      learner_.set_steps(ck.meta.step);
      auto get = [&](const char* k) { return ck.meta.extra.count(k) ? std::stod(ck.meta.extra.at(k)) : 0.0; };
      counters_.iteration = static_cast<int64_t>(get("iteration"));
      counters_.samples_trained = static_cast<int64_t>(get("samples_trained"));
      counters_.elapsed_seconds = get("elapsed_seconds");
      counters_.prior_seconds = get("prior_seconds");
      counters_.prior_games = static_cast<int64_t>(get("prior_games"));
      counters_.prior_steps = static_cast<int64_t>(get("prior_steps"));
      if (ck.meta.extra.count("init_from")) counters_.init_from = ck.meta.extra.at("init_from");
      if (ck.meta.extra.count("pretrained_from")) counters_.pretrained_from = ck.meta.extra.at("pretrained_from");
      counters_.pretrain_steps = static_cast<int64_t>(get("pretrain_steps"));
      spdlog::info("resuming {} at iteration {}, step {}, {:.1f} min trained", dir_, counters_.iteration, ck.meta.step,
                   counters_.elapsed_seconds / 60);
      if (!options_.init_path.empty()) spdlog::warn("--init {} ignored: the run resumes its own network", options_.init_path);
    } else if (!options_.init_path.empty()) {
      start_from_bot(options_.init_path);
    } else {
      spdlog::info("new run in {}: {}x{} komi {}, {} blocks x {} channels", dir_, n_, n_, cfg_.game.half_komi / 2.0,
                   cfg_.model.blocks, cfg_.model.channels);
    }
    elapsed_before_ = counters_.elapsed_seconds;
    infer_->use_channels_last();  // self-play feeds it channels-last batches (nn_evaluator)
    copy_weights(net_, infer_);
    infer_->eval();
  }

  // --init: the bot's weights, when they are the network the configuration describes.
  void start_from_bot(const std::string& path) {
    LoadedCheckpoint ck = load_checkpoint(path, n_);
    const ModelConfig& a = ck.meta.model;
    const ModelConfig& b = cfg_.model;
    if (a != b)
      throw ConfigError("--init " + path + " is a " + std::to_string(a.blocks) + " blocks x " +
                        std::to_string(a.channels) + " channels network, but the configuration's model: section says " +
                        std::to_string(b.blocks) + " x " + std::to_string(b.channels) +
                        " (or differs in its heads): use the bot's config");
    if (ck.meta.half_komi != cfg_.game.half_komi)
      spdlog::warn("--init {} was trained at komi {}, this run plays komi {}", path, ck.meta.half_komi / 2.0,
                   cfg_.game.half_komi / 2.0);
    copy_weights(ck.net, net_);
    auto get = [&](const char* k, double otherwise) {
      return ck.meta.extra.count(k) ? std::stod(ck.meta.extra.at(k)) : otherwise;
    };
    counters_.init_from = path;
    counters_.prior_seconds = get("total_seconds", get("elapsed_seconds", 0));
    counters_.prior_games = static_cast<int64_t>(get("total_games", 0));
    counters_.prior_steps = static_cast<int64_t>(get("total_steps", static_cast<double>(ck.meta.step)));
    spdlog::info("new run in {} from {} (its training so far: {:.1f} h, {} games, {} steps)", dir_, path,
                 counters_.prior_seconds / 3600, counters_.prior_games, counters_.prior_steps);
  }

  // Stage 0, once, for a run given --pretrain-from: pretrain_steps steps on every position of
  // the earlier runs' shards, in rounds of a few hundred steps each saved to latest.ckpt, so that
  // a kill loses at most one round. Its samples do not count against the self-play positions'
  // samples-per-position cap (owed()): they are not this run's positions.
  void pretrain() {
    const int64_t target = options_.pretrain_steps;
    if (options_.pretrain_from.empty() || target <= 0) return;
    if (counters_.iteration > 0 || learner_.steps() >= target) {
      if (learner_.steps() < target)
        spdlog::warn("--pretrain-from ignored: the run has played {} iterations already", counters_.iteration);
      return;
    }
    counters_.pretrained_from.clear();
    for (const std::string& d : options_.pretrain_from) counters_.pretrained_from += (counters_.pretrained_from.empty() ? "" : ",") + d;
    counters_.pretrain_steps = target;
    TrainConfig keep_all = cfg_.train;
    keep_all.window_base = std::numeric_limits<int>::max();  // a window that never drops a shard
    keep_all.window_max = std::numeric_limits<int>::max();
    ReplayWindow data(keep_all, n_, cfg_.game.half_komi);
    for (const std::string& from : options_.pretrain_from) {
      const std::string shards = fs::is_directory(from + "/selfplay") ? from + "/selfplay" : from;
      const int64_t before = data.total_positions();
      data.refresh(shards);
      spdlog::info("pretraining data: {} positions from {}", data.total_positions() - before, shards);
    }
    if (static_cast<int>(data.size()) < cfg_.train.min_positions)
      throw ConfigError("--pretrain-from: " + std::to_string(data.size()) + " usable positions, fewer than train.min_positions (" +
                        std::to_string(cfg_.train.min_positions) + ")");
    spdlog::info("pretraining {} steps on {} positions of {} games ({:.1f} samples per position)", target, data.size(),
                 data.total_games(), static_cast<double>(target) * cfg_.train.batch_size / static_cast<double>(data.size()));
    configure_torch_threads(cfg_.train.intra_op_threads());
    const int64_t round = 250;
    const auto start = Clock::now();
    const int64_t first = learner_.steps();
    while (learner_.steps() < target && !interrupted()) {
      BatchPrefetcher prefetcher([&](std::mt19937_64& r) -> const PositionRecord& { return data.sample(r); },
                                 cfg_.train.batch_size, n_, cfg_.game.half_komi, rng_(), learner_.shares());
      TrainPhase phase;
      for (int64_t k = 0; k < round && learner_.steps() < target && !interrupted(); ++k) {
        phase.sum += learner_.step(prefetcher.next());
        ++phase.steps;
      }
      save_latest();
      const double rate = static_cast<double>(learner_.steps() - first) / std::max(seconds_since(start), 1e-9);
      spdlog::info("pretrain step {}/{}  loss {:.3f} (policy {:.3f} value {:.3f})  {:.0f} samples/s  ETA {:.0f} min",
                   learner_.steps(), target, phase.sum.total / std::max(1, phase.steps),
                   phase.sum.policy / std::max(1, phase.steps), phase.sum.value / std::max(1, phase.steps),
                   rate * cfg_.train.batch_size, static_cast<double>(target - learner_.steps()) / std::max(rate, 1e-9) / 60);
    }
    configure_torch_threads(cfg_.selfplay.eval_threads);
    copy_weights(net_, infer_);
    infer_->eval();
  }

  // Stage 1: self-play with the current network, written as one shard.
  PoolResult play(int64_t iteration) {
    Shard shard;
    shard.size = n_;
    shard.half_komi = cfg_.game.half_komi;
    shard.model_id = model_id();
    shard.config = cfg_.text;
    pool_->set_model_id(shard.model_id);
    const PoolResult result = pool_->play(
        cfg_.train.games_per_iteration, false,
        [&](FinishedGame&& g) {
          for (PositionRecord& p : g.positions) {
            p.game = static_cast<int64_t>(shard.games.size());
            shard.positions.push_back(std::move(p));
          }
          shard.games.push_back(std::move(g.row));
        },
        nullptr, [] { return interrupted(); });
    if (!shard.games.empty()) {
      shard.created_unix = static_cast<int64_t>(std::time(nullptr));
      write_shard(new_shard_path(iteration), shard);
    }
    return result;
  }

  // selfplay/iter_<iteration>.h5, or with a suffix when a file of that name is already there (a
  // stray copy, or a shard a killed run wrote before it could checkpoint): nothing is overwritten,
  // and the window, which remembers shards by path, reads the new one.
  std::string new_shard_path(int64_t iteration) const {
    char name[64];
    std::snprintf(name, sizeof name, "/selfplay/iter_%06lld", static_cast<long long>(iteration));
    std::string path = dir_ + name + ".h5";
    for (int k = 2; fs::exists(path); ++k) path = dir_ + name + "_" + std::to_string(k) + ".h5";
    if (path != dir_ + name + ".h5") spdlog::warn("{}.h5 exists already: writing {} instead", dir_ + name, path);
    return path;
  }

  // Stage 2: train what is owed (owed()), at most max_steps steps.
  TrainPhase train(int64_t max_steps = std::numeric_limits<int64_t>::max()) {
    TrainPhase phase;
    const auto start = Clock::now();
    if (static_cast<int>(window_.size()) >= cfg_.train.min_positions) {
      configure_torch_threads(cfg_.train.intra_op_threads());
      // The window does not change until the prefetcher is gone at the end of this block.
      BatchPrefetcher prefetcher([&](std::mt19937_64& r) -> const PositionRecord& { return window_.sample(r); },
                                 cfg_.train.batch_size, n_, cfg_.game.half_komi, rng_(), learner_.shares());
      const int64_t per_step = samples_per_step_ > 0 ? samples_per_step_ : cfg_.train.batch_size;
      // Data-parallel ranks take exactly the steps they agreed on (no check that could differ).
      const bool agreed = ranks_ > 1;
      while ((agreed || (owed() >= per_step && !interrupted())) && phase.steps < max_steps) {
        phase.sum += learner_.step(prefetcher.next());
        ++phase.steps;
        counters_.samples_trained += per_step;
        if (cfg_.budget.steps > 0 && learner_.steps() >= cfg_.budget.steps) break;
      }
      configure_torch_threads(cfg_.selfplay.eval_threads);
      copy_weights(net_, infer_);
      infer_->eval();
    }
    phase.seconds = seconds_since(start);
    return phase;
  }

  // Stage 3: the checkpoint the run resumes from (written atomically).
  void save_latest() {
    counters_.elapsed_seconds = elapsed();
    save_checkpoint(dir_ + "/latest.ckpt", net_, meta(), &learner_.optimizer());
  }

  // Stage 4: now and then, rate the network against the anchors and earlier checkpoints.
  EvaluationSummary evaluate(int64_t iteration, bool trained) {
    EvaluationSummary summary;
    if (cfg_.eval.every_iterations <= 0 || !trained) return summary;
    if (iteration % cfg_.eval.every_iterations != 0 && budget_left()) return summary;
    const auto start = Clock::now();
    const std::string name = "iter_" + std::to_string(iteration);
    const std::string path = dir_ + "/checkpoints/" + name + ".ckpt";
    save_checkpoint(path, net_, meta());
    const std::string results_path = dir_ + "/eval_results.jsonl";
    const std::vector<PairResult> results_so_far = read_results(results_path);
    std::vector<int> games_vs_anchors;
    for (const std::string& anchor : rating_anchors())
      games_vs_anchors.push_back(anchor_games(results_so_far, anchor, cfg_.eval.games));
    const CheckpointEvaluation ev =
        evaluate_checkpoint(name, infer_, ladder_opponents(ladder_, cfg_.eval.previous_checkpoints), games_vs_anchors,
                            cfg_, iteration, results_path, cfg_.selfplay.workers, [] { return interrupted(); });
    if (ev.stopped) {
      // Unrated, it would join the ladder with no games of its own; the run resumes from latest.ckpt.
      fs::remove(path);
      spdlog::info("evaluation of {} stopped by a signal after {:.1f} s: nothing of it was written", name,
                   seconds_since(start));
      return summary;
    }
    ladder_.push_back(path);
    const auto ratings = fit_run_ratings(read_results(results_path));
    write_text_atomic(dir_ + "/ratings.json", ratings_json(ratings) + "\n");
    for (const auto& r : ratings)
      if (r.player == name) {
        summary.elo = r.elo;
        summary.elo_stderr = r.stderr_elo;
      }
    summary.score_vs_random = ev.vs_random.score();
    summary.score_vs_baseline = ev.vs_baseline.score();
    if (ev.vs_anchor.games() > 0) summary.score_vs_anchor = ev.vs_anchor.score();
    const MatchResult& r1 = ev.vs_random;
    const MatchResult& r2 = ev.vs_baseline;
    const MatchResult& r3 = ev.vs_anchor;
    const std::string elo = summary.elo.is_number()
                                ? fmt::format("Elo {:.0f} +- {:.0f}", summary.elo.get<double>(),
                                              summary.elo_stderr.get<double>())
                                : "not rated yet";
    spdlog::info("evaluation of {} ({:.1f} s): vs random {}-{}-{}, vs baseline {}-{}-{}{}, {}", name,
                 seconds_since(start), r1.wins, r1.draws, r1.losses, r2.wins, r2.draws, r2.losses,
                 r3.games() ? fmt::format(", vs {} {}-{}-{}", cfg_.eval.anchor, r3.wins, r3.draws, r3.losses) : "",
                 elo);
    return summary;
  }

  // Stage 5: one metrics line per iteration (notebooks/training.ipynb plots them) and a log line.
  void write_metrics(int64_t iteration, const PoolResult& games, const TrainPhase& training,
                     const EvaluationSummary& rating) {
    const SelfPlayStats& s = games.stats;
    const double steps = std::max(1, training.steps);
    const double selfplay_seconds = std::max(games.seconds, 1e-9);
    const double samples_per_s = training.steps * cfg_.train.batch_size / std::max(training.seconds, 1e-9);
    const nlohmann::json line = {
        {"iteration", iteration},
        {"step", learner_.steps()},
        {"elapsed_s", elapsed()},
        {"games_total", window_.total_games()},
        {"positions_total", window_.total_positions()},
        {"window", window_.size()},
        {"policy_surprise", window_.mean_policy_surprise()},
        {"selfplay_games", s.games},
        {"selfplay_positions_per_s", s.positions / selfplay_seconds},
        {"selfplay_evals_per_s", s.evaluations / selfplay_seconds},
        {"batch_fill", s.mean_batch_fill()},
        {"white_wins", s.white_wins},
        {"black_wins", s.black_wins},
        {"draws", s.draws},
        {"resignations", s.resignations},
        {"false_resign_rate", s.false_resignation_rate()},
        {"train_steps", training.steps},
        {"train_samples_per_s", samples_per_s},
        {"lr", training.sum.learning_rate},
        {"loss_total", training.sum.total / steps},
        {"loss_policy", training.sum.policy / steps},
        {"loss_value", training.sum.value / steps},
        {"loss_margin", training.sum.margin / steps},
        {"loss_moves_left", training.sum.moves_left / steps},
        {"loss_ownership", training.sum.ownership / steps},
        {"loss_soft_policy", training.sum.soft_policy / steps},
        {"elo", rating.elo},
        {"elo_stderr", rating.elo_stderr},
        {"score_vs_random", rating.score_vs_random},
        {"score_vs_baseline", rating.score_vs_baseline},
        {"score_vs_anchor", rating.score_vs_anchor},
    };
    append_line(dir_ + "/metrics.jsonl", line.dump());
    const double minutes_left = cfg_.budget.hours > 0 ? (cfg_.budget.hours * 3600 - elapsed()) / 60 : 0;
    spdlog::info(
        "iter {}  games {}  step {}  loss {:.3f} (policy {:.3f} value {:.3f})  selfplay {:.0f} pos/s fill {:.2f}  "
        "train {:.0f} samples/s  ETA {:.0f} min",
        iteration, window_.total_games(), learner_.steps(), training.sum.total / steps, training.sum.policy / steps,
        training.sum.value / steps, s.positions / selfplay_seconds, s.mean_batch_fill(), samples_per_s,
        std::max(0.0, minutes_left));
  }

  // Stage 6: the bot file and a summary.
  void export_bot() {
    counters_.elapsed_seconds = elapsed();
    const bool trained = fs::exists(dir_ + "/latest.ckpt");
    if (trained) {
      const std::vector<std::string> sources =
          newest_for_average(dir_ + "/latest.ckpt", ladder_, cfg_.train.export_average);
      if (sources.size() > 1) {
        LoadedCheckpoint averaged = average_checkpoints(sources);
        CheckpointMeta m = meta();
        m.extra["averaged_over"] = averaged.meta.extra["averaged_over"];
        save_checkpoint(dir_ + "/bot.ckpt", averaged.net, m);
        spdlog::info("bot: the average of {}", m.extra["averaged_over"]);
      } else {
        save_checkpoint(dir_ + "/bot.ckpt", net_, meta());
      }
    }
    spdlog::info("{}: {} iterations, {} training steps, {} games, {:.1f} min. {}",
                 interrupted() ? "interrupted" : "budget spent", counters_.iteration, learner_.steps(),
                 window_.total_games(), counters_.elapsed_seconds / 60,
                 trained ? "Bot: " + dir_ + "/bot.ckpt" : std::string("No bot yet: no iteration finished"));
    if (interrupted()) spdlog::info("run the same command to resume");
    const std::string results_path = dir_ + "/eval_results.jsonl";
    if (fs::exists(dir_ + "/ratings.json"))
      spdlog::info("ratings:\n{}", ratings_table(fit_run_ratings(read_results(results_path))));
  }

  const TrainOptions& options_;
  const std::string dir_;
  const RunConfig cfg_;
  const int n_;
  const torch::Device device_;  // where both networks run (config device:)
  TakNet net_;  // trained
  Learner learner_;
  TakNet infer_;  // a copy for self-play and evaluation
  ReplayWindow window_;
  std::unique_ptr<SelfPlayPool> pool_;
  Counters counters_;
  std::mt19937_64 rng_;
  std::vector<std::string> ladder_;  // checkpoints kept for evaluation, oldest first
  const Clock::time_point session_start_ = Clock::now();
  double elapsed_before_ = 0;
};

}  // namespace

int run_training(const TrainOptions& options) {
  fs::create_directories(options.run_dir + "/selfplay");
  fs::create_directories(options.run_dir + "/checkpoints");
  // A kill between writing and renaming leaves a temporary file; a resumed run sweeps them up.
  for (const std::string& dir : {options.run_dir, options.run_dir + "/checkpoints"}) {
    const int removed = remove_stale_temp_files(dir, std::chrono::hours(1));
    if (removed > 0) spdlog::info("removed {} temporary file(s) that a killed process left in {}", removed, dir);
  }
  RunConfig cfg = run_config_for(options);
  stop_on_signals();
  if (options.role == "selfplay") return run_selfplay_worker(options, cfg);
  TrainingRun run(options, std::move(cfg));
  return options.role == "trainer" ? run.run_trainer() : run.run();
}

}  // namespace bredon
