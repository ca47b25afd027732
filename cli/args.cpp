#include "cli/args.h"

#include <cstdlib>

namespace bredon::cli {

Args::Args(const std::vector<std::string>& argv, const std::set<std::string>& flags) {
  for (size_t i = 0; i < argv.size(); ++i) {
    const std::string& a = argv[i];
    if (a.rfind("--", 0) != 0) {
      positional_.push_back(a);
      continue;
    }
    std::string name = a.substr(2), value;
    const size_t eq = name.find('=');
    if (eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    } else if (flags.count(name)) {
      value = "1";
    } else {
      if (i + 1 >= argv.size()) throw UsageError("option --" + name + " needs a value");
      value = argv[++i];
    }
    if (values_.count(name)) throw UsageError("option --" + name + " is given twice");
    values_[name] = value;
  }
}

bool Args::has(const std::string& name) {
  used_.insert(name);
  return values_.count(name) > 0;
}

std::string Args::get(const std::string& name, const std::string& fallback) {
  used_.insert(name);
  auto it = values_.find(name);
  return it == values_.end() ? fallback : it->second;
}

std::string Args::require(const std::string& name) {
  used_.insert(name);
  auto it = values_.find(name);
  if (it == values_.end()) throw UsageError("option --" + name + " is required");
  return it->second;
}

long long Args::get_int(const std::string& name, long long fallback, long long lo, long long hi) {
  const std::string v = get(name, "");
  if (v.empty()) return fallback;
  char* end = nullptr;
  const long long x = std::strtoll(v.c_str(), &end, 10);
  if (end == v.c_str() || *end != '\0') throw UsageError("option --" + name + ": '" + v + "' is not a whole number");
  if (x < lo || x > hi)
    throw UsageError("option --" + name + ": " + v + " is outside " + std::to_string(lo) + ".." + std::to_string(hi));
  return x;
}

double Args::get_double(const std::string& name, double fallback) {
  const std::string v = get(name, "");
  if (v.empty()) return fallback;
  char* end = nullptr;
  const double x = std::strtod(v.c_str(), &end);
  if (end == v.c_str() || *end != '\0') throw UsageError("option --" + name + ": '" + v + "' is not a number");
  return x;
}

void Args::reject_unused() const {
  for (const auto& [k, v] : values_)
    if (!used_.count(k)) throw UsageError("unknown option --" + k);
}

}  // namespace bredon::cli
