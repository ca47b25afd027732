// The self-play section of the run configuration.
#pragma once

#include <cstdint>

namespace bredon {

struct SelfPlayConfig {
  int parallel_games = 64;             // games advanced together; their leaves form one network batch
  int full_simulations = 32;           // playouts of a full search, whose policy is a training target
  int cheap_simulations = 8;           // playouts of a cheap search (playout cap randomisation)
  double full_search_fraction = 0.25;  // share of moves that get the full search
  int random_opening_plies = 2;        // first plies played uniformly at random, so games differ
  int temperature_plies = 8;           // PUCT only: plies whose move is sampled by visit counts
  double resign_threshold = -0.95;     // resign when the search value falls below this (-1: never)
  double no_resign_fraction = 0.1;     // share of games never resigned, to measure false resignations
  int max_plies = 0;                   // adjudicate a draw after this many plies (0: 10 x squares)
  int workers = 2;                     // self-play threads, each with its own batch and network stream
  int eval_threads = 1;                // LibTorch intra-op threads per worker (0: all cores)
};

class YamlSection;
SelfPlayConfig read_selfplay_section(YamlSection& section);

}  // namespace bredon
