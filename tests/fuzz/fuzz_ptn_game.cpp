// A PTN game file: refused with ParseError, or read into a game that prints back to PTN that
// reads to the same moves, start and result.
#include <cstdint>
#include <string>

#include "core/error.h"
#include "core/ptn_game.h"
#include "core/tps.h"
#include "fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  bredon::GameRecord game;
  try {
    game = bredon::parse_ptn_game(text);
  } catch (const bredon::ParseError&) {
    return 0;
  }
  const bredon::GameRecord again = bredon::parse_ptn_game(bredon::to_ptn_game(game));
  FUZZ_CHECK(again.moves == game.moves);
  FUZZ_CHECK(again.size == game.size && again.half_komi == game.half_komi);
  FUZZ_CHECK(bredon::to_tps(again.final_position()) == bredon::to_tps(game.final_position()));
  return 0;
}
