#include "nn/torch_threads.h"

#include <algorithm>
#include <atomic>
#include <exception>
#include <thread>

#include <ATen/Parallel.h>

namespace bredon {

namespace {
std::atomic<int> g_intra_op_threads{0};
}  // namespace

void configure_torch_threads(int intra_op_threads) {
  const int threads =
      intra_op_threads > 0 ? intra_op_threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  g_intra_op_threads = threads;
  adopt_torch_threads();
  // One batch is in flight at a time, so inter-op parallelism only adds contention.
  static bool interop_set = false;
  if (!interop_set) {
    try {
      at::set_num_interop_threads(1);
    } catch (const std::exception&) {
      // Already started (set once per process); harmless.
    }
    interop_set = true;
  }
}

int configure_threads_for_bot_search() {
  configure_torch_threads(1);
  return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
}

void adopt_torch_threads() {
  thread_local int applied = 0;
  const int wanted = g_intra_op_threads.load();
  if (wanted > 0 && wanted != applied) {
    at::set_num_threads(wanted);
    applied = wanted;
  }
}

}  // namespace bredon
