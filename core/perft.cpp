#include "core/perft.h"

#include "core/movegen.h"

namespace bredon {
namespace {

uint64_t perft_recursive(Position& pos, int depth, std::vector<std::vector<Move>>& lists) {
  if (pos.game_over()) return 0;
  if (depth == 1) return static_cast<uint64_t>(count_moves(pos));
  std::vector<Move>& moves = lists[depth];
  generate_moves(pos, moves);
  uint64_t total = 0;
  for (Move m : moves) {
    const UndoRecord u = pos.play(m);
    total += perft_recursive(pos, depth - 1, lists);
    pos.undo(u);
  }
  return total;
}

}  // namespace

uint64_t perft(Position& pos, int depth) {
  if (depth <= 0) return 1;
  std::vector<std::vector<Move>> lists(static_cast<size_t>(depth) + 1);
  return perft_recursive(pos, depth, lists);
}

std::vector<std::pair<Move, uint64_t>> perft_divide(Position& pos, int depth) {
  std::vector<std::pair<Move, uint64_t>> out;
  if (depth <= 0) return out;
  std::vector<std::vector<Move>> lists(static_cast<size_t>(depth) + 1);
  for (Move m : legal_moves(pos)) {
    const UndoRecord u = pos.play(m);
    out.emplace_back(m, depth == 1 ? 1 : (pos.game_over() ? 0 : perft_recursive(pos, depth - 1, lists)));
    pos.undo(u);
  }
  return out;
}

}  // namespace bredon
