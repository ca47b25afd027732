// `bredon <command> [options]`: the one executable. Each command declares its options in its own
// file (cli/commands.h); errors in the input get one line naming it and exit status 2.
#include <spdlog/sinks/stdout_color_sinks.h>
#include <spdlog/spdlog.h>

#include <exception>
#include <string>

#include "cli/commands.h"
#include "core/error.h"
#include "data/shard.h"
#include "model/checkpoint_file.h"
#include "nn/device_error.h"
#include "util/yaml_section.h"

int main(int argc, char** argv) {
  using namespace bredon::cli;
  // Logs and errors go to stderr: stdout carries results and, for `bredon tei`, the protocol.
  spdlog::set_default_logger(spdlog::stderr_color_mt("bredon"));
  spdlog::set_pattern("[%Y-%m-%d %H:%M:%S.%e] [%l] %v");
  CLI::App app("bredon: learns to play Tak from nothing, and plays it", "bredon");
  app.require_subcommand(1);
  app.failure_message(CLI::FailureMessage::help);
  int exit_code = 0;
  add_perft_command(app, exit_code);
  add_solve_command(app, exit_code);
  add_bench_command(app, exit_code);
  add_train_command(app, exit_code);
  add_tei_command(app, exit_code);
  add_match_command(app, exit_code);
  add_play_command(app, exit_code);
  add_serve_command(app, exit_code);
  add_export_command(app, exit_code);
  add_selfplay_command(app, exit_code);
  add_elo_command(app, exit_code);
  const std::string command = argc > 1 ? argv[1] : "";
  try {
    app.parse(argc, argv);  // runs the chosen command's callback
    return exit_code;
  } catch (const CLI::ParseError& e) {
    if (e.get_exit_code() == 0) return app.exit(e);  // --help: the help of the command asked about
    spdlog::error("bredon {}: {} (see bredon {}--help)", command, e.what(), command.empty() ? "" : command + " ");
    return 2;
  } catch (const UsageError& e) {
    spdlog::error("bredon {}: {}", command, e.what());
    return 2;
  } catch (const bredon::ConfigError& e) {
    spdlog::error("{}", e.what());
    return 2;
  } catch (const bredon::CheckpointError& e) {
    spdlog::error("{}", e.what());
    return 2;
  } catch (const bredon::DeviceError& e) {
    spdlog::error("{}", e.what());
    return 2;
  } catch (const bredon::ShardError& e) {
    spdlog::error("{}", e.what());
    return 2;
  } catch (const bredon::ParseError& e) {
    spdlog::error("bredon {}: {}", command, e.what());
    return 2;
  } catch (const std::invalid_argument& e) {
    spdlog::error("bredon {}: {}", command, e.what());
    return 2;
  } catch (const std::exception& e) {
    spdlog::error("bredon {}: {}", command, e.what());
    return 1;
  }
}
