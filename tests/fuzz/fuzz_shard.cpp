// A shard file's bytes: refused with ShardError, or read into games that write and read back
// exactly.
#include <unistd.h>

#include <cstdint>
#include <fstream>
#include <string>

#include "data/shard.h"
#include "fuzz_check.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string path = "/tmp/bredon_fuzz_shard_" + std::to_string(getpid()) + ".h5";
  std::ofstream(path, std::ios::binary | std::ios::trunc).write(reinterpret_cast<const char*>(data),
                                                                static_cast<std::streamsize>(size));
  bredon::Shard shard;
  try {
    shard = bredon::read_shard(path);
  } catch (const bredon::ShardError&) {
    return 0;
  }
  const std::string again_path = path + ".again.h5";
  bredon::write_shard(again_path, shard);
  const bredon::Shard again = bredon::read_shard(again_path);
  FUZZ_CHECK(again.positions == shard.positions);
  FUZZ_CHECK(again.games == shard.games);
  return 0;
}
