#include "util/run_files.h"

#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <system_error>

namespace bredon {

std::string read_text(const std::string& path) {
  std::ifstream in(path);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

namespace {
// Between a file's name and the writer's `<pid>-<n>`: unique_temp_path writes it, the sweep reads it.
constexpr char kTempMarker[] = ".tmp.";
}  // namespace

std::string unique_temp_path(const std::string& path) {
  static std::atomic<uint64_t> calls{0};
  return path + kTempMarker + std::to_string(getpid()) + "-" + std::to_string(calls++);
}

void write_text_atomic(const std::string& path, const std::string& text) {
  const std::string tmp = unique_temp_path(path);
  {
    std::ofstream out(tmp, std::ios::trunc);
    out << text;
    out.flush();
    if (!out) {
      // The non-throwing remove: a failure to tidy up must not hide the error below.
      std::error_code ignored;
      std::filesystem::remove(tmp, ignored);
      throw std::runtime_error("cannot write " + tmp + " (disk full or no permission?)");
    }
  }
  std::error_code ec;
  std::filesystem::rename(tmp, path, ec);
  if (ec) {
    std::error_code ignored;
    std::filesystem::remove(tmp, ignored);
    throw std::runtime_error("cannot rename " + tmp + " to " + path + ": " + ec.message());
  }
}

namespace {

// `<name>.tmp.<pid>-<n>`, as unique_temp_path makes them (and nothing a person would name a file).
bool is_temp_name(const std::string& name) {
  const size_t at = name.rfind(kTempMarker);
  if (at == std::string::npos || at == 0) return false;
  const std::string tail = name.substr(at + sizeof(kTempMarker) - 1);
  const size_t dash = tail.find('-');
  const auto digits = [](const std::string& s) {
    return !s.empty() && std::all_of(s.begin(), s.end(), [](unsigned char c) { return std::isdigit(c) != 0; });
  };
  return dash != std::string::npos && digits(tail.substr(0, dash)) && digits(tail.substr(dash + 1));
}

}  // namespace

int remove_stale_temp_files(const std::string& dir, std::chrono::seconds older_than) {
  namespace fs = std::filesystem;
  const auto cutoff = fs::file_time_type::clock::now() - older_than;
  int removed = 0;
  std::error_code ec;  // a missing folder has nothing to sweep
  for (const auto& entry : fs::directory_iterator(dir, ec)) {
    std::error_code ignored;  // another role may remove the same file first: not an error
    if (!entry.is_regular_file(ignored) || !is_temp_name(entry.path().filename().string())) continue;
    const auto written = entry.last_write_time(ignored);
    if (!ignored && written < cutoff && fs::remove(entry.path(), ignored)) ++removed;
  }
  return removed;
}

void append_line(const std::string& path, const std::string& line) {
  std::ofstream out(path, std::ios::app);
  out << line << "\n";
  out.flush();
}

}  // namespace bredon
