// Where `bredon serve` keeps its games: one SQLite file. Every accepted action is written in
// one transaction before the server answers it, so a crash (kill -9 included) loses nothing
// that was acknowledged; a restart loads every game back. WAL journal: a commit is safe from
// a process crash without waiting for the disk; a power cut may lose the last commits.
#pragma once

#include <sqlite3.h>

#include <stdexcept>
#include <string>
#include <vector>

#include "serve/served_game.h"

namespace bredon::serve {

class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class GameStore {
 public:
  // Opens (or creates) the database; throws StoreError naming the file and the problem.
  explicit GameStore(const std::string& path);
  ~GameStore();
  GameStore(const GameStore&) = delete;
  GameStore& operator=(const GameStore&) = delete;

  // Writes the game's row and its moves from `first_changed_ply` on (earlier ones are kept).
  void save(const GameData& game, size_t first_changed_ply);
  // Every stored game, its moves in order.
  std::vector<GameData> load_all();

 private:
  void exec(const char* sql);
  [[noreturn]] void fail(const std::string& doing) const;

  std::string path_;
  sqlite3* db_ = nullptr;
  sqlite3_stmt* put_game_ = nullptr;
  sqlite3_stmt* cut_moves_ = nullptr;
  sqlite3_stmt* put_move_ = nullptr;
};

}  // namespace bredon::serve
