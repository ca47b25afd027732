#include "model/action_index.h"

#include "core/movegen.h"

namespace bredon {

int action_of(Move m, int size) {
  const int sq = row_of(m.square()) * size + column_of(m.square());
  const int per = actions_per_square(size);
  if (m.is_placement()) return sq * per + static_cast<int>(m.piece());
  const int patterns = (1 << size) - 2;
  return sq * per + 3 + static_cast<int>(m.direction()) * patterns + static_cast<int>(m.pattern()) - 1;
}

Move move_of_action(int action, int size) {
  const int per = actions_per_square(size);
  const int sq = action / per, offset = action % per;
  const Square s = make_square(sq % size, sq / size);
  if (offset < 3) return Move::place(s, static_cast<PieceKind>(offset));
  const int patterns = (1 << size) - 2;
  const int dir = (offset - 3) / patterns;
  const unsigned pattern = static_cast<unsigned>((offset - 3) % patterns + 1);
  return Move::spread(s, static_cast<Direction>(dir), pattern);
}

void legal_action_mask(const Position& pos, std::vector<uint8_t>& mask) {
  mask.assign(static_cast<size_t>(action_count(pos.size())), 0);
  for (Move m : legal_moves(pos)) mask[static_cast<size_t>(action_of(m, pos.size()))] = 1;
}

}  // namespace bredon
