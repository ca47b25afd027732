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
// `bredon bench selfplay [--config <yaml>] [--games N]` (bench_selfplay.cpp).
int bench_selfplay(Args& args);
// `bredon bench train [--config <yaml>] [--seconds S]` (bench_train.cpp).
int bench_train(Args& args);
// `bredon bench tactics [--model <bot>] [--ms T]` (bench_tactics.cpp).
int bench_tactics(Args& args);

int run_selfplay(const std::vector<std::string>& args);
int run_train(const std::vector<std::string>& args);
int run_tei(const std::vector<std::string>& args);
int run_export(const std::vector<std::string>& args);
int run_match(const std::vector<std::string>& args);
int run_play(const std::vector<std::string>& args);

}  // namespace bredon::cli
