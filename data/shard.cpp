#include "data/shard.h"

#include <hdf5.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>

#include "util/checksum.h"

namespace bredon {

bool PositionRecord::operator==(const PositionRecord& o) const {
  return tps == o.tps && game == o.game && ply == o.ply && full_search == o.full_search && root_value == o.root_value &&
         policy_surprise == o.policy_surprise &&
         result == o.result && flat_margin == o.flat_margin && moves_left == o.moves_left && ownership == o.ownership &&
         policy_actions == o.policy_actions && policy_probs == o.policy_probs;
}

bool GameRecordRow::operator==(const GameRecordRow& o) const {
  return ptn == o.ptn && result == o.result && id == o.id && length == o.length && resigned == o.resigned &&
         model_id == o.model_id;
}

namespace {

// Closes an HDF5 handle when it goes out of scope.
class Handle {
 public:
  Handle(hid_t id, herr_t (*close)(hid_t)) : id_(id), close_(close) {}
  ~Handle() {
    if (id_ >= 0) close_(id_);
  }
  Handle(const Handle&) = delete;
  Handle& operator=(const Handle&) = delete;
  Handle(Handle&& other) noexcept : id_(other.id_), close_(other.close_) { other.id_ = -1; }
  operator hid_t() const { return id_; }
  bool ok() const { return id_ >= 0; }

