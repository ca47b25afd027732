#include "model/encoding.h"

#include <algorithm>

#include "model/symmetry.h"

namespace bredon {

void encode_position(const Position& pos, float* out) { encode_position(pos, 0, out); }

void encode_position(const Position& pos, int symmetry, float* out) {
  const int n = pos.size(), area = n * n, layers = stack_layers_shown(n);
  std::fill(out, out + input_size(n), 0.0f);
  const Color me = pos.side_to_move(), them = opponent(me);
  auto plane = [&](int ch) { return out + ch * area; };
  const int deep_mine = 6 + 2 * layers, deep_theirs = deep_mine + 1, globals = deep_mine + 2;
  for (int r = 0; r < n; ++r)
    for (int c = 0; c < n; ++c) {
      const Square s = make_square(c, r);
      const Stack& st = pos.stack(s);
      if (!st.height) continue;
      const Square t = symmetry ? transform_square(s, symmetry, n) : s;
      const int i = row_of(t) * n + column_of(t);
      const int top_owner = st.color_at(st.height - 1) == me ? 0 : 3;
      plane(top_owner + static_cast<int>(pos.top_kind(s)))[i] = 1.0f;
      for (int k = 1; k < st.height; ++k) {
        const bool mine = st.color_at(st.height - 1 - k) == me;
        if (k <= layers) {
          plane(6 + (mine ? 0 : layers) + (k - 1))[i] = 1.0f;
        } else {
          plane(mine ? deep_mine : deep_theirs)[i] += 1.0f / static_cast<float>(n);
        }
      }
    }
  const Reserves start = starting_reserves(n);
  const Reserves mine = pos.reserves(me), theirs = pos.reserves(them);
  const float my_komi = static_cast<float>(me == Color::White ? -pos.half_komi() : pos.half_komi()) / 2.0f;
  const float flat_margin = static_cast<float>(pos.flat_count(me) - pos.flat_count(them)) + my_komi;
  const float values[10] = {
      static_cast<float>(mine.stones) / static_cast<float>(start.stones),
      static_cast<float>(theirs.stones) / static_cast<float>(start.stones),
      start.caps ? static_cast<float>(mine.caps) / static_cast<float>(start.caps) : 0.0f,
      start.caps ? static_cast<float>(theirs.caps) / static_cast<float>(start.caps) : 0.0f,
      me == Color::White ? 1.0f : 0.0f,
      flat_margin / static_cast<float>(n),
      static_cast<float>(pos.half_komi()) / 2.0f / static_cast<float>(n),
      pos.in_opening() ? 1.0f : 0.0f,
      1.0f,
      static_cast<float>(popcount(pos.board() & ~pos.occupied())) / static_cast<float>(area),
  };
  for (int k = 0; k < 10; ++k) std::fill(plane(globals + k), plane(globals + k) + area, values[k]);
}

std::vector<float> encode_position(const Position& pos) {
  std::vector<float> out(static_cast<size_t>(input_size(pos.size())));
  encode_position(pos, out.data());
  return out;
}

}  // namespace bredon
