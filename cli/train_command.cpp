// `bredon train --config <yaml> [--run-dir DIR] [--seed S] [--init <bot>] [--pretrain-from DIR... --pretrain-steps N] [--role R] [--worker W]`: the training
// cycle, whole or one of its roles (train/training_run.h).
#include <filesystem>

#include "cli/commands.h"
#include "train/training_run.h"

namespace bredon::cli {

namespace {

int run_train(TrainOptions o) {
  if (o.run_dir.empty()) {
    if (o.config_path.empty()) throw UsageError("give --config <yaml> (and optionally --run-dir)");
    o.run_dir = "runs/" + std::filesystem::path(o.config_path).stem().string();
  }
  if (o.config_path.empty() && !std::filesystem::exists(o.run_dir + "/config.yaml"))
    throw UsageError("--run-dir " + o.run_dir + " holds no config.yaml yet: give --config <yaml>");
  if (o.pretrain_from.empty() != (o.pretrain_steps == 0))
    throw UsageError("--pretrain-from and --pretrain-steps go together: the runs to learn from, and for how many steps");
  return run_training(o);
}

}  // namespace

void add_train_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<TrainOptions>();
  CLI::App* cmd = app.add_subcommand(
      "train",
      "the cycle self-play -> train -> checkpoint -> evaluate until the budget or Ctrl-C; resumable after any kill");
  cmd->add_option("--config", o->config_path, "run configuration (YAML); a run directory that has one keeps its own");
  cmd->add_option("--run-dir", o->run_dir, "run directory (default: runs/<config name>)");
  cmd->add_option("--seed", o->seed, "random seed");
  cmd->add_option("--init", o->init_path,
                  "a bot file to start a new run from (its compute is added to this run's totals)");
  cmd->add_option("--pretrain-from", o->pretrain_from,
                  "earlier run directories (or selfplay/ folders) of the same size and komi whose positions a new run "
                  "trains on before its first game; repeatable")
      ->check(CLI::ExistingDirectory);
  cmd->add_option("--pretrain-steps", o->pretrain_steps, "training steps on the --pretrain-from positions")
      ->check(CLI::Range(int64_t{1}, int64_t{100000000}));
  cmd->add_option("--role", o->role,
                  "all: the whole cycle here; selfplay: a worker writing shards into --run-dir; trainer: trains on "
                  "every worker's shards and publishes the network")
      ->check(CLI::IsMember({"all", "selfplay", "trainer"}))
      ->capture_default_str();
  cmd->add_option("--worker", o->worker, "a self-play worker's name, in its shard names (default: host-pid)");
  cmd->add_option("--world-size", o->world_size,
                  "data-parallel trainer ranks (default: $WORLD_SIZE or $SLURM_NTASKS, else 1)")
      ->check(CLI::Range(1, 4096));
  cmd->add_option("--rank", o->rank, "this trainer's rank, 0..world-size-1 (default: $RANK or $SLURM_PROCID)")
      ->check(CLI::Range(0, 4095));
  cmd->add_option("--master", o->master, "rank 0's host:port for the rendezvous (default: $MASTER_ADDR:$MASTER_PORT)")
      ->capture_default_str();
  cmd->add_option("--rank-timeout", o->rank_timeout_s,
                  "seconds a trainer rank waits for the others before failing (rank 0 evaluates checkpoints "
                  "while the rest wait)")
      ->check(CLI::Range(1, 86400))
      ->capture_default_str();
  cmd->callback([o, &exit_code] { exit_code = run_train(*o); });
}
}  // namespace bredon::cli
