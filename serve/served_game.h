// One game on `bredon serve`: two seats (a person or the computer at a level), the moves, the
// optional clock and the offers between the players (draw, undo, rematch). Every action is
// checked here against the rules core and the seat that asks; a refused action throws
// GameError with the HTTP status and the reason in words, and changes nothing.
// No I/O: the server stores and broadcasts what changed.
#pragma once

#include <array>
#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "core/position.h"

namespace bredon::serve {

class GameError : public std::runtime_error {
 public:
  GameError(int status, const std::string& message) : std::runtime_error(message), status_(status) {}
  int status() const { return status_; }

 private:
  int status_;
};

// Who sits in a seat: "human", or the computer at "easy", "medium" or "hard".
bool is_computer(const std::string& kind);

// Everything the database keeps of a game; the position is rebuilt from it by replaying moves.
struct GameData {
  std::string id;
  int64_t created_ms = 0;
  int size = 5;
  int half_komi = 0;
  std::string start_tps;                    // empty: the empty board
  std::array<std::string, 2> kind{"human", "human"};  // white, black
  std::array<std::string, 2> token_hash;    // empty: nobody holds the seat (yet)
  std::vector<std::string> moves;           // PTN, as the rules core writes them
  std::string result;                       // empty while the game goes on; else R-0, 0-F, 1-0, 1/2-1/2 ...
  std::string reason;                       // "road", "flats", "resignation", "time", "agreement"
  int64_t clock_initial_ms = 0;             // 0: untimed
  int64_t clock_increment_ms = 0;
  std::array<int64_t, 2> remaining_ms{0, 0};
  int64_t turn_started_ms = 0;              // when the side to move's clock started; 0: stopped
  int draw_offer = -1;                      // seat (0 white, 1 black) offering, -1 none
  int undo_request = -1;
  int rematch_offer = -1;
  std::string rematch_of, rematch_id;       // the game this one is a rematch of, and its own rematch
  int64_t version = 0;                      // one more with every stored change: the event id, across restarts
};

class ServedGame {
 public:
  // A new game; throws GameError(400) for a bad size, komi or start position.
  static ServedGame create(GameData data, int64_t now_ms);
  // A stored game, its moves replayed (throws GameError(500) naming the move that does not replay).
  static ServedGame restore(GameData data);

  const GameData& data() const { return data_; }
  const Position& position() const { return pos_; }
  bool over() const { return !data_.result.empty(); }
  int seat_to_move() const { return index(pos_.side_to_move()); }
  bool computer_to_move() const { return !over() && is_computer(data_.kind[seat_to_move()]); }
  bool friend_game() const { return !is_computer(data_.kind[0]) && !is_computer(data_.kind[1]); }
  // Both seats have a player (the clock runs only then).
  bool seated() const;

  // The seat whose token this is, or -1.
  int seat_of(const std::string& token) const;
  // Gives the first free human seat to `token_hash`; returns the seat or -1 when none is free.
  int take_free_seat(const std::string& token_hash, int64_t now_ms);

  // The player in `seat` acts. Each throws GameError and leaves the game as it was when the
  // action is not allowed. now_ms runs the clock.
  void move(int seat, const std::string& ptn, int64_t now_ms);
  void resign(int seat, int64_t now_ms);
  void draw(int seat, const std::string& action, int64_t now_ms);  // offer, accept, decline
  // request, accept, decline. Against the computer a request is granted at once and takes
  // back the person's last move and the computer's reply.
  void undo(int seat, const std::string& action, int64_t now_ms);
  // Returns true when both players now want a rematch (the server then creates it).
  bool offer_rematch(int seat);
  void set_rematch(const std::string& id) { data_.rematch_id = id; }
  void bump_version() { ++data_.version; }

  // Ends the game on time when the side to move has run out; returns true if it did.
  bool check_clock(int64_t now_ms);

  // The whole public state, as every client and watcher sees it.
  nlohmann::json state(int64_t now_ms) const;
  // The game as a PTN record.
  std::string ptn() const;

  // The first ply the last action changed (for the store: moves from there on are rewritten).
  size_t first_changed_ply() const { return first_changed_ply_; }

 private:
  explicit ServedGame(GameData data) : data_(std::move(data)) {}
  Position start_position() const;
  void rebuild();
  void require_seat(int seat) const;
  void require_ongoing() const;
  void finish(const std::string& result, const std::string& reason);
  void after_move(int64_t now_ms);
  void charge_clock(int64_t now_ms);

  GameData data_;
  Position pos_;
  std::vector<Move> played_;
  size_t first_changed_ply_ = 0;
};

// The squares of the road that won (any of the winner's road pieces joined to both of a pair
// of opposite edges), as PTN square names; empty when no road stands.
std::vector<std::string> winning_road(const Position& pos);

}  // namespace bredon::serve
