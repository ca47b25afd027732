// `bredon <subcommand> [options]`: the one executable. Each subcommand lives in its own file.
#include <spdlog/spdlog.h>

#include <cstdio>
#include <exception>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include "cli/args.h"
#include "cli/commands.h"
#include "core/error.h"
#include "model/checkpoint.h"
#include "model/config.h"
#include "selfplay/shard.h"

namespace {

void print_usage() {
  std::fputs(
      "usage: bredon <command> [options]\n"
      "\n"
      "commands:\n"
      "  perft --size N [--tps \"<TPS>\"] [--komi K] --depth D [--divide]\n"
      "        count move paths (a finished game counts 0 below it)\n"
      "  bench perft [--quick]\n"
      "        perft speed on the 5x5 start (depth 6) and the 6x6 start (depth 5)\n"
      "  train --config <yaml> [--run-dir DIR] [--seed S]\n"
      "        self-play -> train -> checkpoint -> evaluate until the budget; resumable\n"
      "  tei [--model <bot file>] [--level easy|medium|hard]\n"
      "        the engine protocol on stdin/stdout, for Racetrack and other Tak tools\n"
      "  match --a <player> --b <player> [--games N] [--size N] [--komi K] [--out F.ptn] [--sprt e0,e1]\n"
      "        games between two players (random, baseline[:n], heuristic[:n], <checkpoint>[:n])\n"
      "  play [--model <bot file>] [--size N] [--color white|black] [--komi K] [--level L] [--out F.ptn]\n"
      "        play the bot in the terminal\n"
      "  export --run-dir DIR [--out FILE]\n"
      "        the run's latest network as one bot file for tei\n"
      "  selfplay --model <checkpoint|random> --games N --out DIR [--config <yaml>] [--seed S]\n"
      "        self-play games written as HDF5 shards\n"
      "  bench selfplay [--config <yaml>] [--games N]\n"
      "        self-play network evaluations/s against the raw network at the same batch size\n"
      "  bench train [--config <yaml>] [--seconds S]\n"
      "        training samples/s against the raw forward+backward step of the same network\n"
      "  bench tactics [--model <bot file>] [--ms T] [--dir DIR]\n"
      "        the shared tactical positions through the bot, T ms each\n"
      "  bench nn --config <yaml> [--batches 1,2,..] [--threads 1,2] [--seconds S]\n"
      "        raw network positions/s and GFLOP/s against the machine's peak\n",
      stdout);
}

}  // namespace

int main(int argc, char** argv) {
  using namespace bredon::cli;
  const std::map<std::string, std::function<int(const std::vector<std::string>&)>> commands = {
      {"perft", run_perft},
      {"bench", run_bench},
      {"selfplay", run_selfplay},
      {"train", run_train},
      {"tei", run_tei},
      {"export", run_export},
      {"match", run_match},
      {"play", run_play},
  };
  if (argc < 2 || std::string(argv[1]) == "--help" || std::string(argv[1]) == "help") {
    print_usage();
    return argc < 2 ? 2 : 0;
  }
  const auto it = commands.find(argv[1]);
  if (it == commands.end()) {
    spdlog::error("unknown command '{}'; run 'bredon --help' for the list", argv[1]);
    return 2;
  }
  try {
    return it->second(std::vector<std::string>(argv + 2, argv + argc));
  } catch (const UsageError& e) {
    spdlog::error("bredon {}: {}", argv[1], e.what());
    return 2;
  } catch (const bredon::ConfigError& e) {
    spdlog::error("{}", e.what());
    return 2;
  } catch (const bredon::CheckpointError& e) {
    spdlog::error("{}", e.what());
    return 2;
  } catch (const bredon::ShardError& e) {
    spdlog::error("{}", e.what());
    return 2;
  } catch (const bredon::ParseError& e) {
    spdlog::error("bredon {}: {}", argv[1], e.what());
    return 2;
  } catch (const std::exception& e) {
    spdlog::error("bredon {}: {}", argv[1], e.what());
    return 1;
  }
}
