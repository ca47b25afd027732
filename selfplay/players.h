// Players for matches and evaluation: network + search at a playout budget, a model-free
// baseline (MCTS whose leaf values come from random playouts), and a uniformly random player.
#pragma once

#include <memory>
#include <random>
#include <string>

#include "selfplay/evaluator.h"
#include "selfplay/search.h"

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

// Search with any evaluator, one position at a time (no exploration noise).
class SearchPlayer : public Player {
 public:
  SearchPlayer(std::string name, Evaluator& evaluator, const SearchConfig& config, int simulations, uint64_t seed);
  std::string name() const override { return name_; }
  void new_game(const Position& start) override;
  Move choose(const Position& pos) override;
  const Search& search() const { return search_; }

 private:
  std::string name_;
  Evaluator& evaluator_;
  int simulations_;
  Search search_;
  bool fresh_ = true;
};

// Leaf value from random playouts (uniform priors): the classic model-free MCTS baseline.
class RolloutEvaluator : public Evaluator {
 public:
  RolloutEvaluator(uint64_t seed, int rollouts_per_leaf = 1) : rng_(seed), rollouts_(rollouts_per_leaf) {}
  void evaluate(const std::vector<EvalRequest>& requests, std::vector<EvalResult>& results) override;

 private:
  std::mt19937_64 rng_;
  int rollouts_;
};

}  // namespace bredon
