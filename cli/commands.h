// Each `bredon <verb>` declares its own options (type, range, help text) with CLI11 and registers
// itself on the application; `bredon --help` and `bredon <verb> --help` come from these
// declarations, and tests/cli/readme_commands_test.py checks README's command table against them.
#pragma once

#include <CLI/CLI.hpp>

#include <stdexcept>

namespace bredon::cli {

// A command line that parses but cannot be carried out (say, two options that disagree).
class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Each adds one subcommand to `app`; its callback runs the command and stores the exit code.
void add_perft_command(CLI::App& app, int& exit_code);
void add_solve_command(CLI::App& app, int& exit_code);
void add_bench_command(CLI::App& app, int& exit_code);
void add_selfplay_command(CLI::App& app, int& exit_code);
void add_elo_command(CLI::App& app, int& exit_code);
void add_train_command(CLI::App& app, int& exit_code);
void add_tei_command(CLI::App& app, int& exit_code);
void add_export_command(CLI::App& app, int& exit_code);
void add_match_command(CLI::App& app, int& exit_code);
void add_play_command(CLI::App& app, int& exit_code);
void add_serve_command(CLI::App& app, int& exit_code);

// The benchmarks, subcommands of `bredon bench` (bench_<name>.cpp).
void add_bench_nn(CLI::App& bench, int& exit_code);
void add_bench_selfplay(CLI::App& bench, int& exit_code);
void add_bench_train(CLI::App& bench, int& exit_code);
void add_bench_tactics(CLI::App& bench, int& exit_code);
void add_bench_think(CLI::App& bench, int& exit_code);
void add_bench_oracle(CLI::App& bench, int& exit_code);
void add_bench_serve(CLI::App& bench, int& exit_code);
void add_bench_strength(CLI::App& bench, int& exit_code);

}  // namespace bredon::cli
