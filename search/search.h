// Monte Carlo tree search for one game, driven from outside so that many games can share one
// network batch (the tree never calls the network; see selfplay.h for the driver):
//
//   search.begin(budget);
//   while (search.step() == Search::Step::NeedsEval) {
//     ... evaluate search.request() with the other games' requests ...
//     search.provide(result);
//   }
//   Move m = search.chosen_move();  search.advance(m);
//
// Two root algorithms, chosen by SearchConfig::algorithm:
// - Gumbel (default; DeepMind's mctx): Gumbel-top-k sampling of root moves, sequential halving
//   over them, deterministic interior selection, and the improved policy target
//   softmax(logits + sigma(completed Q)). It improves the policy even with 2-16 simulations.
// - PUCT (AlphaZero) with first-play urgency and Dirichlet noise at the root.
// The subtree of the move played is kept for the next search.
#pragma once

#include <cstdint>
#include <deque>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "core/position.h"
#include "search/evaluator.h"

namespace bredon {

enum class SearchAlgorithm { Gumbel, Puct };

struct SearchConfig {
  SearchAlgorithm algorithm = SearchAlgorithm::Gumbel;
  int gumbel_considered = 16;    // Gumbel: root moves sampled for sequential halving (m)
  float gumbel_c_visit = 50.0f;  // Gumbel: sigma(q) = (c_visit + max N) * c_scale * q
  float gumbel_c_scale = 0.1f;
  float c_puct = 1.25f;                 // PUCT: exploration constant
  float fpu_reduction = 0.2f;           // PUCT: unvisited children start at parent Q minus this
                                        // (negative: optimistic, every move gets a first visit)
  float dirichlet_total_alpha = 10.0f;  // PUCT: root noise, alpha per move = this / legal moves (KataGo)
  float dirichlet_fraction = 0.25f;     // PUCT: share of the root prior replaced by noise
  size_t max_nodes = 2'000'000;         // tree memory bound: above it the tree is rebuilt from the root
};

// Proven outcomes (a small MCTS-solver): a decisive terminal position, or a node whose side to
// move has an immediately winning move, is exact and averages never blur it again.
enum class Proven : uint8_t { Unknown = 0, MoverWins = 1, MoverLoses = 2 };

// 24 bytes: move, child range, visits, value sum and prior; children are created (with their
// priors) when the parent is first evaluated and stored contiguously.
struct Node {
  uint16_t move_bits = 0xFFFF;
  uint16_t num_children : 14;  // legal moves never exceed 2^14 (8x8 tops out near 4,300 in practice)
  uint16_t proven_bits : 2;    // Proven, for the player who made `move`
  uint32_t first_child = 0;    // 0: not expanded (index 0 is never a child)
  uint32_t visits = 0;
  float value_sum = 0;  // from the view of the player who made `move`
  float prior = 0;
  float raw_value = 0;  // network value for the side to move here
  Node() : num_children(0), proven_bits(0) {}
  Move move() const;
  bool expanded() const { return first_child != 0; }
  Proven proven() const { return static_cast<Proven>(proven_bits); }
  void set_proven(Proven p) { proven_bits = static_cast<uint16_t>(p) & 3u; }
  // Exact value for the player who made `move` (proven nodes), else the mean.
  float q() const;
};
static_assert(sizeof(Node) == 24, "keep nodes compact");

class Search {
 public:
  enum class Step { NeedsEval, Done };

  Search(const SearchConfig& config, uint64_t seed);

  // New root; discards the tree.
  void reset(const Position& root);
  // Plays a move at the root, keeping its subtree.
  void advance(Move m);
  const Position& root_position() const { return root_pos_; }

  // Starts a search of `simulations` playouts. With `explore`, Gumbel samples its noise (PUCT
  // adds Dirichlet noise); without, the search is deterministic (evaluation play).
  void begin(int simulations, bool explore);
  // Walks playouts until `max_leaves` of them wait on an evaluation (or the budget is spent, or
  // more than `max_leaves` playouts ran into leaves already waiting). With more than one, each waiting playout
  // holds a virtual loss on its path so the next ones spread out (PUCT: the bot's batched
  // search; self-play and Gumbel take one at a time). Then request(i) / provide(result, i) for
  // i < pending().
  Step step(int max_leaves = 1);
  size_t pending() const { return batch_.size(); }
  const EvalRequest& request(size_t index = 0) const { return leaves_[batch_[index]].request; }
  void provide(const EvalResult& result, size_t index = 0);

