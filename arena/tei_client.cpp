#include "arena/tei_client.h"

#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <cstdlib>
#include <cstring>
#include <stdexcept>

#include "core/ptn_game.h"
#include "core/tps.h"

namespace bredon {

TeiClientPlayer::TeiClientPlayer(std::string command, int size, int half_komi, int move_time_ms, TimeControl clock)
    : command_(std::move(command)),
      name_("tei:" + command_),
      size_(size),
      half_komi_(half_komi),
      move_time_ms_(move_time_ms),
      clock_(clock) {
  start();
}

TeiClientPlayer::~TeiClientPlayer() { shutdown(); }

void TeiClientPlayer::shutdown() {
  if (pid_ > 0) {
    try {
      send("quit");
    } catch (const EngineFailure&) {
    }
    bool exited = false;
    for (int i = 0; i < 20 && !exited; ++i) {
      exited = waitpid(pid_, nullptr, WNOHANG) != 0;
      if (!exited) usleep(50000);
    }
    // The engine's whole process group: an engine that ignores quit, and anything it started.
    kill(-pid_, SIGKILL);
    if (!exited) waitpid(pid_, nullptr, 0);
    pid_ = -1;
  }
  if (to_engine_ >= 0) close(to_engine_);
  if (from_engine_ >= 0) close(from_engine_);
  to_engine_ = from_engine_ = -1;
  buffer_.clear();
}

void TeiClientPlayer::start() {
  try {
    launch();
  } catch (const EngineFailure&) {
    shutdown();  // an engine that fails its handshake is not left running
    throw;
  }
}

template <class Step>
auto TeiClientPlayer::guarded(const Step& step) -> decltype(step()) {
  try {
    if (pid_ < 0) start();  // the engine crashed or hung in an earlier game: a fresh one
    return step();
  } catch (const EngineFailure&) {
    shutdown();  // whatever state it is in, the next game starts a new engine
    throw;
  }
}

void TeiClientPlayer::launch() {
  signal(SIGPIPE, SIG_IGN);  // a dead engine must not kill the match
  int in_pipe[2], out_pipe[2];
  if (pipe(in_pipe) != 0 || pipe(out_pipe) != 0) throw EngineFailure(name_ + ": cannot create pipes");
  pid_ = fork();
  if (pid_ < 0) throw EngineFailure(name_ + ": cannot fork");
  if (pid_ == 0) {
    setpgid(0, 0);  // its own process group, so that shutdown() reaches the engine's children too
    dup2(in_pipe[0], 0);
    dup2(out_pipe[1], 1);
    close(in_pipe[1]);
    close(out_pipe[0]);
    execl("/bin/sh", "sh", "-c", command_.c_str(), static_cast<char*>(nullptr));
    _exit(127);
  }
  setpgid(pid_, pid_);  // also here: whichever of the two runs first
  close(in_pipe[0]);
  close(out_pipe[1]);
  to_engine_ = in_pipe[1];
  from_engine_ = out_pipe[0];
  send("tei");
  // An engine plays a komi only if it advertises the HalfKomi option (Racetrack's rule); sending
  // it to one that does not (Taktician) makes it exit, so such a pairing is refused in words.
  bool knows_komi = false;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(10000);
  for (;;) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
    const std::string line = read_line(static_cast<int>(std::max<int64_t>(1, left)));
    if (line.rfind("option name HalfKomi ", 0) == 0) knows_komi = true;
    if (line.rfind("teiok", 0) == 0) break;
  }
  if (half_komi_ != 0 && !knows_komi) {
    shutdown();
    throw std::invalid_argument(name_ + " has no HalfKomi option, so it plays komi 0 only: it cannot play komi " +
                                komi_text(half_komi_));
  }
  if (half_komi_ != 0) send("setoption name HalfKomi value " + std::to_string(half_komi_));
  send("isready");
  expect("readyok", 10000);
}

void TeiClientPlayer::send(const std::string& line) {
  const std::string text = line + "\n";
  if (write(to_engine_, text.data(), text.size()) != static_cast<ssize_t>(text.size()))
    throw EngineFailure(name_ + ": the engine is gone (write failed)");
}

std::string TeiClientPlayer::read_line(int timeout_ms) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  for (;;) {
    const size_t nl = buffer_.find('\n');
    if (nl != std::string::npos) {
      std::string line = buffer_.substr(0, nl);
      buffer_.erase(0, nl + 1);
      if (!line.empty() && line.back() == '\r') line.pop_back();
      return line;
    }
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) throw EngineFailure(name_ + ": no answer within " + std::to_string(timeout_ms) + " ms");
    pollfd p{from_engine_, POLLIN, 0};
    if (poll(&p, 1, static_cast<int>(left)) <= 0) continue;
    char chunk[4096];
    const ssize_t n = read(from_engine_, chunk, sizeof chunk);
    if (n <= 0) throw EngineFailure(name_ + ": the engine exited or crashed");
    buffer_.append(chunk, static_cast<size_t>(n));
  }
}

std::string TeiClientPlayer::expect(const std::string& prefix, int timeout_ms) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(timeout_ms);
  for (;;) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
    const std::string line = read_line(static_cast<int>(std::max<int64_t>(1, left)));
    if (line.rfind(prefix, 0) == 0) return line;
    const size_t nps = line.rfind("info ", 0) == 0 ? line.find(" nps ") : std::string::npos;
    if (nps != std::string::npos) last_nps_ = std::atof(line.c_str() + nps + 5);
  }
}

void TeiClientPlayer::new_game(const Position& start) {
  my_time_ms_ = clock_.base_ms;
  guarded([&] {
    send("teinewgame " + std::to_string(start.size()));
    send("isready");
    expect("readyok", 10000);
  });
}

Move TeiClientPlayer::choose(const Position& pos) { return guarded([&] { return ask_move(pos); }); }

Move TeiClientPlayer::ask_move(const Position& pos) {
  send("position tps " + to_tps(pos) + " moves ");
  std::string line;
  if (clock_.base_ms > 0) {
    // Both sides are shown this engine's own clock: the opponent's is not kept here.
    const std::string t = std::to_string(my_time_ms_), inc = std::to_string(clock_.increment_ms);
    const auto start = std::chrono::steady_clock::now();
    send("go wtime " + t + " btime " + t + " winc " + inc + " binc " + inc);
    line = expect("bestmove", static_cast<int>(my_time_ms_ + 2000));
    my_time_ms_ -= std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start).count();
    if (my_time_ms_ < 0)
      throw EngineFailure(name_ + ": lost on time (" + std::to_string(-my_time_ms_) + " ms over)");
    my_time_ms_ += clock_.increment_ms;
  } else {
    send("go movetime " + std::to_string(move_time_ms_));
    line = expect("bestmove", move_time_ms_ + 5000);
  }
  const std::string text =
      line.size() > 9
          ? line.substr(9, line.find(' ', 9) == std::string::npos ? std::string::npos : line.find(' ', 9) - 9)
          : "";
  Move m;
  try {
    m = parse_ptn_move(text, pos.size());
  } catch (const std::exception& e) {
    throw EngineFailure(name_ + ": unreadable bestmove '" + text + "': " + e.what());
  }
  const std::string why = pos.why_illegal(m);
  if (!why.empty()) throw EngineFailure(name_ + ": illegal move " + text + ": " + why);
  return m;
}

}  // namespace bredon
