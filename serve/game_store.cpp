#include "serve/game_store.h"

#include <map>

namespace bredon::serve {
namespace {

constexpr const char* kSchema = R"(
CREATE TABLE IF NOT EXISTS games (
  id TEXT PRIMARY KEY, created_ms INTEGER, size INTEGER, half_komi INTEGER, start_tps TEXT,
  white_kind TEXT, black_kind TEXT, white_hash TEXT, black_hash TEXT, result TEXT, reason TEXT,
  clock_initial_ms INTEGER, clock_increment_ms INTEGER, white_ms INTEGER, black_ms INTEGER,
  turn_started_ms INTEGER, draw_offer INTEGER, undo_request INTEGER, rematch_offer INTEGER,
  rematch_of TEXT, rematch_id TEXT, version INTEGER);
CREATE TABLE IF NOT EXISTS moves (
  game_id TEXT NOT NULL, ply INTEGER NOT NULL, move TEXT NOT NULL, PRIMARY KEY (game_id, ply));
)";

std::string text_column(sqlite3_stmt* s, int i) {
  const unsigned char* t = sqlite3_column_text(s, i);
  return t ? reinterpret_cast<const char*>(t) : "";
}

// Resets a statement however the step that used it ended.
struct StatementReset {
  sqlite3_stmt* s;
  ~StatementReset() {
    sqlite3_reset(s);
    sqlite3_clear_bindings(s);
  }
};

}  // namespace

GameStore::GameStore(const std::string& path) : path_(path) {
  if (sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE | SQLITE_OPEN_NOMUTEX, nullptr) != SQLITE_OK) {
    const std::string why = db_ ? sqlite3_errmsg(db_) : "out of memory";
    sqlite3_close(db_);
    db_ = nullptr;
    throw StoreError("cannot open the game database " + path + ": " + why);
  }
  sqlite3_busy_timeout(db_, 5000);
  try {
    exec("PRAGMA journal_mode=WAL");
    exec("PRAGMA synchronous=NORMAL");
    exec(kSchema);
    auto prepare = [&](const char* sql, sqlite3_stmt** out) {
      if (sqlite3_prepare_v2(db_, sql, -1, out, nullptr) != SQLITE_OK) fail("preparing a statement");
    };
    prepare("INSERT OR REPLACE INTO games VALUES (?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?,?)", &put_game_);
    prepare("DELETE FROM moves WHERE game_id = ? AND ply >= ?", &cut_moves_);
    prepare("INSERT INTO moves VALUES (?,?,?)", &put_move_);
  } catch (...) {
    sqlite3_finalize(put_game_);
    sqlite3_finalize(cut_moves_);
    sqlite3_finalize(put_move_);
    sqlite3_close(db_);
    throw;
  }
}

GameStore::~GameStore() {
  sqlite3_finalize(put_game_);
  sqlite3_finalize(cut_moves_);
  sqlite3_finalize(put_move_);
  sqlite3_close(db_);
}

void GameStore::fail(const std::string& doing) const {
  throw StoreError("game database " + path_ + ": " + doing + ": " + sqlite3_errmsg(db_));
}

void GameStore::exec(const char* sql) {
  char* error = nullptr;
  if (sqlite3_exec(db_, sql, nullptr, nullptr, &error) != SQLITE_OK) {
    const std::string why = error ? error : sqlite3_errmsg(db_);
    sqlite3_free(error);
    throw StoreError("game database " + path_ + ": " + why);
  }
}

