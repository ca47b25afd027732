// The bots a user plays: one bot file per board size (and komi) in a models directory, picked
// for each game by its size and komi, loaded once and kept. `bredon tei`, `play` and `serve`
// share it, so all three play the same network for a game and describe it the same way.
#pragma once

#include <map>
#include <memory>
#include <string>
#include <vector>

#include "model/checkpoint_file.h"
#include "search/evaluator.h"

namespace bredon {

// The network's module (nn/network.h), held by pointer here so that the game server and the
// commands that only pick a bot do not parse LibTorch's headers.
class TakNetImpl;

struct BotFile {
  std::string path;
  CheckpointMeta meta;
};

class BotLibrary {
 public:
  // Every readable `*.ckpt` in `dir` (none if the directory is missing or empty); a file that
  // does not read as a checkpoint is skipped with a warning naming it.
  explicit BotLibrary(const std::string& dir);
  // A bot file named by the user: used for its own size ahead of the directory's.
  // Throws CheckpointError when it does not read.
  void add_preferred(const std::string& path);

  // The bot for a game: same size, the same komi if there is one, else the nearest komi.
  const BotFile* find(int size, int half_komi) const;
  const std::vector<BotFile>& bots() const { return bots_; }
  const std::string& dir() const { return dir_; }

  // The evaluator for a game: the network of find(), warmed up on its first use, or the
  // model-free heuristic when none fits. `description` says which, for people to read.
  std::unique_ptr<Evaluator> evaluator_for(int size, int half_komi, std::string* description);

 private:
  std::string dir_;
  std::vector<BotFile> bots_;  // preferred files first
  std::map<std::string, std::shared_ptr<TakNetImpl>> loaded_;  // by path, loaded on first use
};

// Where the shipped bots are: $BREDON_MODELS if set, else `models/` beside the executable's
// folder (the repository's, for build/bredon) or `../share/bredon/models` from it (installed),
// else the source tree's `models/`.
std::string default_models_dir();

// "models/4x4.ckpt (4x4, komi 0, step 9601)".
std::string describe_bot(const BotFile& bot);

}  // namespace bredon
