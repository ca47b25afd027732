#include "serve/served_game.h"

#include "core/bitboard.h"
#include "core/error.h"
#include "core/movegen.h"
#include "core/ptn_game.h"
#include "core/tps.h"
#include "serve/tokens.h"

namespace bredon::serve {
namespace {

const char* color_name(int seat) { return seat == 0 ? "white" : "black"; }

nlohmann::json seat_or_null(int seat) { return seat < 0 ? nlohmann::json() : nlohmann::json(color_name(seat)); }

// The squares a move touches, from where it starts to where its last piece lands.
std::vector<std::string> squares_of(Move m) {
  std::vector<std::string> out{square_name(m.square())};
  if (m.is_spread()) {
    const int step = direction_step(m.direction());
    for (int i = 1; i <= m.distance(); ++i) out.push_back(square_name(m.square() + i * step));
  }
  return out;
}

const char* kind_name(PieceKind k) { return k == PieceKind::Wall ? "wall" : k == PieceKind::Cap ? "cap" : "flat"; }

}  // namespace

bool is_computer(const std::string& kind) { return kind == "easy" || kind == "medium" || kind == "hard"; }

std::vector<std::string> winning_road(const Position& pos) {
  const GameResult r = pos.result();
  if (r != GameResult::WhiteRoad && r != GameResult::BlackRoad) return {};
  const Bitboard road = pos.road_pieces(r == GameResult::WhiteRoad ? Color::White : Color::Black);
  const int n = pos.size();
  auto fill = [&](Bitboard seed) {
    for (Bitboard next = grow(seed, road); next != seed; next = grow(seed, road)) seed = next;
    return seed;
  };
  // Pieces joined to the left edge and to the right edge (and bottom and top): those joined to
  // both edges of a pair are the road.
  const Bitboard across = fill(road & column_mask(0)) & fill(road & column_mask(n - 1));
  const Bitboard up = fill(road & row_mask(0)) & fill(road & row_mask(n - 1));
  std::vector<std::string> out;
  for (Bitboard b = across | up; b; b &= b - 1) out.push_back(square_name(lowest_square(b)));
  return out;
}

ServedGame ServedGame::create(GameData data, int64_t now_ms) {
  if (data.size < 3 || data.size > 8) throw GameError(400, "size " + std::to_string(data.size) + " is not 3..8");
  if (data.half_komi < -2 * kMaxKomi || data.half_komi > 2 * kMaxKomi)
    throw GameError(400, "komi " + komi_text(data.half_komi) + " is out of range");
  for (const std::string& k : data.kind)
    if (k != "human" && !is_computer(k))
      throw GameError(400, "opponent '" + k + "' is not one of easy, medium, hard, friend");
  if (data.clock_initial_ms < 0 || data.clock_initial_ms > 24 * 3600 * 1000LL || data.clock_increment_ms < 0 ||
      data.clock_increment_ms > 3600 * 1000LL)
    throw GameError(400, "the clock must be 0..1440 minutes with an increment of 0..3600 seconds");
  data.created_ms = now_ms;
  data.version = 1;
  data.remaining_ms = {data.clock_initial_ms, data.clock_initial_ms};
  ServedGame g(std::move(data));
  try {
    g.pos_ = g.start_position();
  } catch (const ParseError& e) {
    throw GameError(400, std::string("the start position does not read: ") + e.what());
  }
  if (g.pos_.size() != g.data_.size) g.data_.size = g.pos_.size();  // the TPS decides
  if (g.pos_.game_over()) throw GameError(400, "the start position is already decided (" + result_string(g.pos_.result()) + ")");
  g.after_move(now_ms);  // starts the clock when both seats are already held (a rematch)
  return g;
}

ServedGame ServedGame::restore(GameData data) {
  ServedGame g(std::move(data));
  g.rebuild();
  return g;
}

Position ServedGame::start_position() const {
  return data_.start_tps.empty() ? Position(data_.size, data_.half_komi) : parse_tps(data_.start_tps, data_.half_komi);
}

void ServedGame::rebuild() {
  Position p = start_position();
  std::vector<Move> played;
  for (size_t i = 0; i < data_.moves.size(); ++i) {
    try {
      const Move m = parse_ptn_move(data_.moves[i], p.size());
      p.play_checked(m);
      played.push_back(m);
    } catch (const std::exception& e) {
      throw GameError(500, "game " + data_.id + ": stored move " + std::to_string(i + 1) + " '" + data_.moves[i] +
                               "' does not replay: " + e.what());
    }
  }
  pos_ = p;
  played_ = std::move(played);
}

bool ServedGame::seated() const {
  for (int s = 0; s < 2; ++s)
    if (!is_computer(data_.kind[s]) && data_.token_hash[s].empty()) return false;
  return true;
}

int ServedGame::seat_of(const std::string& token) const {
  for (int s = 0; s < 2; ++s)
    if (token_matches(token, data_.token_hash[s])) return s;
  return -1;
}

int ServedGame::take_free_seat(const std::string& token_hash, int64_t now_ms) {
  for (int s = 0; s < 2; ++s) {
    if (data_.kind[s] == "human" && data_.token_hash[s].empty()) {
      data_.token_hash[s] = token_hash;
      first_changed_ply_ = data_.moves.size();
      if (!over()) after_move(now_ms);  // with both seats held, the clock of the side to move starts
      return s;
    }
  }
  return -1;
}

void ServedGame::require_seat(int seat) const {
  if (seat != 0 && seat != 1) throw GameError(403, "this token holds no seat in game " + data_.id);
}

void ServedGame::require_ongoing() const {
  if (over()) throw GameError(409, "the game is over (" + data_.result + ", " + data_.reason + ")");
}

void ServedGame::finish(const std::string& result, const std::string& reason) {
  data_.result = result;
  data_.reason = reason;
  data_.turn_started_ms = 0;
  data_.draw_offer = data_.undo_request = -1;
}

void ServedGame::charge_clock(int64_t now_ms) {
  if (data_.clock_initial_ms <= 0 || data_.turn_started_ms <= 0) return;
  const int mover = seat_to_move();
  data_.remaining_ms[mover] -= now_ms - data_.turn_started_ms;
  data_.turn_started_ms = now_ms;
}

bool ServedGame::check_clock(int64_t now_ms) {
  if (over() || data_.clock_initial_ms <= 0 || data_.turn_started_ms <= 0) return false;
  const int mover = seat_to_move();
  if (data_.remaining_ms[mover] - (now_ms - data_.turn_started_ms) > 0) return false;
  data_.remaining_ms[mover] = 0;
  first_changed_ply_ = data_.moves.size();
  finish(mover == 0 ? "0-1" : "1-0", "time");
  return true;
}

void ServedGame::move(int seat, const std::string& ptn, int64_t now_ms) {
  require_seat(seat);
  if (check_clock(now_ms)) throw GameError(409, std::string("the game is over: ") + color_name(seat_to_move()) + " ran out of time");
  require_ongoing();
  if (seat != seat_to_move()) throw GameError(409, std::string("it is ") + color_name(seat_to_move()) + "'s turn, not " + color_name(seat) + "'s");
  Move m;
  try {
    m = parse_ptn_move(ptn, pos_.size());
  } catch (const ParseError& e) {
    throw GameError(400, e.what());
  }
  const std::string why = pos_.why_illegal(m);
  if (!why.empty()) throw GameError(400, "'" + ptn + "' is not legal here: " + why);
  charge_clock(now_ms);
  if (data_.clock_initial_ms > 0 && data_.turn_started_ms > 0) data_.remaining_ms[seat] += data_.clock_increment_ms;
  first_changed_ply_ = data_.moves.size();
  pos_.play(m);
  played_.push_back(m);
  data_.moves.push_back(to_ptn(m));
  data_.draw_offer = data_.undo_request = -1;  // a move answers any offer still open
  after_move(now_ms);
}

void ServedGame::after_move(int64_t now_ms) {
  if (pos_.game_over()) {
    const GameResult r = pos_.result();
    finish(result_string(r), r == GameResult::WhiteRoad || r == GameResult::BlackRoad ? "road"
                             : r == GameResult::Draw                                  ? "flats, a tie"
                                                                                      : "flats");
    return;
  }
  data_.turn_started_ms = data_.clock_initial_ms > 0 && seated() ? now_ms : 0;
}

void ServedGame::resign(int seat, int64_t now_ms) {
  require_seat(seat);
  check_clock(now_ms);
  require_ongoing();
  first_changed_ply_ = data_.moves.size();
  charge_clock(now_ms);
  finish(seat == 0 ? "0-1" : "1-0", "resignation");
}

void ServedGame::draw(int seat, const std::string& action, int64_t now_ms) {
  require_seat(seat);
  check_clock(now_ms);
  require_ongoing();
  const int other = 1 - seat;
  first_changed_ply_ = data_.moves.size();
  if (action == "offer") {
    if (is_computer(data_.kind[other])) throw GameError(409, "the computer does not take draw offers");
    if (data_.draw_offer == other) {
      charge_clock(now_ms);
      finish("1/2-1/2", "agreement");
    } else {
      data_.draw_offer = seat;
    }
  } else if (action == "accept") {
    if (data_.draw_offer != other) throw GameError(409, "there is no draw offer to accept");
    charge_clock(now_ms);
    finish("1/2-1/2", "agreement");
  } else if (action == "decline") {
    if (data_.draw_offer != other) throw GameError(409, "there is no draw offer to decline");
    data_.draw_offer = -1;
  } else {
    throw GameError(400, "draw action '" + action + "' is not one of offer, accept, decline");
  }
}

void ServedGame::undo(int seat, const std::string& action, int64_t now_ms) {
  require_seat(seat);
  check_clock(now_ms);
  require_ongoing();
  const int other = 1 - seat;
  // The seat that made ply i of this game (the start position decides who moved first).
  const Position start = start_position();
  auto mover_of = [&](size_t ply) { return (index(start.side_to_move()) + static_cast<int>(ply)) % 2; };
  auto take_back = [&](int requester) {
    size_t keep = data_.moves.size();
    while (keep > 0 && mover_of(keep - 1) != requester) --keep;
    if (keep == 0) throw GameError(409, std::string(color_name(requester)) + " has no move to take back");
    --keep;
    charge_clock(now_ms);
    data_.moves.resize(keep);
    first_changed_ply_ = keep;
    data_.undo_request = data_.draw_offer = -1;
    rebuild();
    after_move(now_ms);
  };
  if (action == "request") {
    if (is_computer(data_.kind[other])) return take_back(seat);
    size_t mine = 0;
    for (size_t i = 0; i < data_.moves.size(); ++i) mine += mover_of(i) == seat;
    if (!mine) throw GameError(409, std::string(color_name(seat)) + " has no move to take back");
    first_changed_ply_ = data_.moves.size();
    data_.undo_request = seat;
  } else if (action == "accept") {
    if (data_.undo_request != other) throw GameError(409, "there is no undo request to accept");
    take_back(other);
  } else if (action == "decline") {
    if (data_.undo_request != other) throw GameError(409, "there is no undo request to decline");
    first_changed_ply_ = data_.moves.size();
    data_.undo_request = -1;
  } else {
    throw GameError(400, "undo action '" + action + "' is not one of request, accept, decline");
  }
}

bool ServedGame::offer_rematch(int seat) {
  require_seat(seat);
  if (!over()) throw GameError(409, "a rematch is offered once the game is over");
  if (!data_.rematch_id.empty()) throw GameError(409, "the rematch already exists: game " + data_.rematch_id);
  first_changed_ply_ = data_.moves.size();
  if (is_computer(data_.kind[1 - seat]) || data_.rematch_offer == 1 - seat) return true;
  data_.rematch_offer = seat;
  return false;
}

std::string ServedGame::ptn() const {
  GameRecord rec;
  rec.size = data_.size;
  rec.half_komi = data_.half_komi;
  rec.start_tps = data_.start_tps;
  rec.set_tag("Site", "bredon serve");
  rec.set_tag("Size", std::to_string(data_.size));
  rec.set_tag("Komi", komi_text(data_.half_komi));
  auto player = [&](int s) { return data_.kind[s] == "human" ? std::string("player") : "bredon " + data_.kind[s]; };
  rec.set_tag("Player1", player(0));
  rec.set_tag("Player2", player(1));
  if (!data_.start_tps.empty()) rec.set_tag("TPS", data_.start_tps);
  if (!data_.result.empty()) rec.set_tag("Result", data_.result);
  rec.moves = played_;
  rec.comments.assign(played_.size(), "");
  rec.result = data_.result;
  return to_ptn_game(rec);
}

nlohmann::json ServedGame::state(int64_t now_ms) const {
  using nlohmann::json;
  const int n = pos_.size();
  json board = json::object();
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const Square s = make_square(c, r);
      const Stack& st = pos_.stack(s);
      if (!st.height) continue;
      std::string pieces;
      for (int h = 0; h < st.height; ++h) pieces += st.color_at(h) == Color::White ? '1' : '2';
      board[square_name(s)] = {{"pieces", pieces}, {"top", kind_name(pos_.top_kind(s))}};
    }
  json legal = json::array();
  if (!over())
    for (Move m : legal_moves(pos_)) legal.push_back(to_ptn(m));
  json seats = json::object();
  for (int s = 0; s < 2; ++s)
    seats[color_name(s)] = {{"kind", data_.kind[s]}, {"taken", is_computer(data_.kind[s]) || !data_.token_hash[s].empty()}};
  json clock;  // null when untimed
  if (data_.clock_initial_ms > 0) {
    std::array<int64_t, 2> left = data_.remaining_ms;
    const bool running = data_.turn_started_ms > 0 && !over();
    if (running) left[seat_to_move()] = std::max<int64_t>(0, left[seat_to_move()] - (now_ms - data_.turn_started_ms));
    clock = {{"initial_ms", data_.clock_initial_ms}, {"increment_ms", data_.clock_increment_ms},
             {"white_ms", left[0]}, {"black_ms", left[1]}, {"running", running ? json(color_name(seat_to_move())) : json()}};
  }
  json reserves = json::object(), flats = json::object();
  for (Color c : {Color::White, Color::Black}) {
    const Reserves r = pos_.reserves(c);
    reserves[color_name(index(c))] = {{"stones", r.stones}, {"caps", r.caps}};
    flats[color_name(index(c))] = pos_.flat_count(c);
  }
  return {{"id", data_.id},
          {"size", n},
          {"komi", data_.half_komi / 2.0},
          {"start_tps", data_.start_tps},
          {"tps", to_tps(pos_)},
          {"ply", pos_.ply()},
          {"turn", color_name(seat_to_move())},
          {"moves", data_.moves},
          {"ptn", ptn()},
          {"result", data_.result},
          {"reason", data_.reason},
          {"road", winning_road(pos_)},
          {"last_move", played_.empty() ? json() : json{{"ptn", to_ptn(played_.back())}, {"squares", squares_of(played_.back())}}},
          {"legal", legal},
          {"board", board},
          {"reserves", reserves},
          {"flats", flats},
          {"seats", seats},
          {"clock", clock},
          {"offers", {{"draw", seat_or_null(data_.draw_offer)}, {"undo", seat_or_null(data_.undo_request)}, {"rematch", seat_or_null(data_.rematch_offer)}}},
          {"rematch_id", data_.rematch_id},
          {"rematch_of", data_.rematch_of}};
}

}  // namespace bredon::serve
