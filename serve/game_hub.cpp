#include "serve/game_hub.h"

#include <spdlog/spdlog.h>

#include <cmath>
#include <random>

#include "core/error.h"
#include "core/ptn_game.h"
#include "core/tps.h"
#include "serve/tokens.h"

namespace bredon::serve {
namespace {

using nlohmann::json;

// Fields of a request body, each refused in words when it has the wrong type.
const json* field(const json& request, const char* key) {
  const auto it = request.find(key);
  return it == request.end() || it->is_null() ? nullptr : &*it;
}

std::string text_field(const json& request, const char* key, const std::string& fallback) {
  const json* v = field(request, key);
  if (!v) return fallback;
  if (!v->is_string()) throw GameError(400, std::string("'") + key + "' must be a string");
  return v->get<std::string>();
}

double number_field(const json& request, const char* key, double fallback) {
  const json* v = field(request, key);
  if (!v) return fallback;
  if (!v->is_number()) throw GameError(400, std::string("'") + key + "' must be a number");
  return v->get<double>();
}

int half_komi_field(const json& request, int fallback) {
  const json* v = field(request, "komi");
  if (!v) return fallback;
  try {
    if (v->is_string()) return parse_komi(v->get<std::string>());
    if (v->is_number()) {
      const double twice = 2 * v->get<double>();
      if (std::abs(twice - std::round(twice)) > 1e-9) throw GameError(400, "komi must be whole or half points");
      return parse_komi(komi_text(static_cast<int>(std::round(twice))));
    }
  } catch (const ParseError& e) {
    throw GameError(400, e.what());
  }
  throw GameError(400, "'komi' must be a number of points, whole or half");
}

const char* seat_name(int seat) { return seat == 0 ? "white" : "black"; }

}  // namespace

int64_t GameHub::now_ms() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch()).count();
}

GameHub::GameHub(const HubOptions& options) : store_(options.db) {
  bots_ = std::make_unique<BotWorkers>(options.models, options.bot_threads, options.think_ms,
                                       [this](const BotJob& job, const std::string& ptn) { deliver_bot_move(job, ptn); });
  const int64_t now = now_ms();
  size_t resumed = 0;
  std::lock_guard<std::mutex> lock(mutex_);
  for (GameData& data : store_.load_all()) {
    try {
      Entry& e = add(ServedGame::restore(std::move(data)), now);
      resumed += !e.game.over();
      ask_computer(e);
    } catch (const GameError& e) {
      spdlog::error("serve: {} (the game is left out)", e.what());  // a damaged row never stops the others
    }
  }
  spdlog::info("serve: {} games in {} ({} still being played)", games_.size(), options.db, resumed);
  clock_thread_ = std::thread([this] { run_clocks(); });
}

GameHub::~GameHub() {
  stop();
  clock_thread_.join();
  bots_.reset();  // its threads deliver into games_: they end first
}

void GameHub::stop() {
  std::lock_guard<std::mutex> lock(mutex_);
  stopping_ = true;
  for (auto& [id, e] : games_) e->changed.notify_all();
  stop_clocks_.notify_all();
}

bool GameHub::stopping() {
  std::lock_guard<std::mutex> lock(mutex_);
  return stopping_;
}

GameHub::Entry& GameHub::find(const std::string& id) {
  const auto it = games_.find(id);
  if (it == games_.end()) throw GameError(404, "there is no game '" + id + "'");
  return *it->second;
}

GameHub::Entry& GameHub::add(ServedGame game, int64_t now) {
  const std::string id = game.data().id;
  auto entry = std::make_unique<Entry>(std::move(game));
  Entry& e = *entry;
  games_[id] = std::move(entry);
  if (!e.game.friend_game()) e.bot = bots_->describe(e.game.data().size, e.game.data().half_komi);
  publish(e, now);
  return e;
}

void GameHub::ask_computer(Entry& e) {
  const GameData& d = e.game.data();
  if (e.game.computer_to_move()) bots_->submit({d.id, d.moves.size(), e.game.position(), d.kind[e.game.seat_to_move()]});
}

void GameHub::publish(Entry& e, int64_t now) {
  // The sequence is the stored version, so that it keeps rising across restarts (a page that
  // reconnects asks for what came after the last id it saw).
  e.seq = static_cast<uint64_t>(e.game.data().version);
  json s = e.game.state(now);
  s["seq"] = e.seq;
  s["bot"] = e.bot;
  s["thinking"] = e.game.computer_to_move();
  e.state = s.dump();
  e.changed.notify_all();
}

