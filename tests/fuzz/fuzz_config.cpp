// A run configuration's text: refused with ConfigError, or read into values within their ranges
// (a second reading of the same text gives the same configuration).
#include <cstdint>
#include <string>

#include "config/run_config.h"
#include "fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  bredon::RunConfig cfg;
  try {
    cfg = bredon::parse_run_config(text, "fuzz.yaml");
  } catch (const bredon::ConfigError&) {
    return 0;
  }
  FUZZ_CHECK(cfg.game.size >= 3 && cfg.game.size <= 8);
  FUZZ_CHECK(bredon::model_config_problem(cfg.model).empty());
  FUZZ_CHECK(cfg.train.batch_size > 0);
  FUZZ_CHECK(bredon::parse_run_config(text, "fuzz.yaml").hash == cfg.hash);
  return 0;
}
