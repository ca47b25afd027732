// PTN move text on a board of the size the first byte picks, applied to a position the next
// bytes reach by random legal moves: refused with ParseError, or read into a move that prints
// back to itself; a legal one is played, an illegal one is refused and leaves the position as
// it was (never half-applied).
#include <cstdint>
#include <string>

#include "core/error.h"
#include "core/movegen.h"
#include "core/tps.h"
#include "fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size < 2) return 0;
  const int board = 3 + data[0] % 6;
  bredon::Position pos(board);
  for (int k = 0; k < data[1] % 24 && !pos.game_over(); ++k) {
    const auto moves = bredon::legal_moves(pos);
    pos.play(moves[static_cast<size_t>(k * 7919 + data[1]) % moves.size()]);
  }
  const std::string text(reinterpret_cast<const char*>(data + 2), size - 2);
  bredon::Move m;
  try {
    m = bredon::parse_ptn_move(text, board);
  } catch (const bredon::ParseError&) {
    return 0;
  }
  FUZZ_CHECK(bredon::parse_ptn_move(bredon::to_ptn(m), board) == m);
  const std::string before = bredon::to_tps(pos);
  const uint64_t key = pos.key();
  const bool legal = pos.why_illegal(m).empty();
  try {
    pos.play_checked(m);
    FUZZ_CHECK(legal);
    FUZZ_CHECK(pos.key() == pos.compute_key());
  } catch (const bredon::IllegalMoveError&) {
    FUZZ_CHECK(!legal);
    FUZZ_CHECK(pos.key() == key && bredon::to_tps(pos) == before);
  }
  return 0;
}
