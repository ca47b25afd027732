// Runs body(0), ..., body(count - 1) at the same time, one thread each (the caller runs 0), and
// once all are done rethrows the first exception any of them threw.
#pragma once

#include <exception>
#include <thread>
#include <vector>

namespace bredon {

template <class Body>
void run_on_threads(int count, const Body& body) {
  std::vector<std::exception_ptr> errors(static_cast<size_t>(count > 0 ? count : 0));
  auto guarded = [&](int k) {
    try {
      body(k);
    } catch (...) {
      errors[static_cast<size_t>(k)] = std::current_exception();
    }
  };
  std::vector<std::thread> threads;
  for (int k = 1; k < count; ++k) threads.emplace_back(guarded, k);
  if (count > 0) guarded(0);
  for (auto& t : threads) t.join();
  for (const auto& e : errors)
    if (e) std::rethrow_exception(e);
}

}  // namespace bredon
