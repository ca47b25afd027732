// Command-line flags for the subcommands: `--name value` pairs and bare `--flag`s. Every flag a
// subcommand does not read is reported as unknown, so typos never pass silently.
#pragma once

#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

namespace bredon::cli {

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Args {
 public:
  // `flags` names the options that take no value.
  Args(const std::vector<std::string>& argv, const std::set<std::string>& flags);

  bool has(const std::string& name);
  std::string get(const std::string& name, const std::string& fallback);
  std::string require(const std::string& name);
  long long get_int(const std::string& name, long long fallback, long long lo, long long hi);
  double get_double(const std::string& name, double fallback);
  const std::vector<std::string>& positional() const { return positional_; }
  // Throws UsageError naming any option that was given but never read.
  void reject_unused() const;

 private:
  std::map<std::string, std::string> values_;
  std::set<std::string> used_;
  std::vector<std::string> positional_;
};

}  // namespace bredon::cli
