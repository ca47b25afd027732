// The computer's moves on `bredon serve`, found on worker threads of their own so that a
// thinking bot never holds up a request or another game. Each worker keeps the evaluators it
// has loaded (one per board size and komi, from the shared bot library).
#pragma once

#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "core/position.h"
#include "nn/bot_library.h"

namespace bredon::serve {

struct BotJob {
  std::string game_id;
  size_t moves_before = 0;  // the game's length when asked: a reply to an older position is dropped
  Position position;
  std::string level;        // easy, medium, hard
};

class BotWorkers {
 public:
  using Deliver = std::function<void(const BotJob& job, const std::string& ptn)>;
  // threads >= 1; think_ms: the hard level's time a move.
  BotWorkers(const std::string& models_dir, int threads, int64_t think_ms, Deliver deliver);
  ~BotWorkers();
  BotWorkers(const BotWorkers&) = delete;
  BotWorkers& operator=(const BotWorkers&) = delete;

  void submit(BotJob job);
  // What the computer plays a game of this size and komi with, in words.
  std::string describe(int size, int half_komi);

 private:
  void work(int worker);

  BotLibrary library_;
  std::mutex library_mutex_;
  int64_t think_ms_;
  Deliver deliver_;
  std::mutex mutex_;
  std::condition_variable wake_;
  std::deque<BotJob> jobs_;
  bool stopping_ = false;
  std::vector<std::thread> threads_;
};

}  // namespace bredon::serve
