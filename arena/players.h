// Players for matches and evaluation: a uniformly random player, a search with any evaluator at
// a playout budget (network, heuristic or random rollouts), and the exported bot at one of its
// levels. Players are built from their text names by arena/player_factory.h.
#pragma once

#include <cstdint>
#include <memory>
#include <random>
#include <string>

#include "search/bot_search.h"
#include "search/evaluator.h"
#include "search/search.h"
#include "search/solver.h"

namespace bredon {

class Player {
 public:
  virtual ~Player() = default;
  virtual std::string name() const = 0;
  virtual void new_game(const Position& /*start*/) {}
  // A legal move for a position whose game is not over.
  virtual Move choose(const Position& pos) = 0;
};

class RandomPlayer : public Player {
 public:
  explicit RandomPlayer(uint64_t seed) : rng_(seed) {}
  std::string name() const override { return "random"; }
  Move choose(const Position& pos) override;

 private:
  std::mt19937_64 rng_;
};

// Search with any evaluator, a fixed number of playouts a move, no exploration noise. A match
// between two of these plays all its games at once with their leaves batched (arena/match.h).
class SearchPlayer : public Player {
 public:
  SearchPlayer(std::string name, Evaluator& evaluator, const SearchConfig& config, int simulations, uint64_t seed);
  std::string name() const override { return name_; }
  Move choose(const Position& pos) override;

  Evaluator& evaluator() const { return evaluator_; }
  const SearchConfig& config() const { return config_; }
  int simulations() const { return simulations_; }
  uint64_t seed() const { return seed_; }

 private:
  std::string name_;
  Evaluator& evaluator_;
  SearchConfig config_;
  int simulations_;
  uint64_t seed_;
  Search search_;
};

// The exported bot at a level (search/bot_search.h), given a fixed time a move: what `bredon
// tei`, `bredon play` and the web page play.
class LevelPlayer : public Player {
 public:
  LevelPlayer(std::string name, Evaluator& evaluator, Level level, int64_t move_time_ms, uint64_t seed)
      : name_(std::move(name)),
        evaluator_(evaluator),
        level_(level),
        move_time_ms_(move_time_ms),
        seed_(seed),
        thinker_(seed) {}
  std::string name() const override { return name_; }
  Move choose(const Position& pos) override;

 private:
  std::string name_;
  Evaluator& evaluator_;
  Level level_;
  int64_t move_time_ms_;
  uint64_t seed_;
  Thinker thinker_;  // keeps the tree within a game; a new game's position starts a new one
};

// The exact solver as an opponent (meant for 3x3 and endgames): within `plies` plies it plays
// the quickest forced win when it has one and the longest defence when it is lost; when neither
// side forces a win it plays a random move (seeded) among those that give the opponent no
// forced win within the horizon. `max_nodes` bounds each move's proof.
class SolverPlayer : public Player {
 public:
  SolverPlayer(int plies, int64_t max_nodes, uint64_t seed)
      : plies_(plies), max_nodes_(max_nodes), rng_(seed), solver_(256) {}
  std::string name() const override { return "solver:" + std::to_string(plies_); }
  Move choose(const Position& pos) override;

 private:
  int plies_;
  int64_t max_nodes_;
  std::mt19937_64 rng_;
  Solver solver_;  // its table is kept from move to move: the next position's proofs reuse it
};

}  // namespace bredon
