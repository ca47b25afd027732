// How the exported bot thinks about one move, shared by `bredon tei` and `bredon play`: an
// anytime PUCT search with the network (or the model-free heuristic) that stops on a time or
// node budget or a stop flag. Levels: easy samples a move from one evaluation's softened policy,
// medium plays that policy's favourite move (one evaluation), hard searches the whole budget.
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "core/position.h"
#include "search/evaluator.h"

namespace bredon {

enum class Level { Easy, Medium, Hard };
Level parse_level(const std::string& text);  // throws std::invalid_argument
std::string level_name(Level level);

struct ThinkInfo {
  int64_t nodes = 0;
  int64_t time_ms = 0;
  float value = 0;  // for the side to move
  std::vector<Move> pv;
};

// time_ms < 0: no time limit; nodes < 0: no node limit (one of them, or `stop`, must end it).
Move think(const Position& pos, Evaluator& evaluator, Level level, int64_t time_ms, int64_t nodes,
           const std::atomic<bool>* stop, uint64_t seed, const std::function<void(const ThinkInfo&)>& on_info);

// Centipawn-like score from a value in [-1, 1] (lc0's mapping), for clients that want `cp`.
int centipawns(float value);

}  // namespace bredon