  // The same for several threads sharing one tree under the caller's lock: gather() appends the
  // slots of up to `max_leaves` new waiting playouts (a playout that runs into a leaf already
  // waiting steers the next ones elsewhere and is not counted), slot_request() is copied under the lock (the position and moves it points
  // to stay put until the slot is provided, so they can be evaluated without it), provide_slot()
  // hands back its evaluation. finished(): the budget is spent
  // or the root is decided. gather() also returns, possibly with no slot, after `max_leaves`
  // playouts that ended on decided positions, so that the caller can look at its clock.
  //
  // With `caller_prepares`, the leaves' legal moves and immediate-win check are left out of the
  // lock: the caller runs prepare_leaf() on each slot_leaf() (taken under the lock; the pointee
  // stays put and is the caller's alone until provided) before evaluating it.
  size_t gather(int max_leaves, std::vector<size_t>& slots, bool caller_prepares = false);
  const EvalRequest& slot_request(size_t slot) const { return leaves_[slot].request; }
  // A waiting playout's position, its legal moves, and the index of a move that wins at once
  // (-1: none; kNotChecked until prepared).
  static constexpr int kNotChecked = -2;
  struct LeafPosition {
    Position pos;
    std::vector<Move> moves;
    int immediate_win = kNotChecked;
  };
  LeafPosition* slot_leaf(size_t slot) { return &leaves_[slot].leaf; }
  static void prepare_leaf(LeafPosition& leaf);
  void provide_slot(const EvalResult& result, size_t slot);
  bool finished() const;

  // After Done:
  Move chosen_move() const;
  // The improved policy over the root's legal moves (Gumbel: softmax(logits + sigma(completed
  // Q)); PUCT: visit shares).
  std::vector<std::pair<Move, float>> policy_target() const;
  // The prior over the root's legal moves the search used: the network's (PUCT while exploring:
  // with its Dirichlet noise mixed in).
  std::vector<std::pair<Move, float>> root_priors() const;
  // Search value for the side to move at the root, in [-1, 1].
  float root_value() const;
  // Visit counts of the root's children (for display and tests).
  std::vector<std::pair<Move, uint32_t>> root_visits() const;
  // The root's moves, most visited first, moves with equal visits by their prior.
  std::vector<Move> root_moves_by_preference() const;
  // Mean value of each root child for the side to move at the root (0 if unvisited).
  std::vector<float> root_child_values() const;
  size_t node_count() const { return nodes_.size(); }
  size_t memory_bytes() const { return nodes_.capacity() * sizeof(Node); }
  // Principal variation from the root, following the most visited children.
  std::vector<Move> principal_variation(int max_length) const;

 private:
  // A playout waiting on (or being walked to) a leaf.
  struct Leaf {
    std::vector<uint32_t> path;
    LeafPosition leaf;
    EvalRequest request;
    bool virtual_loss = false;
    bool in_flight = false;
  };
  void clear_leaves();
  // Walks one playout from the root; false when it ended on a decided node (then backed up).
  bool select_leaf(Leaf& leaf);
  void apply_virtual_loss(const std::vector<uint32_t>& path, int sign);
  void expand(uint32_t node, const Leaf& leaf, const EvalResult& result);
  void backup(const std::vector<uint32_t>& path, float leaf_value);
  void propagate_proven(const std::vector<uint32_t>& path);
  // Whether child i of `node` may be chosen: moves proven lost are skipped while any other exists.
  bool selectable(const Node& parent, uint32_t child) const;
  uint32_t select_root_child();
  uint32_t select_interior_child(uint32_t node) const;
  // mctx's completed Q of a node's children, rescaled: sigma(q) = scale * (q - lo) / range.
  struct CompletedQ {
    float mixed = 0;  // the value given to children without one
    float lo = 0, range = 1, scale = 0;
    float sigma(float q) const { return scale * (q - lo) / range; }
  };
  CompletedQ completed_q(uint32_t node) const;
  void completed_sigma(uint32_t node, std::vector<float>& sigma) const;
  int considered_visit_target() const;
  void prepare_root_after_expansion();

  SearchConfig config_;
  std::mt19937_64 rng_;
  Position root_pos_;
  std::vector<Node> nodes_;  // nodes_[1] is the root; 0 is a sentinel
  int budget_ = 0;
  int done_ = 0;
  bool explore_ = false;
  // Gumbel root state for this search.
  std::vector<float> root_logits_;  // Gumbel noise (when exploring) + log prior, per root child
  std::vector<uint32_t> search_visits_;
  std::vector<int> visit_schedule_;
  int considered_ = 0;
  // The playouts waiting on evaluations: a deque, so requests' pointers stay valid as it grows.
  std::deque<Leaf> leaves_;
  std::vector<size_t> free_slots_;
  size_t in_flight_ = 0;
  std::vector<size_t> batch_;  // the slots step() gathered
  size_t batch_provided_ = 0;
  // Scratch for the selection loops, kept to avoid allocating on every visit.
  std::vector<float> sigma_;
  mutable std::vector<float> weights_;
  std::vector<size_t> collided_slots_;  // gather(): playouts that ran into a waiting leaf
};

// mctx's sequence of root visit counts under sequential halving: entry i is the visit count a
// root move must have to be chosen at simulation i.
std::vector<int> considered_visit_sequence(int max_considered, int simulations);

}  // namespace bredon
