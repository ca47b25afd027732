// `bredon train`: the whole cycle self-play -> train -> checkpoint -> evaluate, until the budget
// (hours, steps or games) is spent or Ctrl-C. Everything needed to resume lives in the run
// directory, and every file is written under a temporary name and renamed, so the same command
// resumes after any kill, SIGKILL included:
//   config.yaml          the configuration snapshot the run uses
//   latest.ckpt          network + optimiser + step + counters (CheckpointMeta extra fields)
//   checkpoints/         iter_<n>.ckpt kept for the rating ladder
//   selfplay/            HDF5 game shards (data/shard.h)
//   metrics.jsonl        one JSON line per iteration (losses, rates, Elo) for the notebook
//   eval_results.jsonl   every evaluation match result; ratings.json the fitted Elo table
//   bot.ckpt             the exported bot, written when the run ends; its metadata counts the
//                        compute of this run and of every bot it was started from (--init)
//   done                 written by the trainer role when its budget is spent: workers stop
//
// Roles (KataGo's layout): `all` (the default) is the cycle above in one process. Across
// processes or machines that share the run directory, `selfplay` workers loop forever playing
// with the newest published latest.ckpt and writing shards named after themselves, and one
// `trainer` trains on every worker's shards (the same replay window and samples-per-position cap),
// publishes latest.ckpt atomically after each round, rates checkpoints, and exports the bot at the
// end of its budget. Any of them may be killed and restarted: shards are whole or absent, and the
// trainer's counters live in latest.ckpt.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace bredon {

struct TrainOptions {
  std::string config_path;  // used when the run directory has no snapshot yet
  std::string run_dir;
  uint64_t seed = 1;
  // A bot file whose network a new run starts from (the optimiser starts fresh). Its compute
  // (meta `total_seconds`, `total_games`, `total_steps`) is carried into this run's totals, so a
  // bot trained in stages says what all of them cost. Ignored when the run resumes.
  std::string init_path;
  // Pretraining: before its first self-play game a new run trains `pretrain_steps` steps on every
  // position in the shards of these earlier runs (run directories or their selfplay/ folders,
  // same size and komi), so that a new network (a bigger one, say) starts from what earlier
  // stages learned rather than from nothing. Killed midway, the same command goes on from the
  // step it reached. Those steps count in the run's steps and wall time; the earlier runs' own
  // compute is theirs, and a bot's card adds it.
  std::vector<std::string> pretrain_from;
  int64_t pretrain_steps = 0;
  std::string role = "all";  // all, selfplay, trainer
  std::string worker;        // a self-play worker's name, in its shard names (default: host-pid)
  // Data-parallel trainer ranks (train/distributed.h): world_size processes, rank 0 at `master`.
  int world_size = 1;
  int rank = 0;
  std::string master = "127.0.0.1:29500";
  // How long a rank waits for the others in a collective before failing with an error: rank 0
  // evaluates checkpoints while the rest wait, so the default allows minutes.
  int rank_timeout_s = 600;
};

// Returns the process exit code.
int run_training(const TrainOptions& options);

}  // namespace bredon
