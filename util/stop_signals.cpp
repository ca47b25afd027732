#include "util/stop_signals.h"

#include <atomic>
#include <csignal>

namespace bredon {
namespace {

std::atomic<bool> g_interrupted{false};

extern "C" void on_stop_signal(int signal) {
  if (g_interrupted.exchange(true)) {  // the second one: stop now (both are async-signal-safe)
    std::signal(signal, SIG_DFL);
    std::raise(signal);
  }
}

}  // namespace

void stop_on_signals() {
  std::signal(SIGINT, on_stop_signal);
  std::signal(SIGTERM, on_stop_signal);
}

bool interrupted() { return g_interrupted.load(); }

}  // namespace bredon
