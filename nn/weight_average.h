// The mean of several networks of one architecture, parameter by parameter (and batch-norm
// statistics likewise): the last checkpoints of a run at a constant learning rate scatter
// around a better point, and their average plays stronger than any one of them (KataGo and
// others export such averages). Used for the exported bot (train.export_average) and by
// `bredon export --average K`.
#pragma once

#include <string>
#include <vector>

#include "nn/checkpoint.h"

namespace bredon {

// The average of the networks in `paths` (the last one's metadata, with `averaged_over` listing
// the files). Throws CheckpointError naming a file whose size or architecture differs from the
// first's.
LoadedCheckpoint average_checkpoints(const std::vector<std::string>& paths);

// What a bot averages: `latest`, and before it the newest of `earlier` (checkpoints, oldest
// first) from earlier training steps, `count` files in all, oldest first (fewer when there are
// not so many). A checkpoint at latest's step is latest itself (a run's evaluation checkpoint of
// its last iteration) and is passed over.
std::vector<std::string> newest_for_average(const std::string& latest, const std::vector<std::string>& earlier, int count);

}  // namespace bredon