 private:
  hid_t id_;
  herr_t (*close_)(hid_t);
};

constexpr char kTrailerMagic[8] = {'B', 'R', 'D', 'N', 'S', 'U', 'M', '1'};
constexpr size_t kTrailerBytes = sizeof(kTrailerMagic) + 8;

struct Context {
  std::string path;
  [[noreturn]] void fail(const std::string& what) const { throw ShardError("shard " + path + ": " + what); }
  void check(herr_t status, const std::string& what) const {
    if (status < 0) fail(what);
  }
};

void silence_hdf5() {
  static bool done = false;
  if (!done) {
    H5Eset_auto2(H5E_DEFAULT, nullptr, nullptr);
    done = true;
  }
}

template <typename T>
hid_t native_type();
template <>
hid_t native_type<int64_t>() {
  return H5T_NATIVE_INT64;
}
template <>
hid_t native_type<int32_t>() {
  return H5T_NATIVE_INT32;
}
template <>
hid_t native_type<int16_t>() {
  return H5T_NATIVE_INT16;
}
template <>
hid_t native_type<int8_t>() {
  return H5T_NATIVE_INT8;
}
template <>
hid_t native_type<uint8_t>() {
  return H5T_NATIVE_UINT8;
}
template <>
hid_t native_type<float>() {
  return H5T_NATIVE_FLOAT;
}

template <typename T>
void write_array(const Context& ctx, hid_t group, const char* name, const std::vector<T>& data,
                 const std::vector<hsize_t>& dims) {
  Handle space(H5Screate_simple(static_cast<int>(dims.size()), dims.data(), nullptr), H5Sclose);
  Handle set(H5Dcreate2(group, name, native_type<T>(), space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Dclose);
  if (!set.ok()) ctx.fail(std::string("cannot create dataset ") + name);
  if (!data.empty()) ctx.check(H5Dwrite(set, native_type<T>(), H5S_ALL, H5S_ALL, H5P_DEFAULT, data.data()), name);
}

void write_strings(const Context& ctx, hid_t group, const char* name, const std::vector<std::string>& data) {
  Handle type(H5Tcopy(H5T_C_S1), H5Tclose);
  H5Tset_size(type, H5T_VARIABLE);
  H5Tset_cset(type, H5T_CSET_UTF8);
  const hsize_t dims[1] = {data.size()};
  Handle space(H5Screate_simple(1, dims, nullptr), H5Sclose);
  Handle set(H5Dcreate2(group, name, type, space, H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Dclose);
  if (!set.ok()) ctx.fail(std::string("cannot create dataset ") + name);
  std::vector<const char*> ptrs;
  for (const auto& s : data) ptrs.push_back(s.c_str());
  if (!data.empty()) ctx.check(H5Dwrite(set, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, ptrs.data()), name);
}

void write_int_attr(const Context& ctx, hid_t obj, const char* name, int64_t value) {
  Handle space(H5Screate(H5S_SCALAR), H5Sclose);
  Handle attr(H5Acreate2(obj, name, H5T_NATIVE_INT64, space, H5P_DEFAULT, H5P_DEFAULT), H5Aclose);
  ctx.check(H5Awrite(attr, H5T_NATIVE_INT64, &value), name);
}

void write_string_attr(const Context& ctx, hid_t obj, const char* name, const std::string& value) {
  Handle type(H5Tcopy(H5T_C_S1), H5Tclose);
  H5Tset_size(type, H5T_VARIABLE);
  H5Tset_cset(type, H5T_CSET_UTF8);
  Handle space(H5Screate(H5S_SCALAR), H5Sclose);
  Handle attr(H5Acreate2(obj, name, type, space, H5P_DEFAULT, H5P_DEFAULT), H5Aclose);
  const char* p = value.c_str();
  ctx.check(H5Awrite(attr, type, &p), name);
}

// Opens attribute `name`, which must hold exactly one value of `type_class`: HDF5 writes every
// element an attribute holds into the buffer it is given.
Handle open_single_attr(const Context& ctx, hid_t obj, const char* name, H5T_class_t type_class) {
  if (H5Aexists(obj, name) <= 0) ctx.fail(std::string("missing attribute ") + name);
  Handle attr(H5Aopen(obj, name, H5P_DEFAULT), H5Aclose);
  if (!attr.ok()) ctx.fail(std::string("unreadable attribute ") + name);
  Handle space(H5Aget_space(attr), H5Sclose);
  Handle type(H5Aget_type(attr), H5Tclose);
  if (H5Sget_simple_extent_npoints(space) != 1 || H5Tget_class(type) != type_class ||
      (type_class == H5T_STRING && H5Tis_variable_str(type) <= 0))
    ctx.fail(std::string("attribute ") + name + " is not a single " +
             (type_class == H5T_STRING ? "string" : "whole number"));
  return attr;
}

int64_t read_int_attr(const Context& ctx, hid_t obj, const char* name) {
  Handle attr = open_single_attr(ctx, obj, name, H5T_INTEGER);
  int64_t v = 0;
  ctx.check(H5Aread(attr, H5T_NATIVE_INT64, &v), std::string("unreadable attribute ") + name);
  return v;
}

std::string read_string_attr(const Context& ctx, hid_t obj, const char* name) {
  Handle attr = open_single_attr(ctx, obj, name, H5T_STRING);
  Handle type(H5Tcopy(H5T_C_S1), H5Tclose);
  H5Tset_size(type, H5T_VARIABLE);
  H5Tset_cset(type, H5T_CSET_UTF8);  // HDF5 does not convert between ASCII and UTF-8
  char* p = nullptr;
  ctx.check(H5Aread(attr, type, &p), std::string("unreadable attribute ") + name);
  std::string s = p ? p : "";
  H5free_memory(p);
  return s;
}

std::vector<hsize_t> dims_of(const Context& ctx, hid_t set, const char* name) {
  Handle space(H5Dget_space(set), H5Sclose);
  const int rank = H5Sget_simple_extent_ndims(space);
  if (rank < 1 || rank > 2) ctx.fail(std::string("dataset ") + name + " has an unexpected shape");
  std::vector<hsize_t> dims(static_cast<size_t>(rank));
  H5Sget_simple_extent_dims(space, dims.data(), nullptr);
  return dims;
}

template <typename T>
std::vector<T> read_array(const Context& ctx, hid_t group, const char* name, size_t expected_rows,
                          size_t row_width = 1) {
  Handle set(H5Dopen2(group, name, H5P_DEFAULT), H5Dclose);
  if (!set.ok()) ctx.fail(std::string("missing dataset ") + name);
  const auto dims = dims_of(ctx, set, name);
  size_t total = 1;
  for (hsize_t d : dims) total *= d;
  if (expected_rows != SIZE_MAX && (dims[0] != expected_rows || total != expected_rows * row_width))
    ctx.fail(std::string("dataset ") + name + " has " + std::to_string(total) + " entries, expected " +
             std::to_string(expected_rows * row_width));
  std::vector<T> out(total);
  if (total)
    ctx.check(H5Dread(set, native_type<T>(), H5S_ALL, H5S_ALL, H5P_DEFAULT, out.data()),
              std::string("cannot read dataset ") + name + " (truncated or corrupt?)");
  return out;
}

std::vector<std::string> read_strings(const Context& ctx, hid_t group, const char* name, size_t expected_rows) {
  Handle set(H5Dopen2(group, name, H5P_DEFAULT), H5Dclose);
  if (!set.ok()) ctx.fail(std::string("missing dataset ") + name);
  const auto dims = dims_of(ctx, set, name);
  // One string a row and nothing else: HDF5 writes every element of the dataset into `ptrs`.
  if (dims.size() != 1 || dims[0] != expected_rows)
    ctx.fail(std::string("dataset ") + name + " is not a list of " + std::to_string(expected_rows) + " strings");
  {
    Handle stored(H5Dget_type(set), H5Tclose);
    if (H5Tget_class(stored) != H5T_STRING || H5Tis_variable_str(stored) <= 0)
      ctx.fail(std::string("dataset ") + name + " does not hold variable-length strings");
  }
  Handle type(H5Tcopy(H5T_C_S1), H5Tclose);
  H5Tset_size(type, H5T_VARIABLE);
  H5Tset_cset(type, H5T_CSET_UTF8);
  std::vector<char*> ptrs(expected_rows, nullptr);
  if (expected_rows)
    ctx.check(H5Dread(set, type, H5S_ALL, H5S_ALL, H5P_DEFAULT, ptrs.data()),
              std::string("cannot read dataset ") + name + " (truncated or corrupt?)");
  std::vector<std::string> out;
  out.reserve(expected_rows);
  for (char* p : ptrs) {
    out.emplace_back(p ? p : "");
    H5free_memory(p);
  }
  return out;
}

size_t row_count(const Context& ctx, hid_t group, const char* name) {
  Handle set(H5Dopen2(group, name, H5P_DEFAULT), H5Dclose);
  if (!set.ok()) ctx.fail(std::string("missing dataset ") + name);
  return dims_of(ctx, set, name)[0];
}

// The trailer's FNV-1a of every byte before it, read a block at a time.
uint64_t hash_prefix(const Context& ctx, std::ifstream& in, uint64_t length) {
  std::vector<char> block(1 << 16);
  uint64_t hash = kFnv1aStart;
  while (length > 0) {
    const size_t n = static_cast<size_t>(std::min<uint64_t>(length, block.size()));
    if (!in.read(block.data(), static_cast<std::streamsize>(n))) ctx.fail("read failed");
    hash = fnv1a(block.data(), n, hash);
    length -= n;
  }
  return hash;
}

void append_checksum_trailer(const Context& ctx, const std::string& tmp) {
  std::ifstream in(tmp, std::ios::binary);
  const uint64_t length = std::filesystem::file_size(tmp);
  const uint64_t hash = hash_prefix(ctx, in, length);
  std::ofstream out(tmp, std::ios::binary | std::ios::app);
  out.write(kTrailerMagic, sizeof(kTrailerMagic));
  for (int i = 0; i < 8; ++i) out.put(static_cast<char>((hash >> (8 * i)) & 0xff));
  out.flush();
  if (!out) ctx.fail("cannot append the checksum to " + tmp + " (disk full?)");
}

// Before HDF5 sees a byte: libhdf5 1.10 can over-read or loop forever on a damaged file
// (tests/fuzz/libhdf5_bugs), so a file not exactly as written never reaches it.
void check_checksum_trailer(const Context& ctx, const std::string& path) {
  std::error_code ec;
  const uint64_t size = std::filesystem::file_size(path, ec);
  if (ec) ctx.fail("cannot read its size: " + ec.message());
  if (size < kTrailerBytes) ctx.fail("too short to be a shard (" + std::to_string(size) + " bytes; truncated?)");
  std::ifstream in(path, std::ios::binary);
  if (!in) ctx.fail("cannot open it for reading");
  in.seekg(static_cast<std::streamoff>(size - kTrailerBytes));
  char trailer[kTrailerBytes];
  if (!in.read(trailer, kTrailerBytes)) ctx.fail("cannot read its checksum trailer");
  if (std::memcmp(trailer, kTrailerMagic, sizeof(kTrailerMagic)) != 0)
    ctx.fail("no checksum trailer at its end (truncated, damaged, or written before shard schema 2)");
  uint64_t stored = 0;
  for (int i = 0; i < 8; ++i) stored |= static_cast<uint64_t>(static_cast<unsigned char>(trailer[8 + i])) << (8 * i);
  in.seekg(0);
  if (hash_prefix(ctx, in, size - kTrailerBytes) != stored)
    ctx.fail("its bytes do not match its checksum (damaged in copying or on disk)");
}

}  // namespace

void write_shard(const std::string& path, const Shard& shard) {
  silence_hdf5();
  const std::string tmp = path + ".tmp";
  const Context ctx{path};
  const size_t area = static_cast<size_t>(shard.size * shard.size);
  {
    Handle file(H5Fcreate(tmp.c_str(), H5F_ACC_TRUNC, H5P_DEFAULT, H5P_DEFAULT), H5Fclose);
    if (!file.ok()) ctx.fail("cannot create " + tmp);
    write_int_attr(ctx, file, "schema_version", kShardSchemaVersion);
    write_int_attr(ctx, file, "size", shard.size);
    write_int_attr(ctx, file, "half_komi", shard.half_komi);
    write_string_attr(ctx, file, "model_id", shard.model_id);
    write_string_attr(ctx, file, "config", shard.config);
    write_int_attr(ctx, file, "created_unix", shard.created_unix);

    const size_t p = shard.positions.size();
    std::vector<std::string> tps;
    std::vector<int64_t> game, policy_start;
    std::vector<int16_t> ply, moves_left;
    std::vector<uint8_t> full;
    std::vector<float> root_value, surprise, margin, probs;
    std::vector<int8_t> result, ownership;
    std::vector<int32_t> actions;
    for (const PositionRecord& r : shard.positions) {
      if (r.ownership.size() != area) ctx.fail("a position's ownership has the wrong size");
      if (r.policy_actions.size() != r.policy_probs.size()) ctx.fail("a position's policy arrays differ in length");
      tps.push_back(r.tps);
      game.push_back(r.game);
      ply.push_back(r.ply);
      full.push_back(r.full_search);
      root_value.push_back(r.root_value);
      surprise.push_back(r.policy_surprise);
      result.push_back(r.result);
      margin.push_back(r.flat_margin);
      moves_left.push_back(r.moves_left);
      ownership.insert(ownership.end(), r.ownership.begin(), r.ownership.end());
      policy_start.push_back(static_cast<int64_t>(actions.size()));
      actions.insert(actions.end(), r.policy_actions.begin(), r.policy_actions.end());
      probs.insert(probs.end(), r.policy_probs.begin(), r.policy_probs.end());
    }
    policy_start.push_back(static_cast<int64_t>(actions.size()));
    Handle positions(H5Gcreate2(file, "positions", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Gclose);
    write_strings(ctx, positions, "tps", tps);
    write_array(ctx, positions, "game", game, {p});
    write_array(ctx, positions, "ply", ply, {p});
    write_array(ctx, positions, "full_search", full, {p});
    write_array(ctx, positions, "root_value", root_value, {p});
    write_array(ctx, positions, "policy_surprise", surprise, {p});
    write_array(ctx, positions, "result", result, {p});
    write_array(ctx, positions, "flat_margin", margin, {p});
    write_array(ctx, positions, "moves_left", moves_left, {p});
    write_array(ctx, positions, "ownership", ownership, {p, area});
    write_array(ctx, positions, "policy_start", policy_start, {p + 1});
    Handle policy(H5Gcreate2(file, "policy", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Gclose);
    write_array(ctx, policy, "action", actions, {actions.size()});
    write_array(ctx, policy, "prob", probs, {probs.size()});

    std::vector<std::string> ptn, res, model;
    std::vector<int64_t> ids;
    std::vector<int16_t> lengths;
    std::vector<uint8_t> resigned;
    for (const GameRecordRow& g : shard.games) {
      ptn.push_back(g.ptn);
      res.push_back(g.result);
      ids.push_back(g.id);
      lengths.push_back(g.length);
      resigned.push_back(g.resigned);
      model.push_back(g.model_id);
    }
    Handle games(H5Gcreate2(file, "games", H5P_DEFAULT, H5P_DEFAULT, H5P_DEFAULT), H5Gclose);
    write_strings(ctx, games, "ptn", ptn);
    write_strings(ctx, games, "result", res);
    write_array(ctx, games, "id", ids, {ids.size()});
    write_array(ctx, games, "length", lengths, {lengths.size()});
    write_array(ctx, games, "resigned", resigned, {resigned.size()});
    write_strings(ctx, games, "model_id", model);
    ctx.check(H5Fflush(file, H5F_SCOPE_GLOBAL), "flush failed (disk full?)");
  }
  append_checksum_trailer(ctx, tmp);
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) ctx.fail("cannot rename " + tmp + " into place: " + ec.message());
}

Shard read_shard(const std::string& path) {
  silence_hdf5();
  const Context ctx{path};
  if (!std::filesystem::exists(path)) ctx.fail("no such file");
  check_checksum_trailer(ctx, path);
  if (H5Fis_hdf5(path.c_str()) <= 0) ctx.fail("not an HDF5 file (truncated or corrupt?)");
  Handle file(H5Fopen(path.c_str(), H5F_ACC_RDONLY, H5P_DEFAULT), H5Fclose);
  if (!file.ok()) ctx.fail("cannot open as HDF5 (truncated or corrupt?)");
  Shard s;
  const int64_t version = read_int_attr(ctx, file, "schema_version");
  if (version != kShardSchemaVersion)
    ctx.fail("schema version " + std::to_string(version) + ", this build reads " + std::to_string(kShardSchemaVersion));
  s.size = static_cast<int>(read_int_attr(ctx, file, "size"));
  if (s.size < 3 || s.size > 8) ctx.fail("board size " + std::to_string(s.size) + " is not 3..8");
  s.half_komi = static_cast<int>(read_int_attr(ctx, file, "half_komi"));
  s.model_id = read_string_attr(ctx, file, "model_id");
  s.config = read_string_attr(ctx, file, "config");
  s.created_unix = read_int_attr(ctx, file, "created_unix");
  const size_t area = static_cast<size_t>(s.size * s.size);

  Handle positions(H5Gopen2(file, "positions", H5P_DEFAULT), H5Gclose);
  if (!positions.ok()) ctx.fail("missing group /positions");
  const size_t p = row_count(ctx, positions, "tps");
  const auto tps = read_strings(ctx, positions, "tps", p);
  const auto game = read_array<int64_t>(ctx, positions, "game", p);
  const auto ply = read_array<int16_t>(ctx, positions, "ply", p);
  const auto full = read_array<uint8_t>(ctx, positions, "full_search", p);
  const auto root_value = read_array<float>(ctx, positions, "root_value", p);
  // Added after schema version 2's first shards: those have none and read as 0.
  const auto surprise = H5Lexists(positions, "policy_surprise", H5P_DEFAULT) > 0
                            ? read_array<float>(ctx, positions, "policy_surprise", p)
                            : std::vector<float>(p, 0.0f);
  const auto result = read_array<int8_t>(ctx, positions, "result", p);
  const auto margin = read_array<float>(ctx, positions, "flat_margin", p);
  const auto moves_left = read_array<int16_t>(ctx, positions, "moves_left", p);
  const auto ownership = read_array<int8_t>(ctx, positions, "ownership", p, area);
  const auto start = read_array<int64_t>(ctx, positions, "policy_start", p + 1);
  Handle policy(H5Gopen2(file, "policy", H5P_DEFAULT), H5Gclose);
  if (!policy.ok()) ctx.fail("missing group /policy");
  const auto actions = read_array<int32_t>(ctx, policy, "action", SIZE_MAX);
  const auto probs = read_array<float>(ctx, policy, "prob", actions.size());
  s.positions.resize(p);
  for (size_t i = 0; i < p; ++i) {
    PositionRecord& r = s.positions[i];
    r.tps = tps[i];
    r.game = game[i];
    r.ply = ply[i];
    r.full_search = full[i];
    r.root_value = root_value[i];
    r.policy_surprise = surprise[i];
    r.result = result[i];
    r.flat_margin = margin[i];
    r.moves_left = moves_left[i];
    r.ownership.assign(ownership.begin() + static_cast<std::ptrdiff_t>(i * area),
                       ownership.begin() + static_cast<std::ptrdiff_t>((i + 1) * area));
    const int64_t a = start[i], b = start[i + 1];
    if (a < 0 || b < a || static_cast<size_t>(b) > actions.size()) ctx.fail("policy_start is inconsistent");
    r.policy_actions.assign(actions.begin() + a, actions.begin() + b);
    r.policy_probs.assign(probs.begin() + a, probs.begin() + b);
  }
  Handle games(H5Gopen2(file, "games", H5P_DEFAULT), H5Gclose);
  if (!games.ok()) ctx.fail("missing group /games");
  const size_t g = row_count(ctx, games, "ptn");
  const auto ptn = read_strings(ctx, games, "ptn", g);
  const auto res = read_strings(ctx, games, "result", g);
  const auto ids = read_array<int64_t>(ctx, games, "id", g);
  const auto lengths = read_array<int16_t>(ctx, games, "length", g);
  const auto resigned = read_array<uint8_t>(ctx, games, "resigned", g);
  const auto model = read_strings(ctx, games, "model_id", g);
  s.games.resize(g);
  for (size_t i = 0; i < g; ++i) s.games[i] = {ptn[i], res[i], ids[i], lengths[i], resigned[i], model[i]};
  for (const PositionRecord& r : s.positions)
    if (r.game < 0 || static_cast<size_t>(r.game) >= g) ctx.fail("a position points at a game that is not there");
  return s;
}

std::vector<std::string> list_shards(const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  if (!std::filesystem::is_directory(dir, ec)) return out;
  for (const auto& entry : std::filesystem::directory_iterator(dir, ec)) {
    const std::string name = entry.path().filename().string();
    if (entry.is_regular_file() && name.size() > 3 && name.compare(name.size() - 3, 3, ".h5") == 0)
      out.push_back(entry.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace bredon
