// Prepares the next training batch on a background thread while the current step runs, so the
// learner never waits for sampling, augmentation and encoding (about 5% of a small network's
// step on 2 cores when done in line). With `fill_threads` > 1 the rows are filled by that many
// threads: when the learner keeps every core busy (data-parallel shares), spreading the work
// delays each share a little instead of stalling one share, and so the whole step, by all of it.
#pragma once

#include <condition_variable>
#include <exception>
#include <functional>
#include <mutex>
#include <random>
#include <thread>
#include <vector>

#include "train/training_batch.h"

namespace bredon {

class BatchPrefetcher {
 public:
  // Draws one record; called only on the background thread, with its own generator. What it
  // samples from must not change while the prefetcher lives.
  using Sampler = std::function<const PositionRecord&(std::mt19937_64&)>;

  BatchPrefetcher(Sampler sample, int batch_size, int board_size, int half_komi, uint64_t seed, int fill_threads = 1);
  ~BatchPrefetcher();
  BatchPrefetcher(const BatchPrefetcher&) = delete;
  BatchPrefetcher& operator=(const BatchPrefetcher&) = delete;

  // The next batch, valid until the following call; preparing the one after starts at once.
  // Rethrows anything the background thread threw.
  const TrainingBatch& next();
  // Blocks until the batch in preparation is ready (benchmarks use it to keep the background
  // work out of what they time).
  void wait_ready();

 private:
  void work();
  void fill(TrainingBatch& batch);

  Sampler sample_;
  int board_size_, half_komi_, fill_threads_;
  std::mt19937_64 rng_;
  std::vector<const PositionRecord*> picks_;
  std::vector<int> symmetries_;
  TrainingBatch buffers_[2];
  int filling_ = 0;  // the buffer the background thread fills next
  int ready_ = -1;   // a filled buffer not handed out yet, or -1
  bool wanted_ = true, stopping_ = false;
  std::exception_ptr error_;
  std::mutex mutex_;
  std::condition_variable changed_;
  std::thread thread_;
};

}  // namespace bredon
