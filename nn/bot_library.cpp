#include "nn/bot_library.h"

#include <spdlog/spdlog.h>
#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "core/movegen.h"
#include "core/ptn_game.h"
#include "nn/checkpoint.h"
#include "nn/nn_evaluator.h"
#include "search/heuristic_evaluator.h"

namespace bredon {

namespace fs = std::filesystem;

BotLibrary::BotLibrary(const std::string& dir) : dir_(dir) {
  std::error_code ec;
  if (dir.empty() || !fs::is_directory(dir, ec)) return;
  std::vector<std::string> paths;
  for (const auto& entry : fs::directory_iterator(dir, ec))
    if (entry.is_regular_file() && entry.path().extension() == ".ckpt") paths.push_back(entry.path().string());
  std::sort(paths.begin(), paths.end());
  for (const std::string& path : paths) {
    try {
      bots_.push_back({path, read_checkpoint_meta(path)});
    } catch (const CheckpointError& e) {
      spdlog::warn("skipping {}: {}", path, e.what());
    }
  }
}

void BotLibrary::add_preferred(const std::string& path) {
  bots_.insert(bots_.begin(), BotFile{path, read_checkpoint_meta(path)});
}

const BotFile* BotLibrary::find(int size, int half_komi) const {
  const BotFile* best = nullptr;
  for (const BotFile& b : bots_) {
    if (b.meta.size != size) continue;
    // The first file of the nearest komi wins, so a preferred file beats the directory's.
    if (!best || std::abs(b.meta.half_komi - half_komi) < std::abs(best->meta.half_komi - half_komi)) best = &b;
  }
  return best;
}

std::unique_ptr<Evaluator> BotLibrary::evaluator_for(int size, int half_komi, std::string* description) {
  const BotFile* bot = find(size, half_komi);
  if (!bot) {
    *description = "no bot for " + std::to_string(size) + "x" + std::to_string(size) + " in " +
                   (dir_.empty() ? std::string("(no models directory)") : dir_) +
                   ": playing with the model-free heuristic search";
    return std::make_unique<HeuristicEvaluator>();
  }
  auto it = loaded_.find(bot->path);
  if (it == loaded_.end()) {
    TakNet net = load_checkpoint(bot->path, size).net;
    net->eval();
    net->use_channels_last();
    // One evaluation now: LibTorch prepares its kernels on the first forward pass (tens to
    // hundreds of milliseconds), which would otherwise land on a move's clock.
    const Position start(size, bot->meta.half_komi);
    const std::vector<Move> moves = legal_moves(start);
    std::vector<EvalResult> results;
    NetworkEvaluator(net).evaluate({EvalRequest{&start, &moves}}, results);
    it = loaded_.emplace(bot->path, net.ptr()).first;
  }
  *description = "network " + describe_bot(*bot) +
                 (bot->meta.half_komi != half_komi ? "; playing another komi than it was trained for" : "");
  return std::make_unique<NetworkEvaluator>(TakNet(it->second));
}

std::string default_models_dir() {
  if (const char* env = std::getenv("BREDON_MODELS"); env && *env) return env;
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    for (const fs::path& candidate : {exe.parent_path().parent_path() / "models",
                                      exe.parent_path().parent_path() / "share" / "bredon" / "models"})
      if (fs::is_directory(candidate, ec)) return candidate.string();
  }
#ifdef BREDON_SOURCE_MODELS_DIR
  if (fs::is_directory(BREDON_SOURCE_MODELS_DIR, ec)) return BREDON_SOURCE_MODELS_DIR;
#endif
  return "";
}

std::string describe_bot(const BotFile& bot) {
  const int n = bot.meta.size;
  return bot.path + " (" + std::to_string(n) + "x" + std::to_string(n) + ", komi " + komi_text(bot.meta.half_komi) +
         ", step " + std::to_string(bot.meta.step) + ")";
}

}  // namespace bredon
