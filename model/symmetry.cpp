#include "model/symmetry.h"

#include <vector>

#include "model/action_index.h"

namespace bredon {

Square transform_square(Square s, int sym, int size) {
  int c = column_of(s), r = row_of(s);
  if (sym >= 4) c = size - 1 - c;
  for (int k = 0; k < sym % 4; ++k) {
    // Quarter turn anticlockwise: (c, r) -> (N-1-r, c).
    const int nc = size - 1 - r;
    r = c;
    c = nc;
  }
  return make_square(c, r);
}

Direction transform_direction(Direction d, int sym) {
  // Work with vectors: Up (0,1), Down (0,-1), Left (-1,0), Right (1,0).
  int x = d == Direction::Left ? -1 : d == Direction::Right ? 1 : 0;
  int y = d == Direction::Up ? 1 : d == Direction::Down ? -1 : 0;
  if (sym >= 4) x = -x;
  for (int k = 0; k < sym % 4; ++k) {
    const int nx = -y;
    y = x;
    x = nx;
  }
  if (x == 1) return Direction::Right;
  if (x == -1) return Direction::Left;
  return y == 1 ? Direction::Up : Direction::Down;
}

Move transform_move(Move m, int sym, int size) {
  const Square s = transform_square(m.square(), sym, size);
  if (m.is_placement()) return Move::place(s, m.piece());
  return Move::spread(s, transform_direction(m.direction(), sym), m.pattern());
}

int transform_action(int action, int sym, int size) {
  return action_of(transform_move(move_of_action(action, size), sym, size), size);
}

int inverse_symmetry(int sym) {
  // Mirrors are their own inverse; rotations invert to the opposite turn.
  if (sym >= 4) return sym;
  return (4 - sym) % 4;
}

Position transform_position(const Position& pos, int sym) {
  const int n = pos.size();
  Position out(n, pos.half_komi());
  std::vector<Color> pieces;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const Square s = make_square(c, r);
      const Stack& st = pos.stack(s);
      if (!st.height) continue;
      pieces.clear();
      for (int h = 0; h < st.height; ++h) pieces.push_back(st.color_at(h));
      out.set_stack(transform_square(s, sym, n), pieces, pos.top_kind(s));
    }
  out.finish_setup(pos.side_to_move(), pos.ply());
  return out;
}

void transform_planes(const float* in, float* out, int channels, int sym, int size) {
  const int area = size * size;
  for (int r = 0; r < size; ++r)
    for (int c = 0; c < size; ++c) {
      const Square t = transform_square(make_square(c, r), sym, size);
      const int from = r * size + c, to = row_of(t) * size + column_of(t);
      for (int ch = 0; ch < channels; ++ch) out[ch * area + to] = in[ch * area + from];
    }
}

}  // namespace bredon
