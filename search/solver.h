// An exact solver: depth-first proof-number search (df-pn, Nagai 2002) over a ply horizon, with a
// transposition table. It proves or refutes "the side to move wins within P plies" by any end the
// rules have (a road, a full board or an empty reserve counted on flats), and finds the shortest
// such win and its main line: the winner's quickest win against the loser's longest defence.
//
// A node is (position, plies left, the side trying to win); keying the table on all three keeps
// the searched graph acyclic (plies left always fall), so repeated positions need no special care.
// Proof and disproof numbers start at 1 for every unexplored node; a node where the attacker can
// win on the spot is proven without listing its moves.
#pragma once

#include <atomic>
#include <chrono>
#include <cstdint>
#include <string>
#include <unordered_map>
#include <vector>

#include "core/move.h"
#include "core/position.h"

namespace bredon {

enum class Proof { Proven, Disproven, Unknown };  // Unknown: the node budget ran out first

// Which of the attacker's moves a search tries. Full: all of them, so a disproof is exact.
// Threats: only a move that wins at once or leaves the attacker a win in one (a "tak"), as a
// tinue search does: the defender still tries every reply, so a proof is a real forced win and
// reaches far deeper on the same budget, but "no win found" says nothing of quiet wins.
enum class Width { Full, Threats };

struct Solution {
  // +1: the side to move wins, -1: it loses, 0: neither side forces a win within the horizon,
  // or the budget ran out (`complete` false).
  int value = 0;
  int plies = 0;  // length of the win when value != 0
  std::vector<Move> line;
  int64_t nodes = 0;
  bool complete = true;  // false when the node budget or the stop flag cut the search short
};

class Solver {
 public:
  // hash_mb: memory for the transposition table (rounded down to a power of two entries).
  explicit Solver(size_t hash_mb = 64);

  // Does the side to move of `pos` force a win within `plies` plies? Stops with Unknown after
  // `max_nodes` more nodes (< 0: no limit) or when `stop` is set.
  Proof prove_win(const Position& pos, int plies, int64_t max_nodes = -1, const std::atomic<bool>* stop = nullptr);

  // The shortest forced win of either side within `max_plies`, found by deepening the horizon a
  // ply at a time, with its main line. `max_nodes` bounds the whole call.
  // With Width::Threats only the side to move attacks (a tinue search), and a Solution with value
  // 0 means no tinue within the horizon, not no win.
  Solution solve(const Position& pos, int max_plies, int64_t max_nodes = -1, const std::atomic<bool>* stop = nullptr,
                 Width width = Width::Full);

  using Deadline = std::chrono::steady_clock::time_point;
  // The side to move's quickest winning move within `max_plies` (a forced road or flat win the
  // bot must not miss), or a null Move when none is proven within the budget. The deadline
  // bounds it in time too, since a node's cost varies with the position.
  Move winning_move(const Position& pos, int max_plies, int64_t max_nodes, Deadline deadline = Deadline::max(),
                    Width width = Width::Full);
  // The length in plies of that quickest win, or -1 when none is proven within the budget.
  int quickest_win(const Position& pos, int max_plies, int64_t max_nodes, Deadline deadline = Deadline::max(),
                   Width width = Width::Full);

  int64_t nodes() const { return nodes_; }
  void clear();

 private:
  struct Entry {
    uint64_t key = 0;
    uint32_t pn = 1, dn = 1;
  };
  struct Child {
    Move move;
    uint64_t key = 0;  // 0 for a child whose numbers are settled without search
    uint32_t pn = 1, dn = 1;
  };

  uint64_t node_key(const Position& pos, int plies) const;
  void lookup(uint64_t key, uint32_t& pn, uint32_t& dn) const;
  void store(uint64_t key, uint32_t pn, uint32_t dn);
  struct Numbers {
    uint32_t pn = 1, dn = 1;
  };
  void search(Position& pos, int plies, uint32_t pn_limit, uint32_t dn_limit);
  // A whole search from `pos` for attacker_ within `plies`, and the root's numbers after it.
  Numbers search_root(const Position& pos, int plies);
  std::vector<Child> children(Position& pos, int plies);
  bool out_of_budget() const;
  // Whether the attacker's move just played (the defender to move) is one Width::Threats keeps.
  bool threatens(Position& pos) const;
  // The moves of the side to move that Width::Threats keeps: those that end the game or threaten
  // a road in one. A proof-number search enters a node again and again, and trying every move
  // for a threat is most of a node's cost, so each position's list is kept (see threat_lists_).
  const std::vector<Move>& threatening_moves(Position& pos);
  // Shortest proven win for `attacker_` from `pos` within `plies`, or -1.
  int shortest_win(const Position& pos, int plies);
  std::vector<Move> main_line(Position pos, int plies);

  std::vector<Entry> table_;
  uint64_t mask_ = 0;
  // threatening_moves' lists by position key, emptied when it reaches kMaxThreatLists.
  std::unordered_map<uint64_t, std::vector<Move>> threat_lists_;
  static constexpr size_t kMaxThreatLists = size_t{1} << 16;
  Color attacker_ = Color::White;
  Width width_ = Width::Full;
  int64_t nodes_ = 0;
  int64_t node_limit_ = -1;
  const std::atomic<bool>* stop_ = nullptr;
  Deadline deadline_ = Deadline::max();
};

// "white wins in 13 plies", "black wins in 4 plies", "no forced win within 9 plies",
// "unknown within 9 plies (node budget spent)".
std::string describe(const Solution& solution, Color side_to_move, int max_plies);

}  // namespace bredon
