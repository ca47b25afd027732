// A checkpoint file's bytes: refused with CheckpointError naming the file, or read into metadata
// that describes a network that can be built (its knobs in range) and writes back the same.
#include <unistd.h>

#include <cstdint>
#include <fstream>
#include <string>

#include "fuzz_check.h"
#include "model/checkpoint_file.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = "/tmp/bredon_fuzz_checkpoint_" + std::to_string(getpid()) + ".ckpt";
  std::ofstream(path, std::ios::binary | std::ios::trunc).write(reinterpret_cast<const char*>(data),
                                                                static_cast<std::streamsize>(size));
  try {
    const bredon::CheckpointMeta meta = bredon::read_checkpoint_meta(path);
    FUZZ_CHECK(meta.size >= 3 && meta.size <= 8);
    FUZZ_CHECK(bredon::model_config_problem(meta.model).empty());
    const std::string text = bredon::checkpoint_meta_text(meta);
    FUZZ_CHECK(bredon::checkpoint_meta_text(bredon::parse_checkpoint_meta(text, path)) == text);
  } catch (const bredon::CheckpointError& e) {
    FUZZ_CHECK(std::string(e.what()).find(path) != std::string::npos);
  }
  return 0;
}