void GameHub::commit(Entry& e, const ServedGame& before, int64_t now) {
  e.game.bump_version();
  try {
    store_.save(e.game.data(), e.game.first_changed_ply());
  } catch (const StoreError& error) {
    e.game = before;
    spdlog::error("serve: {}", error.what());
    throw GameError(503, "the move could not be saved, so it was not played; try again");
  }
  publish(e, now);
  ask_computer(e);
}

SeatGrant GameHub::create(const json& request) {
  if (!request.is_object()) throw GameError(400, "the request body must be a JSON object");
  GameData data;
  data.size = static_cast<int>(number_field(request, "size", 5));
  if (data.size != number_field(request, "size", 5)) throw GameError(400, "'size' must be a whole number");
  data.half_komi = half_komi_field(request, 0);
  const std::string tps = text_field(request, "tps", ""), ptn = text_field(request, "ptn", "");
  if (!tps.empty() && !ptn.empty()) throw GameError(400, "give a start position as 'tps' or as 'ptn', not both");
  try {
    if (!tps.empty()) {
      data.start_tps = to_tps(parse_tps(tps));
      data.size = parse_tps(tps).size();
    } else if (!ptn.empty()) {
      // A pasted game: play on from where it stands (its komi unless the request names one).
      const GameRecord rec = parse_ptn_game(ptn);
      const Position end = rec.final_position();
      data.start_tps = to_tps(end);
      data.size = end.size();
      if (!field(request, "komi")) data.half_komi = rec.half_komi;
    }
  } catch (const ParseError& e) {
    throw GameError(400, e.what());
  } catch (const IllegalMoveError& e) {
    throw GameError(400, std::string("the pasted PTN does not replay: ") + e.what());
  }
  std::string color = text_field(request, "color", "white");
  if (color == "random") color = std::random_device{}() % 2 ? "white" : "black";
  if (color != "white" && color != "black") throw GameError(400, "'color' must be white, black or random");
  const std::string opponent = text_field(request, "opponent", "medium");
  if (opponent != "friend" && !is_computer(opponent))
    throw GameError(400, "'opponent' must be easy, medium, hard or friend, not '" + opponent + "'");
  const int seat = color == "white" ? 0 : 1;
  data.kind[1 - seat] = opponent == "friend" ? "human" : opponent;
  if (const json* clock = field(request, "clock")) {
    if (!clock->is_object()) throw GameError(400, "'clock' must be an object like {\"minutes\": 10, \"increment_seconds\": 5}");
    if (opponent != "friend") throw GameError(400, "a clock is for friend games; the computer plays untimed");
    const double minutes = number_field(*clock, "minutes", 0), increment = number_field(*clock, "increment_seconds", 0);
    if (!(minutes > 0 && minutes <= 1440) || !(increment >= 0 && increment <= 3600))
      throw GameError(400, "the clock must have 0 < minutes <= 1440 and 0 <= increment_seconds <= 3600");
    data.clock_initial_ms = static_cast<int64_t>(minutes * 60000);
    data.clock_increment_ms = static_cast<int64_t>(increment * 1000);
  }
  const std::string token = new_token();
  data.token_hash[seat] = hash_token(token);

  std::lock_guard<std::mutex> lock(mutex_);
  do data.id = new_game_id();
  while (games_.count(data.id));
  const int64_t now = now_ms();
  ServedGame game = ServedGame::create(std::move(data), now);
  const std::string id = game.data().id;
  store_.save(game.data(), 0);  // before anyone hears of the game
  ask_computer(add(std::move(game), now));
  return {id, seat_name(seat), token};
}

SeatGrant GameHub::join(const std::string& id) {
  const std::string token = new_token();
  std::lock_guard<std::mutex> lock(mutex_);
  Entry& e = find(id);
  const ServedGame before = e.game;
  const int64_t now = now_ms();
  const int seat = e.game.take_free_seat(hash_token(token), now);
  if (seat < 0) throw GameError(409, "both seats of game " + id + " are taken: you can watch it");
  commit(e, before, now);
  return {id, seat_name(seat), token};
}

