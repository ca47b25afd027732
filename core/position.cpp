#include "core/position.h"

#include "core/error.h"
#include "core/zobrist.h"

namespace bredon {

std::string result_string(GameResult r) {
  switch (r) {
    case GameResult::Ongoing: return "*";
    case GameResult::WhiteRoad: return "R-0";
    case GameResult::BlackRoad: return "0-R";
    case GameResult::WhiteFlats: return "F-0";
    case GameResult::BlackFlats: return "0-F";
    case GameResult::Draw: return "1/2-1/2";
  }
  return "*";
}

int result_sign(GameResult r) {
  switch (r) {
    case GameResult::WhiteRoad:
    case GameResult::WhiteFlats: return 1;
    case GameResult::BlackRoad:
    case GameResult::BlackFlats: return -1;
    default: return 0;
  }
}

static inline StackBits low_mask(int n) { return (StackBits{1} << n) - 1; }

Position::Position(int size, int half_komi) : size_(size), half_komi_(half_komi), board_(board_mask(size)) {
  if (!valid_size(size)) throw ParseError("board size " + std::to_string(size), "must be 3..8");
  const Reserves r = starting_reserves(size);
  reserves_ = {r, r};
  key_ = compute_key();
}

void Position::refresh_top(Square s, PieceKind kind) {
  const Bitboard b = bit(s);
  tops_[0] &= ~b;
  tops_[1] &= ~b;
  walls_ &= ~b;
  caps_ &= ~b;
  const Stack& st = stacks_[s];
  if (st.height == 0) return;
  tops_[index(st.color_at(st.height - 1))] |= b;
  if (kind == PieceKind::Wall) walls_ |= b;
  if (kind == PieceKind::Cap) caps_ |= b;
}

UndoRecord Position::play(Move m) {
  UndoRecord u;
  u.move = m;
  u.previous_result = result_;
  u.previous_key = key_;
  const Color mover = side_;
  const Square s = m.square();
  if (m.is_placement()) {
    const PieceKind kind = m.piece();
    const Color placed = opening_ ? opponent(mover) : mover;
    Reserves& r = reserves_[index(placed)];
    if (kind == PieceKind::Cap)
      --r.caps;
    else
      --r.stones;
    Stack& st = stacks_[s];
    st.colors = placed == Color::Black ? 1 : 0;
    st.height = 1;
    key_ ^= zobrist::piece(s, 0, placed);
    if (kind != PieceKind::Flat) key_ ^= zobrist::top_kind(s, kind);
    refresh_top(s, kind);
  } else {
    const unsigned v = m.pattern();
    const int carried = pattern_count(v);
    const int step = direction_step(m.direction());
    const PieceKind moving_top = top_kind(s);
    Stack& src = stacks_[s];
    const int base = src.height - carried;
    StackBits chunk = (src.colors >> base) & low_mask(carried);
    for (int j = 0; j < carried; ++j) key_ ^= zobrist::piece(s, base + j, static_cast<Color>((chunk >> j) & 1));
    if (moving_top != PieceKind::Flat) key_ ^= zobrist::top_kind(s, moving_top);
    src.colors &= low_mask(base);
    src.height = static_cast<uint8_t>(base);
    refresh_top(s, PieceKind::Flat);
    Square sq = s;
    for_each_drop(v, [&](int end, int k) {
      sq += step;
      Stack& d = stacks_[sq];
      const bool last = end == carried;
      if (last && (walls_ & bit(sq))) {
        u.flattened_wall = true;
        key_ ^= zobrist::top_kind(sq, PieceKind::Wall);
      }
      for (int i = 0; i < k; ++i) key_ ^= zobrist::piece(sq, d.height + i, static_cast<Color>((chunk >> i) & 1));
      d.colors |= (chunk & low_mask(k)) << d.height;
      d.height = static_cast<uint8_t>(d.height + k);
      chunk >>= k;
      const PieceKind kind = last ? moving_top : PieceKind::Flat;
      if (kind != PieceKind::Flat) key_ ^= zobrist::top_kind(sq, kind);
      refresh_top(sq, kind);
      return true;
    });
  }
  u.was_opening = opening_;
  if (opening_) key_ ^= zobrist::kOpening;
  ++ply_;
  opening_ = opening_ && ply_ < 2;
  if (opening_) key_ ^= zobrist::kOpening;
  side_ = opponent(side_);
  key_ ^= zobrist::kBlackToMove;
  update_result_after(m, mover);
  return u;
}

void Position::pass_turn() {
  side_ = opponent(side_);
  key_ ^= zobrist::kBlackToMove;
}

void Position::undo(const UndoRecord& u) {
  const Move m = u.move;
  const Square s = m.square();
  --ply_;
  opening_ = u.was_opening;
  side_ = opponent(side_);
  if (m.is_placement()) {
    const PieceKind kind = top_kind(s);
    const Color placed = stacks_[s].color_at(0);
    Reserves& r = reserves_[index(placed)];
    if (kind == PieceKind::Cap)
      ++r.caps;
    else
      ++r.stones;
    stacks_[s] = Stack{};
    refresh_top(s, PieceKind::Flat);
  } else {
    const unsigned v = m.pattern();
    const int carried = pattern_count(v);
    const int step = direction_step(m.direction());
    const int distance = pattern_distance(v);
    Square last_sq = s + step * distance;
    const PieceKind moving_top = top_kind(last_sq);
    StackBits chunk = 0;
    // Walk back from the last square, taking each drop off again.
    int end = carried;
    unsigned rest = v & ~(1u << (carried - 1));
    Square sq = last_sq;
    while (true) {
      const int start = rest ? (32 - __builtin_clz(rest)) : 0;  // end of the previous drop
      const int k = end - start;
      Stack& d = stacks_[sq];
      d.height = static_cast<uint8_t>(d.height - k);
      chunk = (chunk << k) | ((d.colors >> d.height) & low_mask(k));
      d.colors &= low_mask(d.height);
      refresh_top(sq, (sq == last_sq && u.flattened_wall) ? PieceKind::Wall : PieceKind::Flat);
      sq -= step;
      if (start == 0) break;
      rest &= ~(1u << (start - 1));
      end = start;
    }
    Stack& src = stacks_[s];
    src.colors |= chunk << src.height;
    src.height = static_cast<uint8_t>(src.height + carried);
    refresh_top(s, moving_top);
  }
  key_ = u.previous_key;
  result_ = u.previous_result;
}

void Position::update_result_after(Move m, Color mover) {
  const Color other = opponent(mover);
  bool mover_road = false, other_road = false;
  if (m.is_placement()) {
    if (m.piece() != PieceKind::Wall && !opening_) {
      const Bitboard r = road_pieces(mover);
      mover_road = popcount(r) >= size_ && has_road(r, size_);
    }
  } else {
    const Bitboard rm = road_pieces(mover), ro = road_pieces(other);
    mover_road = popcount(rm) >= size_ && has_road(rm, size_);
    if (!mover_road) other_road = popcount(ro) >= size_ && has_road(ro, size_);
  }
  if (mover_road) {
    result_ = mover == Color::White ? GameResult::WhiteRoad : GameResult::BlackRoad;
    return;
  }
  if (other_road) {
    result_ = other == Color::White ? GameResult::WhiteRoad : GameResult::BlackRoad;
    return;
  }
  result_ = flat_count_result();
}

GameResult Position::flat_count_result() const {
  const Reserves& w = reserves_[0];
  const Reserves& b = reserves_[1];
  if (occupied() != board_ && (w.stones || w.caps) && (b.stones || b.caps)) return GameResult::Ongoing;
  // Full board or a player out of pieces: top flats count, komi goes to black.
  const int diff = 2 * flat_count(Color::White) - 2 * flat_count(Color::Black) - half_komi_;
  return diff > 0 ? GameResult::WhiteFlats : diff < 0 ? GameResult::BlackFlats : GameResult::Draw;
}

GameResult Position::compute_result(Color last_mover) const {
  const bool white_road = has_road(road_pieces(Color::White), size_);
  const bool black_road = has_road(road_pieces(Color::Black), size_);
  if (white_road && black_road) return last_mover == Color::White ? GameResult::WhiteRoad : GameResult::BlackRoad;
  if (white_road) return GameResult::WhiteRoad;
  if (black_road) return GameResult::BlackRoad;
  return flat_count_result();
}

uint64_t Position::compute_key() const {
  uint64_t k = 0;
  for (Square s = 0; s < kNumSquares; ++s) {
    const Stack& st = stacks_[s];
    for (int h = 0; h < st.height; ++h) k ^= zobrist::piece(s, h, st.color_at(h));
    if (st.height) {
      const PieceKind kind = top_kind(s);
      if (kind != PieceKind::Flat) k ^= zobrist::top_kind(s, kind);
    }
  }
  if (side_ == Color::Black) k ^= zobrist::kBlackToMove;
  if (opening_) k ^= zobrist::kOpening;
  return k;
}

std::string Position::why_illegal(Move m) const {
  if (m.is_null()) return "null move";
  if (game_over()) return "the game is over (" + result_string(result_) + ")";
  const Square s = m.square();
  if (!(board_ & bit(s))) return "square is off the board";
  if (m.is_placement()) {
    if (occupied() & bit(s)) return "square " + square_name(s) + " is occupied";
    if (opening_ && m.piece() != PieceKind::Flat) return "only flats may be placed on the first two plies";
    const Color placed = opening_ ? opponent(side_) : side_;
    const Reserves& r = reserves_[index(placed)];
    if (m.piece() == PieceKind::Cap) {
      if (r.caps <= 0) return "no capstone left in the reserve";
    } else if (r.stones <= 0) {
      return "no stone left in the reserve";
    }
    return "";
  }
  if (opening_) return "no stack moves on the first two plies";
  const Stack& src = stacks_[s];
  if (src.height == 0) return "square " + square_name(s) + " is empty";
  if (src.color_at(src.height - 1) != side_)
    return "the stack on " + square_name(s) + " is not controlled by the side to move";
  const unsigned v = m.pattern();
  const int carried = pattern_count(v);
  if (carried > size_) return "carries more than the carry limit";
  if (carried > src.height) return "carries more pieces than the stack holds";
  const int step = direction_step(m.direction());
  const PieceKind moving_top = top_kind(s);
  Square sq = s;
  std::string why;
  for_each_drop(v, [&](int end, int k) {
    const int col = column_of(sq) + (step == 1 ? 1 : step == -1 ? -1 : 0);
    const int row = row_of(sq) + (step == kStride ? 1 : step == -kStride ? -1 : 0);
    if (col < 0 || col >= size_ || row < 0 || row >= size_) why = "the spread runs off the board";
    else if (caps_ & bit(sq += step)) why = "a capstone on " + square_name(sq) + " blocks the spread";
    else if ((walls_ & bit(sq)) && (end != carried || k != 1 || moving_top != PieceKind::Cap))
      why = "a wall on " + square_name(sq) + " can only be flattened by a capstone alone on the last square";
    return why.empty();
  });
  return why;
}

UndoRecord Position::play_checked(Move m) {
  const std::string why = why_illegal(m);
  if (!why.empty()) throw IllegalMoveError("illegal move " + to_ptn(m) + ": " + why);
  return play(m);
}

void Position::set_stack(Square s, const std::vector<Color>& pieces, PieceKind top) {
  Stack st;
  for (size_t i = 0; i < pieces.size(); ++i)
    if (pieces[i] == Color::Black) st.colors |= StackBits{1} << i;
  st.height = static_cast<uint8_t>(pieces.size());
  stacks_[s] = st;
  refresh_top(s, top);
}

void Position::finish_setup(Color side, int ply) {
  int stones[2] = {0, 0}, capstones[2] = {0, 0}, pieces = 0;
  for (Square s = 0; s < kNumSquares; ++s) {
    const Stack& st = stacks_[s];
    pieces += st.height;
    for (int h = 0; h < st.height; ++h) {
      const bool is_cap = h == st.height - 1 && (caps_ & bit(s));
      (is_cap ? capstones : stones)[index(st.color_at(h))]++;
    }
  }
  const Reserves start = starting_reserves(size_);
  for (int c = 0; c < 2; ++c) {
    const char* who = c == 0 ? "white" : "black";
    if (stones[c] > start.stones)
      throw ParseError("position", std::string(who) + " has " + std::to_string(stones[c]) +
                                       " stones on the board, more than the " + std::to_string(start.stones) + " a " +
                                       std::to_string(size_) + "x" + std::to_string(size_) + " game has");
    if (capstones[c] > start.caps)
      throw ParseError("position", std::string(who) + " has " + std::to_string(capstones[c]) +
                                       " capstones on the board, more than the " + std::to_string(start.caps) +
                                       " allowed");
    reserves_[c] = {start.stones - stones[c], start.caps - capstones[c]};
  }
  side_ = side;
  ply_ = ply;
  // A position whose move number says "opening" but whose board holds more pieces than the
  // opening could have placed is read as past the opening (tak-perft's reading; Tiltak would
  // treat it as an opening ply, see rules_cases.md E5).
  opening_ = ply < 2 && pieces <= ply;
  result_ = compute_result(opponent(side));
  key_ = compute_key();
}

bool Position::operator==(const Position& o) const {
  if (size_ != o.size_ || half_komi_ != o.half_komi_ || side_ != o.side_ || ply_ != o.ply_ || opening_ != o.opening_ ||
      result_ != o.result_ || key_ != o.key_ || tops_ != o.tops_ || walls_ != o.walls_ || caps_ != o.caps_)
    return false;
  for (int c = 0; c < 2; ++c)
    if (reserves_[c].stones != o.reserves_[c].stones || reserves_[c].caps != o.reserves_[c].caps) return false;
  for (Square s = 0; s < kNumSquares; ++s)
    if (stacks_[s].height != o.stacks_[s].height || stacks_[s].colors != o.stacks_[s].colors) return false;
  return true;
}

}  // namespace bredon
