// Small file helpers for the run directory: whole-file reads, atomic rewrites, appended lines.
#pragma once

#include <chrono>
#include <string>

namespace bredon {

std::string read_text(const std::string& path);
// A temporary name beside `path` that no other process or call uses: roles of one run (a trainer
// and its workers on a shared disk) write the same files at start-up, and a shared `path.tmp`
// would let one rename another's half-written file, or find its own already gone.
std::string unique_temp_path(const std::string& path);
// Writes a whole file under a temporary name, then renames it: a kill leaves old or new, never half.
void write_text_atomic(const std::string& path, const std::string& text);
// Removes the temporary files (`<name>.tmp.<pid>-<n>`) in `dir` that a killed process left, and
// returns how many. Age, not the pid, tells them apart from a write in progress, because on a
// cluster the pid may belong to another node: no write takes anywhere near `older_than`.
int remove_stale_temp_files(const std::string& dir, std::chrono::seconds older_than);
// Appends one line and flushes it (a kill can lose at most a partial last line; readers skip it).
void append_line(const std::string& path, const std::string& line);

}  // namespace bredon
