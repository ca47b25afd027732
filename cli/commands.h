// One function per `bredon <verb>`, each in its own file.
#pragma once

#include <string>
#include <vector>

namespace bredon::cli {

int run_perft(const std::vector<std::string>& args);
int run_bench(const std::vector<std::string>& args);

}  // namespace bredon::cli
