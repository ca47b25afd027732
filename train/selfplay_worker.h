// The `selfplay` role of a training run (training_run.h): plays games forever with the newest
// network the trainer published in the run directory, writing each batch of games as a shard
// named `<worker>_<n>.h5`, until the trainer writes `done` or the worker is stopped.
#pragma once

#include "config/run_config.h"
#include "train/training_run.h"

namespace bredon {

// Returns the process exit code.
int run_selfplay_worker(const TrainOptions& options, const RunConfig& cfg);

}  // namespace bredon
