#include "util/yaml_section.h"

#include <cmath>

namespace bredon {

YamlSection::YamlSection(const YAML::Node& node, std::string path, std::string source)
    : node_(node), path_(std::move(path)), source_(std::move(source)) {
  if (node_ && !node_.IsNull() && !node_.IsMap()) fail(path_, "must be a mapping of keys to values");
  // YAML forbids a key twice in one mapping; yaml-cpp keeps both, so the later one would be
  // silently ignored.
  std::set<std::string> keys;
  if (node_ && node_.IsMap())
    for (const auto& kv : node_) {
      if (!kv.first.IsScalar()) fail(path_.empty() ? "(top level)" : path_, "a key must be a plain name, not a list or map");
      if (!keys.insert(kv.first.Scalar()).second) fail(name(kv.first.Scalar()), "given twice in the same section");
    }
}

void YamlSection::fail(const std::string& key, const std::string& problem) const {
  throw ConfigError("config " + source_ + ": " + key + ": " + problem);
}

YAML::Node YamlSection::child(const std::string& key) {
  seen_.insert(key);
  // Const lookups: a missing key gives an undefined node instead of inserting one.
  const YAML::Node& node = node_;
  if (!node || !node.IsMap()) return YAML::Node(YAML::NodeType::Undefined);
  return node[key];
}

int YamlSection::get_int(const std::string& key, int fallback, int lo, int hi) {
  const YAML::Node v = child(key);
  if (!v) return fallback;
  long long x = 0;
  bool ok = v.IsScalar();
  if (ok) {
    try {
      size_t used = 0;
      x = std::stoll(v.Scalar(), &used);
      ok = used == v.Scalar().size();
    } catch (const std::exception&) {
      ok = false;
    }
  }
  if (!ok)
    fail(name(key),
         "expected a whole number, got '" + (v.IsScalar() ? v.Scalar() : std::string("a list or map")) + "'");
  if (x < lo || x > hi)
    fail(name(key),
         std::to_string(x) + " is outside the allowed range " + std::to_string(lo) + ".." + std::to_string(hi));
  return static_cast<int>(x);
}

double YamlSection::get_double(const std::string& key, double fallback, double lo, double hi) {
  const YAML::Node v = child(key);
  if (!v) return fallback;
  double x = 0;
  bool ok = v.IsScalar();
  if (ok) {
    try {
      size_t used = 0;
      x = std::stod(v.Scalar(), &used);
      ok = used == v.Scalar().size();
    } catch (const std::exception&) {
      ok = false;
    }
  }
  if (!ok)
    fail(name(key), "expected a number, got '" + (v.IsScalar() ? v.Scalar() : std::string("a list or map")) + "'");
  if (!std::isfinite(x)) fail(name(key), "expected a finite number, got '" + v.Scalar() + "'");
  if (x < lo || x > hi)
    fail(name(key), v.Scalar() + " is outside the allowed range " + std::to_string(lo) + ".." + std::to_string(hi));
  return x;
}

bool YamlSection::get_bool(const std::string& key, bool fallback) {
  const YAML::Node v = child(key);
  if (!v) return fallback;
  if (v.IsScalar()) {
    const std::string t = v.Scalar();
    if (t == "true" || t == "yes" || t == "on") return true;
    if (t == "false" || t == "no" || t == "off") return false;
  }
  fail(name(key), "expected true or false");
}

std::string YamlSection::get_string(const std::string& key, const std::string& fallback) {
  const YAML::Node v = child(key);
  if (!v) return fallback;
  if (!v.IsScalar()) fail(name(key), "expected a single value");
  return v.Scalar();
}

std::string YamlSection::get_choice(const std::string& key, const std::string& fallback,
                                    const std::set<std::string>& choices) {
  const std::string v = get_string(key, fallback);
  if (!choices.count(v)) {
    std::string list;
    for (const auto& c : choices) list += (list.empty() ? "" : ", ") + c;
    fail(name(key), "'" + v + "' is not one of: " + list);
  }
  return v;
}

void YamlSection::reject_unknown() const {
  if (!node_ || !node_.IsMap()) return;
  for (const auto& kv : node_) {
    const std::string key = kv.first.Scalar();  // every key is a scalar: the constructor checked
    if (!seen_.count(key)) fail(name(key), "unknown key");
  }
}

}  // namespace bredon
