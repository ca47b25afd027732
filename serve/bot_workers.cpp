#include "serve/bot_workers.h"

#include <spdlog/spdlog.h>

#include <map>
#include <memory>
#include <random>

#include "nn/torch_threads.h"
#include "search/bot_search.h"

namespace bredon::serve {

BotWorkers::BotWorkers(const std::string& models_dir, int threads, int64_t think_ms, Deliver deliver)
    : library_(models_dir), think_ms_(think_ms), deliver_(std::move(deliver)) {
  for (int i = 0; i < std::max(1, threads); ++i) threads_.emplace_back([this, i] { work(i); });
}

BotWorkers::~BotWorkers() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  wake_.notify_all();
  for (auto& t : threads_) t.join();
}

void BotWorkers::submit(BotJob job) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    jobs_.push_back(std::move(job));
  }
  wake_.notify_one();
}

std::string BotWorkers::describe(int size, int half_komi) {
  std::lock_guard<std::mutex> lock(library_mutex_);
  const BotFile* bot = library_.find(size, half_komi);
  return bot ? "network " + describe_bot(*bot) : "the model-free heuristic search (no bot for this size)";
}

void BotWorkers::work(int worker) {
  adopt_torch_threads();
  std::map<std::pair<int, int>, std::unique_ptr<Evaluator>> evaluators;
  std::mt19937_64 seeds(std::random_device{}() + static_cast<uint64_t>(worker));
  for (;;) {
    BotJob job;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return stopping_ || !jobs_.empty(); });
      if (stopping_) return;
      job = std::move(jobs_.front());
      jobs_.pop_front();
    }
    try {
      const auto key = std::make_pair(job.position.size(), job.position.half_komi());
      auto& evaluator = evaluators[key];
      if (!evaluator) {
        std::string description;
        std::lock_guard<std::mutex> lock(library_mutex_);
        evaluator = library_.evaluator_for(key.first, key.second, &description);
        spdlog::info("serve: the computer plays {}x{} with {}", key.first, key.first, description);
      }
      const Level level = parse_level(job.level);
      const Move m = think(job.position, *evaluator, level, level == Level::Hard ? think_ms_ : -1, -1, nullptr, seeds(), nullptr);
      deliver_(job, to_ptn(m));
    } catch (const std::exception& e) {
      // The game stays on the computer's move; a restart asks again.
      spdlog::error("serve: the computer found no move in game {}: {}", job.game_id, e.what());
    }
  }
}

}  // namespace bredon::serve
