// TPS text: refused with ParseError, or read into a position that prints back to a TPS that
// reads to the same position (same Zobrist key, same text).
#include <cstdint>
#include <string>

#include "core/error.h"
#include "core/tps.h"
#include "fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  bredon::Position pos;
  try {
    pos = bredon::parse_tps(text);
  } catch (const bredon::ParseError&) {
    return 0;
  }
  const std::string printed = bredon::to_tps(pos);
  const bredon::Position again = bredon::parse_tps(printed);
  FUZZ_CHECK(again.key() == pos.key());
  FUZZ_CHECK(bredon::to_tps(again) == printed);
  FUZZ_CHECK(pos.key() == pos.compute_key());
  return 0;
}
