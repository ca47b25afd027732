// A Tak position for any size 3..8: stacks, bitboards of the tops, reserves, side to move, the
// game result and an incrementally kept Zobrist key. Moves are applied in place and undone with
// the small record `play` returns (measured faster than copying the ~1.3 KB position).
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "core/bitboard.h"
#include "core/move.h"
#include "core/types.h"

namespace bredon {

__extension__ typedef unsigned __int128 StackBits;

// Colours of a stack, bottom piece at bit 0; a set bit is black.
struct Stack {
  StackBits colors = 0;
  uint8_t height = 0;
  Color color_at(int h) const { return ((colors >> h) & 1) ? Color::Black : Color::White; }
};

enum class GameResult : uint8_t { Ongoing, WhiteRoad, BlackRoad, WhiteFlats, BlackFlats, Draw };

// `R-0`, `0-R`, `F-0`, `0-F`, `1/2-1/2`, or `*` while ongoing.
std::string result_string(GameResult r);
// +1 white won, -1 black won, 0 draw or ongoing.
int result_sign(GameResult r);
// The same seen from `side`: +1 it won, -1 it lost, 0 draw or ongoing.
inline int result_sign_for(GameResult r, Color side) { return side == Color::White ? result_sign(r) : -result_sign(r); }

struct UndoRecord {
  Move move;
  bool flattened_wall = false;
  bool was_opening = false;
  GameResult previous_result = GameResult::Ongoing;
  uint64_t previous_key = 0;
};

class Position {
 public:
  // The empty board of the given size. half_komi is komi * 2, added to black's flat count.
  explicit Position(int size = 5, int half_komi = 0);

  int size() const { return size_; }
  int half_komi() const { return half_komi_; }
  void set_half_komi(int half_komi) { half_komi_ = half_komi; }
  Color side_to_move() const { return side_; }
  // Plies played from the empty board (0 before white's first placement).
  int ply() const { return ply_; }
  int move_number() const { return ply_ / 2 + 1; }
  // The first two plies place one of the opponent's flats, nothing else.
  bool in_opening() const { return opening_; }
  GameResult result() const { return result_; }
  bool game_over() const { return result_ != GameResult::Ongoing; }
  uint64_t key() const { return key_; }

  const Stack& stack(Square s) const { return stacks_[s]; }
  int height(Square s) const { return stacks_[s].height; }
  Bitboard occupied() const { return tops_[0] | tops_[1]; }
  Bitboard tops(Color c) const { return tops_[index(c)]; }
  Bitboard walls() const { return walls_; }
  Bitboard caps() const { return caps_; }
  Bitboard flats(Color c) const { return tops_[index(c)] & ~walls_ & ~caps_; }
  Bitboard road_pieces(Color c) const { return tops_[index(c)] & ~walls_; }
  Bitboard board() const { return board_; }
  PieceKind top_kind(Square s) const {
    return (walls_ & bit(s)) ? PieceKind::Wall : (caps_ & bit(s)) ? PieceKind::Cap : PieceKind::Flat;
  }
  Reserves reserves(Color c) const { return reserves_[index(c)]; }
  int flat_count(Color c) const { return popcount(flats(c)); }

  // Applies a move that must be legal here (see movegen.h). Fast; no checking.
  UndoRecord play(Move m);
  void undo(const UndoRecord& u);
  // Hands the turn to the other side without a move (a "null move", not legal in Tak), for
  // analysis that asks what the side not to move could do now: whether a move threatens a road.
  // Calling it again restores the position. Only for positions past the opening.
  void pass_turn();

  // Checks legality first; throws IllegalMoveError with the reason if it is not.
  UndoRecord play_checked(Move m);
  // Empty string when legal, otherwise why not.
  std::string why_illegal(Move m) const;

  // Recomputes the key and result from scratch (used after set-up and by tests).
  uint64_t compute_key() const;
  GameResult compute_result(Color last_mover) const;

  // Set-up used by TPS reading. Pieces listed bottom to top; kind applies to the top.
  void set_stack(Square s, const std::vector<Color>& pieces, PieceKind top);
  // Finishes set-up: derives reserves, key, result. Throws ParseError if reserves overflow.
  void finish_setup(Color side, int ply);

  bool operator==(const Position& o) const;

 private:
  void refresh_top(Square s, PieceKind kind);
  void update_result_after(Move m, Color mover);
  // The result when no road stands: a flat count if the game is over that way, else ongoing.
  GameResult flat_count_result() const;

  int size_;
  int half_komi_;
  Bitboard board_;
  Color side_ = Color::White;
  int ply_ = 0;
  bool opening_ = true;
  GameResult result_ = GameResult::Ongoing;
  uint64_t key_ = 0;
  std::array<Bitboard, 2> tops_{};
  Bitboard walls_ = 0, caps_ = 0;
  std::array<Reserves, 2> reserves_{};
  std::array<Stack, kNumSquares> stacks_{};
};

}  // namespace bredon
