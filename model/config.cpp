#include "model/config.h"

#include <yaml-cpp/yaml.h>

#include <fstream>
#include <set>
#include <sstream>

#include "core/ptn_game.h"
#include "core/types.h"

namespace bredon {
namespace {

// Reads one YAML mapping, remembering which keys were read so the rest can be reported.
class Section {
 public:
  Section(const YAML::Node& node, std::string path, std::string source)
      : node_(node), path_(std::move(path)), source_(std::move(source)) {
    if (node_ && !node_.IsNull() && !node_.IsMap()) fail(path_, "must be a mapping of keys to values");
  }

  [[noreturn]] void fail(const std::string& key, const std::string& problem) const {
    throw ConfigError("config " + source_ + ": " + key + ": " + problem);
  }
  std::string name(const std::string& key) const { return path_.empty() ? key : path_ + "." + key; }

  YAML::Node child(const std::string& key) {
    seen_.insert(key);
    // Const lookups: a missing key gives an undefined node instead of inserting one.
    const YAML::Node& node = node_;
    if (!node || !node.IsMap()) return YAML::Node(YAML::NodeType::Undefined);
    return node[key];
  }

  int get_int(const std::string& key, int fallback, int lo, int hi) {
    const YAML::Node v = child(key);
    if (!v) return fallback;
    long long x = 0;
    try {
      if (!v.IsScalar()) throw YAML::Exception(YAML::Mark(), "");
      const std::string text = v.Scalar();
      size_t used = 0;
      x = std::stoll(text, &used);
      if (used != text.size()) throw std::invalid_argument(text);
    } catch (const std::exception&) {
      fail(name(key), "expected a whole number, got '" + (v.IsScalar() ? v.Scalar() : std::string("a list or map")) + "'");
    }
    if (x < lo || x > hi)
      fail(name(key), std::to_string(x) + " is outside the allowed range " + std::to_string(lo) + ".." + std::to_string(hi));
    return static_cast<int>(x);
  }

  bool get_bool(const std::string& key, bool fallback) {
    const YAML::Node v = child(key);
    if (!v) return fallback;
    if (v.IsScalar()) {
      const std::string t = v.Scalar();
      if (t == "true" || t == "yes" || t == "on") return true;
      if (t == "false" || t == "no" || t == "off") return false;
    }
    fail(name(key), "expected true or false");
  }

  std::string get_string(const std::string& key, const std::string& fallback) {
    const YAML::Node v = child(key);
    if (!v) return fallback;
    if (!v.IsScalar()) fail(name(key), "expected a single value");
    return v.Scalar();
  }

  void reject_unknown() const {
    if (!node_ || !node_.IsMap()) return;
    for (const auto& kv : node_) {
      const std::string key = kv.first.as<std::string>();
      if (!seen_.count(key)) fail(name(key), "unknown key");
    }
  }

 private:
  YAML::Node node_;
  std::string path_, source_;
  std::set<std::string> seen_;
};

uint64_t fnv1a(const std::string& text) {
  uint64_t h = 1469598103934665603ULL;
  for (unsigned char c : text) h = (h ^ c) * 1099511628211ULL;
  return h;
}

}  // namespace

Config parse_config(const std::string& yaml_text, const std::string& source_name) {
  YAML::Node root;
  try {
    root = YAML::Load(yaml_text);
  } catch (const YAML::Exception& e) {
    throw ConfigError("config " + source_name + ": not valid YAML: " + e.what());
  }
  if (root && !root.IsNull() && !root.IsMap())
    throw ConfigError("config " + source_name + ": the top level must be a mapping (game:, model:, ...)");
  Config cfg;
  cfg.source = source_name;
  cfg.hash = fnv1a(yaml_text);
  Section top(root, "", source_name);

  Section game(top.child("game"), "game", source_name);
  cfg.game.size = game.get_int("size", cfg.game.size, kMinSize, kMaxSize);
  const std::string komi = game.get_string("komi", "0");
  try {
    cfg.game.half_komi = parse_komi(komi);
  } catch (const std::exception&) {
    game.fail("game.komi", "'" + komi + "' is not a whole or half number of points");
  }
  if (cfg.game.half_komi < -2 * cfg.game.size * cfg.game.size || cfg.game.half_komi > 2 * cfg.game.size * cfg.game.size)
    game.fail("game.komi", "komi larger than the board has squares");
  game.reject_unknown();

  Section model(top.child("model"), "model", source_name);
  ModelConfig& m = cfg.model;
  m.blocks = model.get_int("blocks", m.blocks, 0, 64);
  m.channels = model.get_int("channels", m.channels, 4, 1024);
  m.policy_channels = model.get_int("policy_channels", m.policy_channels, 1, 1024);
  m.value_channels = model.get_int("value_channels", m.value_channels, 1, 1024);
  m.value_hidden = model.get_int("value_hidden", m.value_hidden, 1, 4096);
  m.gpool_every = model.get_int("gpool_every", m.gpool_every, 0, 64);
  m.ownership_head = model.get_bool("ownership_head", m.ownership_head);
  model.reject_unknown();

  top.reject_unknown();
  return cfg;
}

Config load_config(const std::string& path) {
  std::ifstream in(path);
  if (!in) throw ConfigError("config " + path + ": cannot open the file");
  std::stringstream ss;
  ss << in.rdbuf();
  return parse_config(ss.str(), path);
}

}  // namespace bredon