void GameStore::save(const GameData& g, size_t first_changed_ply) {
  exec("BEGIN IMMEDIATE");
  try {
    {
      StatementReset reset{put_game_};
      int i = 0;
      auto text = [&](const std::string& v) { sqlite3_bind_text(put_game_, ++i, v.c_str(), -1, SQLITE_TRANSIENT); };
      auto integer = [&](int64_t v) { sqlite3_bind_int64(put_game_, ++i, v); };
      text(g.id);
      integer(g.created_ms);
      integer(g.size);
      integer(g.half_komi);
      text(g.start_tps);
      text(g.kind[0]);
      text(g.kind[1]);
      text(g.token_hash[0]);
      text(g.token_hash[1]);
      text(g.result);
      text(g.reason);
      integer(g.clock_initial_ms);
      integer(g.clock_increment_ms);
      integer(g.remaining_ms[0]);
      integer(g.remaining_ms[1]);
      integer(g.turn_started_ms);
      integer(g.draw_offer);
      integer(g.undo_request);
      integer(g.rematch_offer);
      text(g.rematch_of);
      text(g.rematch_id);
      integer(g.version);
      if (sqlite3_step(put_game_) != SQLITE_DONE) fail("saving game " + g.id);
    }
    {
      StatementReset reset{cut_moves_};
      sqlite3_bind_text(cut_moves_, 1, g.id.c_str(), -1, SQLITE_TRANSIENT);
      sqlite3_bind_int64(cut_moves_, 2, static_cast<int64_t>(first_changed_ply));
      if (sqlite3_step(cut_moves_) != SQLITE_DONE) fail("taking back moves of game " + g.id);
    }
    for (size_t ply = first_changed_ply; ply < g.moves.size(); ++ply) {
      StatementReset reset{put_move_};
      sqlite3_bind_text(put_move_, 1, g.id.c_str(), -1, SQLITE_TRANSIENT);
      sqlite3_bind_int64(put_move_, 2, static_cast<int64_t>(ply));
      sqlite3_bind_text(put_move_, 3, g.moves[ply].c_str(), -1, SQLITE_TRANSIENT);
      if (sqlite3_step(put_move_) != SQLITE_DONE) fail("saving a move of game " + g.id);
    }
    exec("COMMIT");
  } catch (...) {
    sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

std::vector<GameData> GameStore::load_all() {
  std::vector<GameData> games;
  std::map<std::string, size_t> by_id;
  sqlite3_stmt* s = nullptr;
  if (sqlite3_prepare_v2(db_, "SELECT * FROM games ORDER BY created_ms", -1, &s, nullptr) != SQLITE_OK) fail("reading games");
  int rc;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    GameData g;
    int i = 0;
    auto text = [&] { return text_column(s, i++); };
    auto integer = [&] { return static_cast<int64_t>(sqlite3_column_int64(s, i++)); };
    g.id = text();
    g.created_ms = integer();
    g.size = static_cast<int>(integer());
    g.half_komi = static_cast<int>(integer());
    g.start_tps = text();
    g.kind[0] = text();
    g.kind[1] = text();
    g.token_hash[0] = text();
    g.token_hash[1] = text();
    g.result = text();
    g.reason = text();
    g.clock_initial_ms = integer();
    g.clock_increment_ms = integer();
    g.remaining_ms[0] = integer();
    g.remaining_ms[1] = integer();
    g.turn_started_ms = integer();
    g.draw_offer = static_cast<int>(integer());
    g.undo_request = static_cast<int>(integer());
    g.rematch_offer = static_cast<int>(integer());
    g.rematch_of = text();
    g.rematch_id = text();
    g.version = integer();
    by_id[g.id] = games.size();
    games.push_back(std::move(g));
  }
  sqlite3_finalize(s);
  if (rc != SQLITE_DONE) fail("reading games");
  if (sqlite3_prepare_v2(db_, "SELECT game_id, ply, move FROM moves ORDER BY game_id, ply", -1, &s, nullptr) != SQLITE_OK)
    fail("reading moves");
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    const auto it = by_id.find(text_column(s, 0));
    if (it == by_id.end()) continue;  // moves of a game row that is gone
    games[it->second].moves.push_back(text_column(s, 2));
  }
  sqlite3_finalize(s);
  if (rc != SQLITE_DONE) fail("reading moves");
  return games;
}

}  // namespace bredon::serve
