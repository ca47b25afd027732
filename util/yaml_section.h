// Strict reading of one YAML mapping: every key read is remembered so that the rest can be
// reported as unknown, and every value is checked for type and range. Each module reads its own
// section of the run configuration with it (model/config.cpp, search/search_config.cpp,
// selfplay/selfplay_config.cpp, config/run_config.cpp).
#pragma once

#include <yaml-cpp/yaml.h>

#include <set>
#include <stdexcept>
#include <string>

namespace bredon {

// A configuration that cannot be used: the message names the file, the key and the problem.
class ConfigError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class YamlSection {
 public:
  YamlSection(const YAML::Node& node, std::string path, std::string source);

  [[noreturn]] void fail(const std::string& key, const std::string& problem) const;
  std::string name(const std::string& key) const { return path_.empty() ? key : path_ + "." + key; }
  YAML::Node child(const std::string& key);
  YamlSection section(const std::string& key) { return YamlSection(child(key), name(key), source_); }

  int get_int(const std::string& key, int fallback, int lo, int hi);
  double get_double(const std::string& key, double fallback, double lo, double hi);
  bool get_bool(const std::string& key, bool fallback);
  std::string get_string(const std::string& key, const std::string& fallback);
  // One of `choices`.
  std::string get_choice(const std::string& key, const std::string& fallback, const std::set<std::string>& choices);
  void reject_unknown() const;

 private:
  YAML::Node node_;
  std::string path_, source_;
  std::set<std::string> seen_;
};

}  // namespace bredon
