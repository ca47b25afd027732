#include "search/solver.h"

#include <algorithm>

#include "core/movegen.h"

namespace bredon {
namespace {

constexpr uint32_t kInf = 1u << 30;

// Sums proof numbers without letting a large finite sum pass for infinity (a proof or disproof).
uint32_t add(uint32_t a, uint32_t b) {
  if (a >= kInf || b >= kInf) return kInf;
  return std::min<uint32_t>(a + b, kInf - 1);
}

bool attacker_won(const Position& pos, Color attacker) {
  return result_sign_for(pos.result(), attacker) > 0;
}

}  // namespace

Solver::Solver(size_t hash_mb) {
  size_t entries = 1;
  while (entries * 2 * sizeof(Entry) <= std::max<size_t>(hash_mb, 1) << 20) entries *= 2;
  table_.resize(entries);
  mask_ = entries - 1;
}

void Solver::clear() {
  std::fill(table_.begin(), table_.end(), Entry{});
  threat_lists_.clear();
}

uint64_t Solver::node_key(const Position& pos, int plies) const {
  uint64_t k = pos.key() ^ (static_cast<uint64_t>(plies + 1) * 0x9E3779B97F4A7C15ULL);
  if (attacker_ == Color::Black) k ^= 0xD1B54A32D192ED03ULL;
  // A threats-only disproof is no disproof: the two widths never share entries.
  if (width_ == Width::Threats) k ^= 0x8CB92BA72F3D8DD7ULL;
  return k | 1;  // 0 marks an empty slot
}

// Two slots per key; a proof or disproof is kept over a node still open.
void Solver::lookup(uint64_t key, uint32_t& pn, uint32_t& dn) const {
  const size_t i = key & mask_;
  for (size_t slot : {i, i ^ 1}) {
    if (table_[slot].key == key) {
      pn = table_[slot].pn;
      dn = table_[slot].dn;
      return;
    }
  }
  pn = dn = 1;
}

void Solver::store(uint64_t key, uint32_t pn, uint32_t dn) {
  const size_t i = key & mask_;
  size_t target = i;
  if (table_[i].key != key) {
    const auto settled = [&](size_t s) { return table_[s].pn == 0 || table_[s].dn == 0; };
    if (table_[i ^ 1].key == key || (settled(i) && !settled(i ^ 1))) target = i ^ 1;
  }
  table_[target] = {key, pn, dn};
}

bool Solver::out_of_budget() const {
  return (node_limit_ >= 0 && nodes_ >= node_limit_) || (stop_ && stop_->load(std::memory_order_relaxed)) ||
         (deadline_ != Deadline::max() && std::chrono::steady_clock::now() >= deadline_);
}

bool Solver::threatens(Position& pos) const {
  pos.pass_turn();
  const bool threat = has_immediate_win(pos);
  pos.pass_turn();
  return threat;
}

const std::vector<Move>& Solver::threatening_moves(Position& pos) {
  // The size too: one Solver may see games of several sizes, whose keys could meet.
  const uint64_t key = pos.key() ^ (static_cast<uint64_t>(pos.size()) * 0xA24BAED4963EE407ULL);
  if (const auto found = threat_lists_.find(key); found != threat_lists_.end()) return found->second;
  if (threat_lists_.size() >= kMaxThreatLists) threat_lists_.clear();
  std::vector<Move> kept;
  for (Move m : legal_moves(pos)) {
    const UndoRecord u = pos.play(m);
    if (pos.game_over() || threatens(pos)) kept.push_back(m);
    pos.undo(u);
  }
  return threat_lists_.emplace(key, std::move(kept)).first->second;
}

std::vector<Solver::Child> Solver::children(Position& pos, int plies) {
  std::vector<Child> out;
  const bool threats_only = width_ == Width::Threats && pos.side_to_move() == attacker_;
  // A copy of the kept list, so that both widths share the loop below.
  const std::vector<Move> moves = threats_only ? threatening_moves(pos) : legal_moves(pos);
  for (Move m : moves) {
    Child c;
    c.move = m;
    const UndoRecord u = pos.play(m);
    if (threats_only && !pos.game_over() && plies - 1 == 0) {
      pos.undo(u);
      continue;
    }
    if (pos.game_over()) {
      c.pn = attacker_won(pos, attacker_) ? 0 : kInf;
      c.dn = c.pn == 0 ? kInf : 0;
    } else if (plies - 1 == 0) {
      c.pn = kInf, c.dn = 0;
    } else if (plies - 1 == 1 && pos.side_to_move() == attacker_) {
      // One ply left for the attacker: a win on the spot or nothing.
      ++nodes_;
      const bool win = has_immediate_win(pos);
      c.pn = win ? 0 : kInf;
      c.dn = win ? kInf : 0;
    } else {
      c.key = node_key(pos, plies - 1);
    }
    pos.undo(u);
    out.push_back(c);
    // One settled child can settle the node (a win for the side to move, a way out for the
    // defender): the rest need not be looked at.
    const bool attacker_to_move = pos.side_to_move() == attacker_;
    if (attacker_to_move ? c.pn == 0 : c.dn == 0) return {c};
  }
  return out;
}

void Solver::search(Position& pos, int plies, uint32_t pn_limit, uint32_t dn_limit) {
  ++nodes_;
  const uint64_t key = node_key(pos, plies);
  const bool attacker_to_move = pos.side_to_move() == attacker_;
  if (pos.game_over()) {
    const bool won = attacker_won(pos, attacker_);
    return store(key, won ? 0 : kInf, won ? kInf : 0);
  }
  if (attacker_to_move && has_immediate_win(pos)) return store(key, 0, kInf);
  if (plies <= 1 && attacker_to_move) return store(key, kInf, 0);
  if (plies <= 0) return store(key, kInf, 0);

  std::vector<Child> kids = children(pos, plies);
  uint32_t pn = 0, dn = 0;
  for (;;) {
    // The node's numbers from its children's, and the child to go into with the runner-up's bound.
    size_t best = 0;
    uint32_t best_value = kInf + 1, second = kInf;
    pn = attacker_to_move ? kInf : 0;
    dn = attacker_to_move ? 0 : kInf;
    for (size_t i = 0; i < kids.size(); ++i) {
      Child& c = kids[i];
      if (c.key) lookup(c.key, c.pn, c.dn);
      const uint32_t value = attacker_to_move ? c.pn : c.dn;
      if (attacker_to_move) {
        pn = std::min(pn, c.pn);
        dn = add(dn, c.dn);
      } else {
        pn = add(pn, c.pn);
        dn = std::min(dn, c.dn);
      }
      if (value < best_value) {
        second = best_value;
        best_value = value;
        best = i;
      } else if (value < second) {
        second = value;
      }
    }
    if (pn >= pn_limit || dn >= dn_limit || pn == 0 || dn == 0 || out_of_budget()) break;
    Child& c = kids[best];
    uint32_t child_pn_limit, child_dn_limit;
    if (attacker_to_move) {
      child_pn_limit = std::min<uint32_t>(pn_limit, add(second, 1));
      child_dn_limit = static_cast<uint32_t>(std::min<uint64_t>(uint64_t{dn_limit} - dn + c.dn, kInf));
    } else {
      child_dn_limit = std::min<uint32_t>(dn_limit, add(second, 1));
      child_pn_limit = static_cast<uint32_t>(std::min<uint64_t>(uint64_t{pn_limit} - pn + c.pn, kInf));
    }
    const UndoRecord u = pos.play(c.move);
    search(pos, plies - 1, child_pn_limit, child_dn_limit);
    pos.undo(u);
  }
  store(key, pn, dn);
}

Solver::Numbers Solver::search_root(const Position& pos, int plies) {
  Position p = pos;
  search(p, plies, kInf, kInf);
  Numbers n;
  lookup(node_key(pos, plies), n.pn, n.dn);  // the root is stored last, so it is still there
  return n;
}

Proof Solver::prove_win(const Position& pos, int plies, int64_t max_nodes, const std::atomic<bool>* stop) {
  attacker_ = pos.side_to_move();
  width_ = Width::Full;
  node_limit_ = max_nodes < 0 ? -1 : nodes_ + max_nodes;
  stop_ = stop;
  deadline_ = Deadline::max();
  const Numbers n = search_root(pos, plies);
  return n.pn == 0 ? Proof::Proven : n.dn == 0 ? Proof::Disproven : Proof::Unknown;
}

int Solver::shortest_win(const Position& pos, int plies) {
  if (pos.game_over()) return attacker_won(pos, attacker_) ? 0 : -1;
  for (int k = 1; k <= plies && !out_of_budget(); ++k)
    if (search_root(pos, k).pn == 0) return k;
  return -1;
}

// The attacker takes its quickest win; the defender the move that puts the loss off longest.
std::vector<Move> Solver::main_line(Position pos, int plies) {
  std::vector<Move> line;
  while (plies > 0 && !pos.game_over() && !out_of_budget()) {
    const bool attacker_to_move = pos.side_to_move() == attacker_;
    Move chosen;
    int chosen_plies = attacker_to_move ? plies + 1 : -1;
    for (Move m : legal_moves(pos)) {
      const UndoRecord u = pos.play(m);
      const int k = shortest_win(pos, plies - 1);
      pos.undo(u);
      if (k < 0) continue;
      if (attacker_to_move ? k < chosen_plies : k > chosen_plies) chosen = m, chosen_plies = k;
    }
    if (chosen.is_null()) break;  // the budget ran out on the way
    line.push_back(chosen);
    pos.play(chosen);
    plies = chosen_plies;
  }
  return line;
}

Solution Solver::solve(const Position& pos, int max_plies, int64_t max_nodes, const std::atomic<bool>* stop,
                       Width width) {
  Solution s;
  width_ = width;
  const int64_t start = nodes_;
  node_limit_ = max_nodes < 0 ? -1 : nodes_ + max_nodes;
  stop_ = stop;
  deadline_ = Deadline::max();
  if (pos.game_over()) {
    s.value = result_sign_for(pos.result(), pos.side_to_move());
    return s;
  }
  for (int plies = 1; plies <= max_plies && s.value == 0; ++plies) {
    if (width == Width::Threats && plies % 2 == 0) continue;  // the side to move wins on its own plies
    for (const Color attacker : {pos.side_to_move(), opponent(pos.side_to_move())}) {
      if (width == Width::Threats && attacker != pos.side_to_move()) continue;
      attacker_ = attacker;
      const uint32_t pn = search_root(pos, plies).pn;
      if (out_of_budget() && pn != 0) {
        s.complete = false;
        break;
      }
      if (pn == 0) {
        s.value = attacker == pos.side_to_move() ? 1 : -1;
        s.plies = plies;
        // The line gets as many nodes again as the proof took, so a proof found just inside the
        // budget still shows its line.
        if (node_limit_ >= 0) node_limit_ = std::max(node_limit_, nodes_ + (nodes_ - start));
        s.line = main_line(pos, plies);
        break;
      }
    }
    if (!s.complete) break;
  }
  s.nodes = nodes_ - start;
  return s;
}

int Solver::quickest_win(const Position& pos, int max_plies, int64_t max_nodes, Deadline deadline, Width width) {
  if (pos.game_over()) return -1;
  attacker_ = pos.side_to_move();
  width_ = width;
  node_limit_ = max_nodes < 0 ? -1 : nodes_ + max_nodes;
  stop_ = nullptr;
  deadline_ = deadline;
  for (int plies = 1; plies <= max_plies && !out_of_budget(); plies += 2)
    if (search_root(pos, plies).pn == 0) return plies;
  return -1;
}

Move Solver::winning_move(const Position& pos, int max_plies, int64_t max_nodes, Deadline deadline, Width width) {
  const int plies = quickest_win(pos, max_plies, max_nodes, deadline, width);
  if (plies < 0) return Move();
  // Any child proven within the plies left is a winning move; the table holds most of them.
  Position p = pos;
  for (Move m : legal_moves(pos)) {
    const UndoRecord u = p.play(m);
    const int k = shortest_win(p, plies - 1);
    p.undo(u);
    if (k >= 0) return m;
  }
  return Move();
}

std::string describe(const Solution& solution, Color side_to_move, int max_plies) {
  if (solution.value != 0) {
    const Color winner = solution.value > 0 ? side_to_move : opponent(side_to_move);
    return std::string(winner == Color::White ? "white" : "black") + " wins in " + std::to_string(solution.plies) +
           (solution.plies == 1 ? " ply" : " plies");
  }
  if (!solution.complete) return "unknown within " + std::to_string(max_plies) + " plies (node budget spent)";
  return "no forced win within " + std::to_string(max_plies) + " plies";
}

}  // namespace bredon
