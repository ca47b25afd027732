// Small file helpers for the run directory: whole-file reads, atomic rewrites, appended lines.
#pragma once

#include <string>

namespace bredon {

std::string read_text(const std::string& path);
// Writes a whole file under a temporary name, then renames it: a kill leaves old or new, never half.
void write_text_atomic(const std::string& path, const std::string& text);
// Appends one line and flushes it (a kill can lose at most a partial last line; readers skip it).
void append_line(const std::string& path, const std::string& line);

}  // namespace bredon
