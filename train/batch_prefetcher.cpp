#include "train/batch_prefetcher.h"

namespace bredon {

BatchPrefetcher::BatchPrefetcher(Sampler sample, int batch_size, int board_size, int half_komi, uint64_t seed)
    : sample_(std::move(sample)),
      board_size_(board_size),
      half_komi_(half_komi),
      rng_(seed),
      picks_(static_cast<size_t>(batch_size)),
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
      for (auto& p : picks_) p = &sample_(rng_);
      fill_training_batch(buffers_[target], picks_, board_size_, half_komi_, rng_);
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
