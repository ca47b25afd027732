// An external engine that speaks TEI, started from a command line, as a Player: bredon's side of
// the protocol is what Racetrack sends. A crash, a timeout or an unreadable answer throws
// EngineFailure (the match scores it as a loss and says why) and ends that engine process, its
// children included; the next game starts a fresh one. Nothing here can hang a match or leave a
// process behind.
#pragma once

#include <sys/types.h>
#include <stdexcept>
#include <string>

#include "arena/players.h"

namespace bredon {

class EngineFailure : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct TimeControl {
  int64_t base_ms = 0;  // 0: no clock
  int64_t increment_ms = 0;
};

class TeiClientPlayer : public Player {
 public:
  // With `clock` (base > 0) the engine plays on a clock, Fischer increment, measured here from
  // `go` to its bestmove: running out of time loses the game ("lost on time"). Without, it is
  // given `move_time_ms` a move.
  TeiClientPlayer(std::string command, int size, int half_komi, int move_time_ms, TimeControl clock = {});
  ~TeiClientPlayer() override;
  std::string name() const override { return name_; }
  void new_game(const Position& start) override;
  Move choose(const Position& pos) override;
  // The `nps` of the engine's last info line that had one (0: none yet), for benchmarks.
  double last_nps() const { return last_nps_; }

 private:
  void start();   // launch() and the handshake; on failure nothing is left running
  void launch();
  void shutdown();  // quit, then kill the engine's process group
  // Runs one exchange with the engine, starting a fresh engine first if the last one failed.
  template <class Step>
  auto guarded(const Step& step) -> decltype(step());
  Move ask_move(const Position& pos);
  void send(const std::string& line);
  // The next line, or EngineFailure after `timeout_ms`.
  std::string read_line(int timeout_ms);
  std::string expect(const std::string& prefix, int timeout_ms);

  std::string command_, name_;
  int size_, half_komi_, move_time_ms_;
  TimeControl clock_;
  int64_t my_time_ms_ = 0;  // on the clock for the game in progress
  pid_t pid_ = -1;
  int to_engine_ = -1, from_engine_ = -1;
  std::string buffer_;
  double last_nps_ = 0;
};

}  // namespace bredon
