#include "train/batch_prefetcher.h"

#include <algorithm>

#include "model/symmetry.h"
#include "util/run_on_threads.h"

namespace bredon {

BatchPrefetcher::BatchPrefetcher(Sampler sample, int batch_size, int board_size, int half_komi, uint64_t seed,
                                 int fill_threads)
    : sample_(std::move(sample)),
      board_size_(board_size),
      half_komi_(half_komi),
      fill_threads_(std::max(1, fill_threads)),
      rng_(seed),
      picks_(static_cast<size_t>(batch_size)),
      symmetries_(static_cast<size_t>(batch_size)),
      thread_([this] { work(); }) {}

BatchPrefetcher::~BatchPrefetcher() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    stopping_ = true;
  }
  changed_.notify_all();
  thread_.join();
}

void BatchPrefetcher::work() {
  for (;;) {
    int target;
    {
      std::unique_lock<std::mutex> lock(mutex_);
      changed_.wait(lock, [&] { return wanted_ || stopping_; });
      if (stopping_) return;
      target = filling_;
    }
    try {
      fill(buffers_[target]);
    } catch (...) {
      std::lock_guard<std::mutex> lock(mutex_);
      error_ = std::current_exception();
      wanted_ = false;
      changed_.notify_all();
      return;
    }
    std::lock_guard<std::mutex> lock(mutex_);
    ready_ = target;
    wanted_ = false;
    changed_.notify_all();
  }
}

void BatchPrefetcher::fill(TrainingBatch& batch) {
  // Records and symmetries are drawn in order from one generator, so the batches do not depend
  // on the number of fill threads.
  for (auto& p : picks_) p = &sample_(rng_);
  for (int& s : symmetries_) s = static_cast<int>(rng_() % kSymmetries);
  const int64_t rows = static_cast<int64_t>(picks_.size());
  shape_training_batch(batch, rows, board_size_);
  auto start_of = [&](int k) { return rows * k / fill_threads_; };
  run_on_threads(fill_threads_, [&](int k) {
    fill_training_rows(batch, picks_, symmetries_, board_size_, half_komi_, start_of(k), start_of(k + 1));
  });
}

void BatchPrefetcher::wait_ready() {
  std::unique_lock<std::mutex> lock(mutex_);
  changed_.wait(lock, [&] { return ready_ >= 0 || error_; });
  if (error_) std::rethrow_exception(error_);
}

const TrainingBatch& BatchPrefetcher::next() {
  int handed;
  {
    std::unique_lock<std::mutex> lock(mutex_);
    changed_.wait(lock, [&] { return ready_ >= 0 || error_; });
    if (error_) std::rethrow_exception(error_);
    handed = ready_;
    ready_ = -1;
    // The buffer handed out last time is free again: the caller is done with it.
    filling_ = 1 - handed;
    wanted_ = true;
  }
  changed_.notify_all();
  return buffers_[handed];
}

}  // namespace bredon
