#include "engine/clock_budget.h"

#include <algorithm>

namespace bredon {

namespace {
constexpr int kFewestMovesLeft = 8;
constexpr int64_t kReplyMarginMs = 100;
}  // namespace

int planned_moves_left(const Position& position) {
  const auto pieces = [&](Color c) { return position.reserves(c).stones + position.reserves(c).caps; };
  const int smaller_reserve = std::min(pieces(Color::White), pieces(Color::Black));
  const int squares = position.size() * position.size();
  const int empty = squares - popcount(position.occupied());
  return std::max(kFewestMovesLeft, std::min(smaller_reserve, (empty + 1) / 2));
}

int64_t clock_move_budget_ms(const Position& position, int64_t own_ms, int64_t increment_ms) {
  int64_t t = own_ms / planned_moves_left(position) + increment_ms * 3 / 4;
  t = std::min(t, own_ms / 3);
  t = std::min(t, own_ms - kReplyMarginMs);
  return std::max<int64_t>(5, t);
}

}  // namespace bredon
