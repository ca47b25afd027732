// The games of `bredon serve` and everything done to them, without HTTP: creating and joining,
// the players' actions, the computer's replies, the clocks, storage and change notices.
// Thread-safe. Each accepted change is stored before the call returns, then announced to the
// game's listeners as a new state with a higher sequence number.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include <nlohmann/json.hpp>

#include "serve/bot_workers.h"
#include "serve/game_store.h"
#include "serve/served_game.h"

namespace bredon::serve {

struct HubOptions {
  std::string db = "bredon.sqlite";
  std::string models;      // the bots' folder
  int bot_threads = 2;
  int64_t think_ms = 1000;  // the hard level's time a move
};

// A seat given to someone: the token is shown once, here.
struct SeatGrant {
  std::string game_id;
  std::string seat;   // white or black
  std::string token;
};

class GameHub {
 public:
  explicit GameHub(const HubOptions& options);  // opens the store and resumes every game
  ~GameHub();

  // A new game from the page's JSON (size, komi, color, opponent, tps or ptn, clock); the
  // creator's seat. Throws GameError for bad requests.
  SeatGrant create(const nlohmann::json& request);
  // The first free seat of a friend game, or GameError(409) when both are taken.
  SeatGrant join(const std::string& id);
  // action: move, resign, draw, undo, rematch; request: {"token", "move"/"action"}. Returns
  // the answer as JSON text: {"state": the new state} (and "rematch_id" once a rematch exists).
  std::string act(const std::string& id, const std::string& action, const nlohmann::json& request);

  // The current state as JSON text and its sequence number; throws GameError(404).
  std::string state(const std::string& id, uint64_t* seq);
  std::string ptn(const std::string& id);
  // Waits until the game's sequence passes `after` (or the timeout, or stop()); true when it did.
  bool wait_change(const std::string& id, uint64_t after, std::chrono::milliseconds timeout, std::string* state, uint64_t* seq);
  // Which network (or model-free search) the computer uses for each size.
  nlohmann::json bots();
  size_t game_count();
  void stop();  // wakes every waiting listener for shutdown
  bool stopping();

 private:
  struct Entry {
    explicit Entry(ServedGame g) : game(std::move(g)) {}
    ServedGame game;
    uint64_t seq = 0;
    std::string state;  // JSON text for seq
    std::string bot;    // what the computer plays with, for computer games
    std::condition_variable changed;
  };

  Entry& find(const std::string& id);  // throws GameError(404); call with mutex_ held
  // Stores the game (undoing the change in memory if that fails), announces it and asks the
  // computer for its move when it is its turn. Call with mutex_ held.
  void commit(Entry& e, const ServedGame& before, int64_t now_ms);
  void publish(Entry& e, int64_t now_ms);
  // A game into games_, with what the computer plays it with, announced. Call with mutex_ held.
  Entry& add(ServedGame game, int64_t now_ms);
  // Hands the position to the bot workers when it is the computer's turn. Call with mutex_ held.
  void ask_computer(Entry& e);
  void deliver_bot_move(const BotJob& job, const std::string& ptn);
  void run_clocks();
  static int64_t now_ms();

  std::mutex mutex_;
  GameStore store_;
  std::map<std::string, std::unique_ptr<Entry>> games_;
  bool stopping_ = false;
  std::condition_variable stop_clocks_;
  std::unique_ptr<BotWorkers> bots_;  // after games_: its threads deliver into them
  std::thread clock_thread_;
};

}  // namespace bredon::serve