std::string GameHub::act(const std::string& id, const std::string& action, const json& request) {
  if (!request.is_object()) throw GameError(400, "the request body must be a JSON object");
  const std::string token = text_field(request, "token", "");
  if (token.empty()) throw GameError(403, "this action needs the seat's token ('token' in the request body)");
  std::lock_guard<std::mutex> lock(mutex_);
  Entry& e = find(id);
  const int seat = e.game.seat_of(token);
  if (seat < 0) throw GameError(403, "this token holds no seat in game " + id);
  const ServedGame before = e.game;
  const int64_t now = now_ms();
  std::string rematch_id;
  if (action == "move") {
    const std::string move = text_field(request, "move", "");
    if (move.empty()) throw GameError(400, "'move' (a PTN move such as a1 or 3c3>12) is missing");
    e.game.move(seat, move, now);
  } else if (action == "resign") {
    e.game.resign(seat, now);
  } else if (action == "draw" || action == "undo") {
    const std::string what = text_field(request, "action", action == "draw" ? "offer" : "request");
    if (action == "draw")
      e.game.draw(seat, what, now);
    else
      e.game.undo(seat, what, now);
  } else if (action == "rematch") {
    if (e.game.offer_rematch(seat)) {
      // Colours swap; each player keeps their token.
      const GameData& old = e.game.data();
      GameData next;
      do next.id = new_game_id();
      while (games_.count(next.id));
      next.size = old.size;
      next.half_komi = old.half_komi;
      next.start_tps = old.start_tps;
      next.kind = {old.kind[1], old.kind[0]};
      next.token_hash = {old.token_hash[1], old.token_hash[0]};
      next.clock_initial_ms = old.clock_initial_ms;
      next.clock_increment_ms = old.clock_increment_ms;
      next.rematch_of = old.id;
      ServedGame rematch = ServedGame::create(std::move(next), now);
      e.game.set_rematch(rematch.data().id);
      store_.save(rematch.data(), 0);
      Entry& r = add(std::move(rematch), now);
      ask_computer(r);
      rematch_id = r.game.data().id;
    }
  } else {
    throw GameError(404, "there is no action '" + action + "'");
  }
  commit(e, before, now);
  // The stored state text as it is: no parsing it again for every move.
  return "{" + (rematch_id.empty() ? std::string() : "\"rematch_id\":\"" + rematch_id + "\",") + "\"state\":" + e.state + "}";
}

std::string GameHub::state(const std::string& id, uint64_t* seq) {
  std::lock_guard<std::mutex> lock(mutex_);
  Entry& e = find(id);
  if (seq) *seq = e.seq;
  return e.state;
}

std::string GameHub::ptn(const std::string& id) {
  std::lock_guard<std::mutex> lock(mutex_);
  return find(id).game.ptn();
}

bool GameHub::wait_change(const std::string& id, uint64_t after, std::chrono::milliseconds timeout, std::string* state,
                          uint64_t* seq) {
  std::unique_lock<std::mutex> lock(mutex_);
  Entry& e = find(id);
  const bool changed = e.changed.wait_for(lock, timeout, [&] { return stopping_ || e.seq > after; });
  *state = e.state;
  *seq = e.seq;
  return changed && e.seq > after;
}

json GameHub::bots() {
  json out = json::object();
  for (int size = 3; size <= 8; ++size) out[std::to_string(size)] = bots_->describe(size, size == 6 ? 4 : 0);
  return out;
}

size_t GameHub::game_count() {
  std::lock_guard<std::mutex> lock(mutex_);
  return games_.size();
}

void GameHub::deliver_bot_move(const BotJob& job, const std::string& ptn) {
  std::lock_guard<std::mutex> lock(mutex_);
  const auto it = games_.find(job.game_id);
  if (it == games_.end()) return;
  Entry& e = *it->second;
  // The game moved on while the computer thought (an undo, a resignation): drop the reply.
  if (!e.game.computer_to_move() || e.game.data().moves.size() != job.moves_before) return;
  const ServedGame before = e.game;
  const int64_t now = now_ms();
  try {
    e.game.move(e.game.seat_to_move(), ptn, now);
    commit(e, before, now);
  } catch (const GameError& error) {
    spdlog::error("serve: the computer's move {} in game {} was refused: {}", ptn, job.game_id, error.what());
  }
}

void GameHub::run_clocks() {
  std::unique_lock<std::mutex> lock(mutex_);
  while (!stopping_) {
    stop_clocks_.wait_for(lock, std::chrono::milliseconds(100));
    const int64_t now = now_ms();
    for (auto& [id, e] : games_) {
      if (e->game.data().clock_initial_ms <= 0 || e->game.over()) continue;
      const ServedGame before = e->game;
      if (e->game.check_clock(now)) {
        try {
          commit(*e, before, now);
        } catch (const GameError& error) {
          spdlog::error("serve: game {}: {}", id, error.what());
        }
      }
    }
  }
}

}  // namespace bredon::serve
