#include "model/checkpoint_file.h"

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <limits>
#include <sstream>

#include "core/ptn_game.h"
#include "core/types.h"
#include "util/checksum.h"
#include "util/run_files.h"

namespace bredon {
namespace {

constexpr char kMagic[8] = {'B', 'R', 'E', 'D', 'O', 'N', 'C', 'K'};
constexpr uint32_t kFormatVersion = 1;

template <typename T>
void put(std::ostream& out, T value) {
  out.write(reinterpret_cast<const char*>(&value), sizeof(T));
}

}  // namespace

std::string checkpoint_meta_text(const CheckpointMeta& m) {
  std::ostringstream s;
  s << "size=" << m.size << "\nhalf_komi=" << m.half_komi << "\nstep=" << m.step << "\nconfig_hash=" << m.config_hash
    << "\nblocks=" << m.model.blocks << "\nchannels=" << m.model.channels
    << "\npolicy_channels=" << m.model.policy_channels << "\nvalue_channels=" << m.model.value_channels
    << "\nvalue_hidden=" << m.model.value_hidden << "\ngpool_every=" << m.model.gpool_every
    << "\nownership_head=" << (m.model.ownership_head ? 1 : 0) << "\n";
  // Written only when present, so files of networks without the head stay as they were.
  if (m.model.soft_policy_head) s << "soft_policy_head=1\n";
  for (const auto& [k, v] : m.extra) s << "extra." << k << "=" << v << "\n";
  return s.str();
}

CheckpointSections read_checkpoint_sections(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw CheckpointError("checkpoint " + path + ": cannot open the file");
  auto fail = [&](const std::string& why) -> CheckpointError {
    return CheckpointError("checkpoint " + path + ": " + why);
  };
  char magic[8];
  if (!in.read(magic, 8) || std::string(magic, 8) != std::string(kMagic, 8))
    throw fail("not a bredon checkpoint (wrong magic bytes)");
  uint32_t version = 0, count = 0;
  if (!in.read(reinterpret_cast<char*>(&version), 4) || !in.read(reinterpret_cast<char*>(&count), 4))
    throw fail("truncated header");
  if (version != kFormatVersion)
    throw fail("format version " + std::to_string(version) + ", this build reads " + std::to_string(kFormatVersion));
  if (count > 16) throw fail("corrupt header (" + std::to_string(count) + " sections)");
  in.seekg(0, std::ios::end);
  const auto file_size = static_cast<uint64_t>(in.tellg());
  in.seekg(16);
  CheckpointSections sections;
  for (uint32_t i = 0; i < count; ++i) {
    uint32_t name_len = 0;
    if (!in.read(reinterpret_cast<char*>(&name_len), 4) || name_len > 64)
      throw fail("truncated or corrupt section header");
    std::string name(name_len, '\0');
    uint64_t len = 0, hash = 0;
    if (!in.read(name.data(), name_len) || !in.read(reinterpret_cast<char*>(&len), 8) ||
        !in.read(reinterpret_cast<char*>(&hash), 8))
      throw fail("truncated section header");
    if (len > file_size) throw fail("truncated: section '" + name + "' is cut short");
    std::string bytes(len, '\0');
    if (!in.read(bytes.data(), static_cast<std::streamsize>(len)))
      throw fail("truncated: section '" + name + "' is cut short");
    if (fnv1a(bytes) != hash) throw fail("corrupt: section '" + name + "' does not match its checksum");
    sections[name] = std::move(bytes);
  }
  if (!sections.count("meta") || !sections.count("weights")) throw fail("missing the meta or weights section");
  return sections;
}

CheckpointMeta parse_checkpoint_meta(const std::string& text, const std::string& path) {
  std::map<std::string, std::string> kv;
  std::istringstream in(text);
  std::string line;
  while (std::getline(in, line)) {
    const size_t eq = line.find('=');
    if (eq != std::string::npos) kv[line.substr(0, eq)] = line.substr(eq + 1);
  }
  auto num = [&](const std::string& key, long long lo, long long hi) -> long long {
    auto it = kv.find(key);
    if (it == kv.end()) throw CheckpointError("checkpoint " + path + ": metadata lacks '" + key + "'");
    size_t used = 0;
    long long v = 0;
    try {
      v = std::stoll(it->second, &used);
    } catch (const std::exception&) {
      used = 0;
    }
    if (used == 0 || used != it->second.size())
      throw CheckpointError("checkpoint " + path + ": metadata '" + key + "' is not a whole number");
    if (v < lo || v > hi)
      throw CheckpointError("checkpoint " + path + ": metadata: " + key + " " + it->second + " is outside " +
                            std::to_string(lo) + ".." + std::to_string(hi));
    return v;
  };
  constexpr long long kInt = 1LL << 30;  // far beyond any real value, and safe to narrow to int
  CheckpointMeta m;
  m.size = static_cast<int>(num("size", kMinSize, kMaxSize));
  m.half_komi = static_cast<int>(num("half_komi", -2 * kMaxKomi, 2 * kMaxKomi));
  m.step = num("step", 0, std::numeric_limits<long long>::max());
  const std::string hash = kv.count("config_hash") ? kv["config_hash"] : "0";
  if (hash.empty() || hash.size() > 20 || hash.find_first_not_of("0123456789") != std::string::npos)
    throw CheckpointError("checkpoint " + path + ": metadata 'config_hash' is not a whole number");
  try {
    m.config_hash = std::stoull(hash);
  } catch (const std::out_of_range&) {
    throw CheckpointError("checkpoint " + path + ": metadata 'config_hash' is out of range");
  }
  m.model.blocks = static_cast<int>(num("blocks", -kInt, kInt));
  m.model.channels = static_cast<int>(num("channels", -kInt, kInt));
  m.model.policy_channels = static_cast<int>(num("policy_channels", -kInt, kInt));
  m.model.value_channels = static_cast<int>(num("value_channels", -kInt, kInt));
  m.model.value_hidden = static_cast<int>(num("value_hidden", -kInt, kInt));
  m.model.gpool_every = static_cast<int>(num("gpool_every", -kInt, kInt));
  m.model.ownership_head = num("ownership_head", 0, 1) != 0;
  m.model.soft_policy_head = kv.count("soft_policy_head") && num("soft_policy_head", 0, 1) != 0;
  // The checksums only show the file is as written; these say it describes a network we can build.
  const std::string problem = model_config_problem(m.model);
  if (!problem.empty()) throw CheckpointError("checkpoint " + path + ": metadata: " + problem);
  for (const auto& [k, v] : kv)
    if (k.rfind("extra.", 0) == 0) m.extra[k.substr(6)] = v;
  return m;
}

void write_checkpoint_sections(const std::string& path,
                               const std::vector<std::pair<std::string, std::string>>& sections) {
  if (std::filesystem::is_directory(path)) throw CheckpointError("checkpoint " + path + ": is a folder, not a file");
  const std::string tmp = unique_temp_path(path);
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) throw CheckpointError("checkpoint " + path + ": cannot write " + tmp);
    out.write(kMagic, 8);
    put<uint32_t>(out, kFormatVersion);
    put<uint32_t>(out, static_cast<uint32_t>(sections.size()));
    for (const auto& [name, bytes] : sections) {
      put<uint32_t>(out, static_cast<uint32_t>(name.size()));
      out.write(name.data(), static_cast<std::streamsize>(name.size()));
      put<uint64_t>(out, bytes.size());
      put<uint64_t>(out, fnv1a(bytes));
      out.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    }
    out.flush();
    if (!out) {
      std::remove(tmp.c_str());
      throw CheckpointError("checkpoint " + path + ": writing " + tmp + " failed (disk full?)");
    }
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    std::remove(tmp.c_str());
    throw CheckpointError("checkpoint " + path + ": cannot rename " + tmp + " into place");
  }
}

CheckpointMeta read_checkpoint_meta(const std::string& path) {
  return parse_checkpoint_meta(read_checkpoint_sections(path).at("meta"), path);
}

}  // namespace bredon
