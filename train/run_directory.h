// What every role of a training run shares about its run directory: the configuration snapshot,
// the starting network and the device.
#pragma once

#include <string>

#include "config/run_config.h"
#include "nn/network.h"
#include "train/training_run.h"

namespace bredon {

// The run directory's configuration: once an iteration is saved the snapshot wins, so a resumed
// run trains what it started; before that, a --config given again replaces it (say, to correct
// the value that stopped the first start).
RunConfig run_config_for(const TrainOptions& options);

// The network a run starts from: the same for the same seed, in every role and process.
TakNet seeded_network(uint64_t seed, int size, const ModelConfig& model);
// The device the config's device: names, for this process (its GPU among the machine's by
// LOCAL_RANK or SLURM_LOCALID); throws ConfigError naming the config when it cannot be used.
torch::Device run_device(const RunConfig& cfg);

}  // namespace bredon
