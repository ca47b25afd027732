#include "core/movegen.h"

#include <algorithm>
#include <array>

namespace bredon {
namespace {

// Spread patterns grouped by what limits them: the most pieces that may be carried (1..8) and
// the free squares in the direction (0..7). `smash` holds the patterns that end with a capstone
// alone on a wall just past the free squares.
struct PatternTables {
  std::array<std::array<std::vector<uint8_t>, 8>, 9> plain;
  std::array<std::array<std::vector<uint8_t>, 8>, 9> smash;
  std::array<std::array<int, 8>, 9> plain_count{};
  std::array<std::array<int, 8>, 9> smash_count{};

  PatternTables() {
    for (int cmax = 1; cmax <= 8; ++cmax)
      for (int d = 0; d < 8; ++d)
        for (unsigned v = 1; v < 256; ++v) {
          const int c = pattern_count(v), dist = pattern_distance(v);
          if (c > cmax) continue;
          if (dist <= d) plain[cmax][d].push_back(static_cast<uint8_t>(v));
          const bool last_drop_single = c == 1 || (v & (1u << (c - 2)));
          if (dist == d + 1 && last_drop_single) smash[cmax][d].push_back(static_cast<uint8_t>(v));
        }
    for (int cmax = 1; cmax <= 8; ++cmax)
      for (int d = 0; d < 8; ++d) {
        plain_count[cmax][d] = static_cast<int>(plain[cmax][d].size());
        smash_count[cmax][d] = static_cast<int>(smash[cmax][d].size());
      }
  }
};

const PatternTables& tables() {
  static const PatternTables t;
  return t;
}

constexpr Direction kDirections[4] = {Direction::Up, Direction::Down, Direction::Left, Direction::Right};

// Free squares from s in direction d (at most `limit`), and whether the square just past them
// is a wall (the only blocker a capstone can flatten).
inline int free_run(const Position& pos, Square s, Direction dir, int limit, bool& wall_next) {
  const int step = direction_step(dir);
  int room;
  switch (dir) {
    case Direction::Up: room = pos.size() - 1 - row_of(s); break;
    case Direction::Down: room = row_of(s); break;
    case Direction::Left: room = column_of(s); break;
    default: room = pos.size() - 1 - column_of(s); break;
  }
  const Bitboard blockers = pos.walls() | pos.caps();
  // Carrying at most `limit` pieces, a spread cannot travel further than `limit` squares, and a
  // capstone can only reach a wall within that reach.
  const int reach = room < limit ? room : limit;
  int d = 0;
  Square sq = s;
  wall_next = false;
  while (d < reach) {
    sq += step;
    if (blockers & bit(sq)) {
      wall_next = (pos.walls() & bit(sq)) != 0;
      break;
    }
    ++d;
  }
  return d;
}

// Every (stack, direction) the side to move can spread from, with what the pattern tables need:
// the carry limit `cmax` there, the free run `d` before the edge or a blocker, and whether a
// capstone on top may also flatten the wall that ends the run. Shared by the generator and the
// counter (perft counts the last ply without listing it).
template <class Visit>
inline void for_each_spread_run(const Position& pos, Color me, const Visit& visit) {
  for (Bitboard b = pos.tops(me); b; b &= b - 1) {
    const Square s = lowest_square(b);
    const int cmax = std::min(pos.height(s), pos.size());
    const bool is_cap = (pos.caps() & bit(s)) != 0;
    for (Direction dir : kDirections) {
      bool wall_next;
      const int d = free_run(pos, s, dir, cmax, wall_next);
      visit(s, dir, cmax, d, is_cap && wall_next);
    }
  }
}

}  // namespace

void generate_moves(const Position& pos, std::vector<Move>& out) {
  out.clear();
  if (pos.game_over()) return;
  const Bitboard empty = pos.board() & ~pos.occupied();
  if (pos.in_opening()) {
    for (Bitboard b = empty; b; b &= b - 1) out.push_back(Move::place(lowest_square(b), PieceKind::Flat));
    return;
  }
  const Color me = pos.side_to_move();
  const Reserves r = pos.reserves(me);
  for (Bitboard b = empty; b; b &= b - 1) {
    const Square s = lowest_square(b);
    if (r.stones > 0) {
      out.push_back(Move::place(s, PieceKind::Flat));
      out.push_back(Move::place(s, PieceKind::Wall));
    }
    if (r.caps > 0) out.push_back(Move::place(s, PieceKind::Cap));
  }
  const PatternTables& t = tables();
  for_each_spread_run(pos, me, [&](Square s, Direction dir, int cmax, int d, bool smash) {
    for (uint8_t v : t.plain[cmax][d]) out.push_back(Move::spread(s, dir, v));
    if (smash)
      for (uint8_t v : t.smash[cmax][d]) out.push_back(Move::spread(s, dir, v));
  });
}

std::vector<Move> legal_moves(const Position& pos) {
  std::vector<Move> moves;
  generate_moves(pos, moves);
  return moves;
}

int immediate_win_index(const Position& pos, const std::vector<Move>& moves) {
  Position p = pos;
  const Color mover = pos.side_to_move();
  for (size_t i = 0; i < moves.size(); ++i) {
    const UndoRecord u = p.play(moves[i]);
    const bool won = result_sign_for(p.result(), mover) > 0;
    p.undo(u);
    if (won) return static_cast<int>(i);
  }
  return -1;
}

namespace {

// The empty squares where one more road piece of the mover completes a road: those touching
// (or lying on) both the part of its road pieces joined to one edge and the part joined to the
// opposite edge. Exact for a single added square, with no move played.
Bitboard road_completing_squares(Bitboard road, Bitboard empty, int size) {
  const Bitboard board = board_mask(size);
  const auto joined_to = [&](Bitboard edge) {
    Bitboard f = road & edge;
    for (Bitboard n; (n = grow(f, road)) != f;) f = n;
    return f;
  };
  const auto touching = [&](Bitboard part, Bitboard edge) { return (grow(part, board) | (edge & board)) & empty; };
  const Bitboard west = column_mask(0), east = column_mask(size - 1), south = row_mask(0), north = row_mask(size - 1);
  return (touching(joined_to(west), west) & touching(joined_to(east), east)) |
         (touching(joined_to(south), south) & touching(joined_to(north), north));
}

}  // namespace

bool has_immediate_win(const Position& pos) {
  // The move loop is only worth it where one move could finish the game. A move adds at most
  // `reach` tops of the mover: 1 by placing, up to the carry by spreading a stack it controls.
  const Color me = pos.side_to_move();
  int reach = 1;
  for (Bitboard b = pos.tops(me); b; b &= b - 1)
    reach = std::max(reach, std::min(pos.height(lowest_square(b)), pos.size()));
  const bool road_possible = popcount(pos.tops(me)) + reach >= pos.size();
  // A flat win needs the board filled (placing or spreading onto the last empty squares) or the
  // mover's last piece placed.
  const Reserves r = pos.reserves(me);
  const Bitboard empty = pos.board() & ~pos.occupied();
  const bool flats_possible = popcount(empty) <= reach || r.stones + r.caps <= 1;
  if (!road_possible && !flats_possible) return false;
  if (flats_possible || pos.in_opening() || pos.game_over()) return immediate_win_index(pos, legal_moves(pos)) >= 0;

  // Only a road can win here. A placement: read off the bitboards. A spread: after it the
  // mover's road pieces lie within its road pieces, the source square and the squares the run
  // can reach, so only runs where that union holds a road are played out.
  const Bitboard road = pos.road_pieces(me);
  if (r.stones + r.caps > 0 && road_completing_squares(road, empty, pos.size())) return true;
  const PatternTables& t = tables();
  bool won = false;
  Position p = pos;
  const auto wins = [&](Move m) {
    const UndoRecord u = p.play(m);
    const bool w = result_sign_for(p.result(), me) > 0;
    p.undo(u);
    return w;
  };
  for_each_spread_run(pos, me, [&](Square s, Direction dir, int cmax, int d, bool smash) {
    if (won || (d == 0 && !smash)) return;
    Bitboard line = bit(s);
    for (int i = 1, sq = s; i <= d + (smash ? 1 : 0); ++i) line |= bit(sq += direction_step(dir));
    if (!has_road(road | line, pos.size())) return;
    for (uint8_t v : t.plain[cmax][d]) won = won || wins(Move::spread(s, dir, v));
    if (smash)
      for (uint8_t v : t.smash[cmax][d]) won = won || wins(Move::spread(s, dir, v));
  });
  return won;
}

int count_moves(const Position& pos) {
  if (pos.game_over()) return 0;
  const int empty = popcount(pos.board() & ~pos.occupied());
  if (pos.in_opening()) return empty;
  const Color me = pos.side_to_move();
  const Reserves r = pos.reserves(me);
  int n = empty * ((r.stones > 0 ? 2 : 0) + (r.caps > 0 ? 1 : 0));
  const PatternTables& t = tables();
  for_each_spread_run(pos, me, [&](Square, Direction, int cmax, int d, bool smash) {
    n += t.plain_count[cmax][d];
    if (smash) n += t.smash_count[cmax][d];
  });
  return n;
}

}  // namespace bredon
