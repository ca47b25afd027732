// FNV-1a (64-bit): the checksum of checkpoint sections and of shard files. It is there to catch
// files damaged in copying or cut short, not to resist someone forging a file on purpose.
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

namespace bredon {

constexpr uint64_t kFnv1aStart = 1469598103934665603ULL;

// Continues `hash` over `size` more bytes, so a file can be hashed a block at a time.
inline uint64_t fnv1a(const void* data, size_t size, uint64_t hash = kFnv1aStart) {
  const auto* bytes = static_cast<const unsigned char*>(data);
  for (size_t i = 0; i < size; ++i) hash = (hash ^ bytes[i]) * 1099511628211ULL;
  return hash;
}

inline uint64_t fnv1a(const std::string& bytes) { return fnv1a(bytes.data(), bytes.size()); }

}  // namespace bredon
