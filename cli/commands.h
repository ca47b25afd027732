// One function per `bredon <verb>`, each in its own file.
#pragma once

#include <string>
#include <vector>

namespace bredon::cli {

int run_perft(const std::vector<std::string>& args);
int run_bench(const std::vector<std::string>& args);

class Args;
// `bredon bench nn --config <yaml>` (bench_nn.cpp).
int bench_nn(Args& args);

}  // namespace bredon::cli
