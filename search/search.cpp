#include "search/search.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "core/movegen.h"

namespace bredon {

Move Node::move() const { return Move::from_bits(move_bits); }

float Node::q() const {
  if (proven() == Proven::MoverWins) return 1.0f;
  if (proven() == Proven::MoverLoses) return -1.0f;
  return visits ? value_sum / static_cast<float>(visits) : 0.0f;
}

bool Search::selectable(const Node& parent, uint32_t child) const {
  if (nodes_[child].proven() != Proven::MoverLoses) return true;
  for (uint32_t i = 0; i < parent.num_children; ++i)
    if (nodes_[parent.first_child + i].proven() != Proven::MoverLoses) return false;
  return true;
}

void Search::propagate_proven(const std::vector<uint32_t>& path) {
  // Walk up from the leaf while the child just walked from became proven.
  for (size_t i = path.size() - 1; i-- > 0;) {
    Node& n = nodes_[path[i]];
    if (n.proven() != Proven::Unknown) return;
    const Node& child = nodes_[path[i + 1]];
    if (child.proven() == Proven::Unknown) return;
    if (child.proven() == Proven::MoverWins) {
      n.set_proven(Proven::MoverLoses);  // the side to move here has a winning move
      continue;
    }
    bool all_lost = n.num_children > 0;
    for (uint32_t k = 0; k < n.num_children && all_lost; ++k)
      all_lost = nodes_[n.first_child + k].proven() == Proven::MoverLoses;
    if (!all_lost) return;
    n.set_proven(Proven::MoverWins);
  }
}

std::vector<int> considered_visit_sequence(int max_considered, int simulations) {
  std::vector<int> seq;
  if (max_considered <= 1) {
    for (int i = 0; i < simulations; ++i) seq.push_back(i);
    return seq;
  }
  const int log2max = static_cast<int>(std::ceil(std::log2(max_considered)));
  std::vector<int> visits(static_cast<size_t>(max_considered), 0);
  int considered = max_considered;
  while (static_cast<int>(seq.size()) < simulations) {
    const int extra = std::max(1, simulations / (log2max * considered));
    for (int e = 0; e < extra; ++e) {
      seq.insert(seq.end(), visits.begin(), visits.begin() + considered);
      for (int i = 0; i < considered; ++i) ++visits[static_cast<size_t>(i)];
    }
    considered = std::max(2, considered / 2);
  }
  seq.resize(static_cast<size_t>(simulations));
  return seq;
}

Search::Search(const SearchConfig& config, uint64_t seed) : config_(config), rng_(seed) { reset(Position(5)); }

void Search::clear_leaves() {
  leaves_.clear();
  free_slots_.clear();
  batch_.clear();
  in_flight_ = batch_provided_ = 0;
}

void Search::reset(const Position& root) {
  root_pos_ = root;
  nodes_.assign(2, Node{});
  clear_leaves();
}

void Search::advance(Move m) {
  const Node& root = nodes_[1];
  uint32_t child = 0;
  for (uint32_t i = 0; i < root.num_children; ++i)
    if (nodes_[root.first_child + i].move_bits == m.bits()) child = root.first_child + i;
  root_pos_.play(m);
  if (!child || !nodes_[child].expanded()) {
    nodes_.assign(2, Node{});
    return;
  }
  // Copy the kept subtree into a fresh array, breadth first, so children stay contiguous.
  std::vector<Node> kept;
  kept.reserve(nodes_.size() / 2 + 2);
  kept.push_back(Node{});
  kept.push_back(nodes_[child]);
  std::vector<std::pair<uint32_t, uint32_t>> queue = {{child, 1}};
  for (size_t q = 0; q < queue.size(); ++q) {
    const auto [old_index, new_index] = queue[q];
    const Node old = nodes_[old_index];
    if (!old.expanded()) continue;
    const uint32_t first = static_cast<uint32_t>(kept.size());
    kept[new_index].first_child = first;
    for (uint32_t i = 0; i < old.num_children; ++i) {
      kept.push_back(nodes_[old.first_child + i]);
      if (nodes_[old.first_child + i].expanded()) queue.emplace_back(old.first_child + i, first + i);
    }
  }
  nodes_.swap(kept);
  clear_leaves();
}

void Search::begin(int simulations, bool explore) {
  budget_ = simulations;
  done_ = 0;
  explore_ = explore;
  clear_leaves();
  // Memory bound: a reused tree that has grown past half the budget is dropped.
  if (nodes_.size() > config_.max_nodes / 2) nodes_.assign(2, Node{});
  if (nodes_[1].expanded()) prepare_root_after_expansion();
}

void Search::prepare_root_after_expansion() {
  const Node& root = nodes_[1];
  const size_t n = root.num_children;
  search_visits_.assign(n, 0);
  if (config_.algorithm == SearchAlgorithm::Gumbel) {
    root_logits_.assign(n, 0.0f);
    if (explore_) {
      std::uniform_real_distribution<double> uniform(1e-12, 1.0);
      for (float& g : root_logits_) g = static_cast<float>(-std::log(-std::log(uniform(rng_))));
    }
    for (size_t i = 0; i < n; ++i) root_logits_[i] += std::log(std::max(nodes_[root.first_child + i].prior, 1e-12f));
    considered_ = std::min(config_.gumbel_considered, static_cast<int>(n));
    visit_schedule_ = considered_visit_sequence(considered_, budget_);
  } else if (explore_ && n > 0) {
    std::gamma_distribution<float> gamma(config_.dirichlet_total_alpha / static_cast<float>(n), 1.0f);
    std::vector<float> noise(n);
    float total = 0;
    for (float& x : noise) total += (x = gamma(rng_));
    if (total > 0)
      for (size_t i = 0; i < n; ++i) {
        Node& c = nodes_[root.first_child + i];
        c.prior = (1 - config_.dirichlet_fraction) * c.prior + config_.dirichlet_fraction * noise[i] / total;
      }
  }
}

Search::Step Search::step(int max_leaves) {
  if (!batch_.empty()) return Step::NeedsEval;
  batch_provided_ = 0;
  while (batch_.empty() && !finished()) gather(max_leaves, batch_);
  return batch_.empty() ? Step::Done : Step::NeedsEval;
}

bool Search::finished() const {
  if (!nodes_[1].expanded()) return root_pos_.game_over();
  return done_ >= budget_ || nodes_[1].proven() != Proven::Unknown;
}

void Search::prepare_leaf(LeafPosition& leaf) {
  generate_moves(leaf.pos, leaf.moves);
  // Immediate wins: checked only when one is possible (core's has_immediate_win says when).
  leaf.immediate_win = has_immediate_win(leaf.pos) ? immediate_win_index(leaf.pos, leaf.moves) : -1;
}

size_t Search::gather(int max_leaves, std::vector<size_t>& slots, bool caller_prepares) {
  const bool virtual_loss = max_leaves > 1 || in_flight_ > 0;
  size_t added = 0;
  // A playout that runs into a leaf already waiting keeps its slot and holds a virtual loss
  // until the batch is gathered, so that the next playouts look elsewhere (lc0 counts such
  // collisions the same way). Stopping at the first one left batches part empty, and a network
  // pays as much for a padded row as for a real one.
  collided_slots_.clear();
  // Playouts that end on a decided position need no evaluation, and where most of the tree is
  // decided they could go on for seconds under the caller's lock with no look at the clock (a
  // 1 s move once took 5.8 s): after `max_leaves` of them the caller gets the turn back.
  int decided = 0;
  while (added < static_cast<size_t>(std::max(max_leaves, 1))) {
    if (!nodes_[1].expanded()) {
      // The root is the only leaf until it is expanded.
      if (root_pos_.game_over() || in_flight_ > 0) break;
    } else if (done_ + static_cast<int>(in_flight_) >= budget_ || nodes_[1].proven() != Proven::Unknown) {
      break;
    }
    size_t slot;
    if (free_slots_.empty()) {
      slot = leaves_.size();
      leaves_.emplace_back();
    } else {
      slot = free_slots_.back();
      free_slots_.pop_back();
    }
    Leaf& leaf = leaves_[slot];
    bool ready;
    if (!nodes_[1].expanded()) {
      leaf.path.assign(1, 1);
      leaf.leaf.pos = root_pos_;
      ready = true;
    } else {
      ready = select_leaf(leaf);  // false: the playout ended on a decided position and is counted
      // Two playouts into one unexpanded node would expand it twice: wait for the first.
      bool collision = false;
      for (size_t i = 0; ready && !collision && i < leaves_.size(); ++i)
        collision = i != slot && leaves_[i].in_flight && leaves_[i].path.back() == leaf.path.back();
      if (collision) {
        if (!virtual_loss || collided_slots_.size() >= static_cast<size_t>(max_leaves)) {
          free_slots_.push_back(slot);
          break;
        }
        apply_virtual_loss(leaf.path, +1);
        collided_slots_.push_back(slot);
        continue;
      }
    }
    if (!ready) {
      free_slots_.push_back(slot);
      if (++decided >= std::max(max_leaves, 1)) break;
      continue;
    }
    leaf.leaf.immediate_win = kNotChecked;
    if (!caller_prepares) prepare_leaf(leaf.leaf);
    leaf.request = EvalRequest{&leaf.leaf.pos, &leaf.leaf.moves};
    leaf.virtual_loss = virtual_loss;
    if (virtual_loss) apply_virtual_loss(leaf.path, +1);
    leaf.in_flight = true;
    ++in_flight_;
    slots.push_back(slot);
    ++added;
    if (leaf.path.size() == 1) break;  // the root
  }
  for (size_t slot : collided_slots_) {
    apply_virtual_loss(leaves_[slot].path, -1);
    free_slots_.push_back(slot);
  }
  return added;
}

bool Search::select_leaf(Leaf& leaf) {
  leaf.path.assign(1, 1);
  Position& pos = leaf.leaf.pos;
  pos = root_pos_;
  uint32_t node = select_root_child();
  for (;;) {
    leaf.path.push_back(node);
    if (nodes_[node].proven() != Proven::Unknown) {
      // Exact: the player who moved into this node wins (the side to move there loses) or not.
      backup(leaf.path, nodes_[node].proven() == Proven::MoverWins ? -1.0f : 1.0f);
      propagate_proven(leaf.path);
      ++done_;
      return false;
    }
    pos.play(nodes_[node].move());
    if (pos.game_over()) {
      const int sign = result_sign(pos.result());
      const float v = static_cast<float>(pos.side_to_move() == Color::White ? sign : -sign);
      if (v != 0) nodes_[node].set_proven(v < 0 ? Proven::MoverWins : Proven::MoverLoses);
      backup(leaf.path, v);
      propagate_proven(leaf.path);
      ++done_;
      return false;
    }
    if (!nodes_[node].expanded()) return true;
    node = select_interior_child(node);
  }
}

// A pending playout counts as a visit that lost for every player on its path, so the next
// playouts of the same batch look elsewhere (undone when its evaluation arrives).
void Search::apply_virtual_loss(const std::vector<uint32_t>& path, int sign) {
  for (uint32_t index : path) {
    Node& n = nodes_[index];
    n.visits = static_cast<uint32_t>(static_cast<int64_t>(n.visits) + sign);
    n.value_sum -= static_cast<float>(sign);
  }
}

void Search::provide(const EvalResult& result, size_t index) {
  if (index >= batch_.size()) return;
  provide_slot(result, batch_[index]);
  if (++batch_provided_ == batch_.size()) batch_.clear();
}

void Search::provide_slot(const EvalResult& result, size_t slot) {
  Leaf& leaf = leaves_[slot];
  if (!leaf.in_flight) return;
  if (leaf.virtual_loss) apply_virtual_loss(leaf.path, -1);
  leaf.virtual_loss = false;
  const uint32_t node = leaf.path.back();
  expand(node, leaf, result);
  if (nodes_[node].proven() == Proven::MoverLoses) {
    backup(leaf.path, 1.0f);  // the side to move at the leaf wins at once
    propagate_proven(leaf.path);
  } else {
    backup(leaf.path, result.value);
  }
  if (node == 1) {
    prepare_root_after_expansion();
  } else {
    ++done_;
  }
  leaf.in_flight = false;
  --in_flight_;
  free_slots_.push_back(slot);
}

void Search::expand(uint32_t node, const Leaf& leaf, const EvalResult& result) {
  const std::vector<Move>& leaf_moves = leaf.leaf.moves;
  const uint32_t first = static_cast<uint32_t>(nodes_.size());
  for (size_t i = 0; i < leaf_moves.size(); ++i) {
    Node c;
    c.move_bits = leaf_moves[i].bits();
    c.prior = i < result.priors.size() ? result.priors[i] : 0.0f;
    nodes_.push_back(c);
  }
  Node& n = nodes_[node];
  n.first_child = first;
  n.num_children = static_cast<uint16_t>(leaf_moves.size()) & 0x3FFFu;
  n.raw_value = result.value;
  const int win = leaf.leaf.immediate_win;
  if (win >= 0) {
    nodes_[first + static_cast<uint32_t>(win)].set_proven(Proven::MoverWins);
    nodes_[node].set_proven(Proven::MoverLoses);
  }
}

void Search::backup(const std::vector<uint32_t>& path, float leaf_value) {
  float v = leaf_value;
  for (size_t i = path.size(); i-- > 0;) {
    Node& n = nodes_[path[i]];
    ++n.visits;
    n.value_sum += -v;
    v = -v;
  }
  if (path.size() >= 2) ++search_visits_[path[1] - nodes_[1].first_child];
}

Search::CompletedQ Search::completed_q(uint32_t node) const {
  const Node& n = nodes_[node];
  double sum_visits = 0, sum_probs = 0, weighted = 0;
  uint32_t max_visits = 0;
  float lo = std::numeric_limits<float>::max(), hi = std::numeric_limits<float>::lowest();
  bool any_unvalued = false;
  for (uint32_t i = 0; i < n.num_children; ++i) {
    const Node& c = nodes_[n.first_child + i];
    if (c.visits || c.proven() != Proven::Unknown) {
      const float q = c.q();
      sum_visits += c.visits;
      sum_probs += std::max(c.prior, 1e-12f);
      weighted += std::max(c.prior, 1e-12f) * q;
      max_visits = std::max(max_visits, c.visits);
      lo = std::min(lo, q);
      hi = std::max(hi, q);
    } else {
      any_unvalued = true;
    }
  }
  CompletedQ out;
  // Unvisited moves get the mixed value: the network's value blended with the visited moves' Q
  // (mctx's qtransform_completed_by_mix_value).
  out.mixed = static_cast<float>(sum_probs > 0 ? (n.raw_value + sum_visits * weighted / sum_probs) / (sum_visits + 1)
                                               : n.raw_value);
  if (any_unvalued) {
    lo = std::min(lo, out.mixed);
    hi = std::max(hi, out.mixed);
  }
  out.lo = lo;
  out.range = std::max(hi - lo, 1e-8f);
  out.scale = (config_.gumbel_c_visit + static_cast<float>(max_visits)) * config_.gumbel_c_scale;
  return out;
}

void Search::completed_sigma(uint32_t node, std::vector<float>& sigma) const {
  const Node& n = nodes_[node];
  const CompletedQ cq = completed_q(node);
  sigma.resize(n.num_children);
  for (uint32_t i = 0; i < n.num_children; ++i) {
    const Node& c = nodes_[n.first_child + i];
    sigma[i] = cq.sigma(c.visits || c.proven() != Proven::Unknown ? c.q() : cq.mixed);
  }
}

uint32_t Search::select_root_child() {
  const Node& root = nodes_[1];
  if (config_.algorithm == SearchAlgorithm::Puct) return select_interior_child(1);
  for (uint32_t i = 0; i < root.num_children; ++i)
    if (nodes_[root.first_child + i].proven() == Proven::MoverWins) return root.first_child + i;
  completed_sigma(1, sigma_);
  const int target = done_ < static_cast<int>(visit_schedule_.size()) ? visit_schedule_[static_cast<size_t>(done_)] : 0;
  int best = -1;
  float best_score = std::numeric_limits<float>::lowest();
  for (int pass = 0; pass < 2 && best < 0; ++pass)
    for (uint32_t i = 0; i < root.num_children; ++i) {
      // First pass: only moves with the scheduled visit count (sequential halving).
      if (pass == 0 && static_cast<int>(search_visits_[i]) != target) continue;
      if (!selectable(root, root.first_child + i)) continue;
      const float score = root_logits_[i] + sigma_[i];
      if (score > best_score) {
        best_score = score;
        best = static_cast<int>(i);
      }
    }
  return root.first_child + static_cast<uint32_t>(best);
}

uint32_t Search::select_interior_child(uint32_t node) const {
  const Node& n = nodes_[node];
  uint32_t best = n.first_child;
  float best_score = std::numeric_limits<float>::lowest();
  for (uint32_t i = 0; i < n.num_children; ++i)
    if (nodes_[n.first_child + i].proven() == Proven::MoverWins) return n.first_child + i;
  if (config_.algorithm == SearchAlgorithm::Gumbel) {
    // The improved policy softmax(log prior + sigma(completed Q)) as prior * exp(sigma - max
    // sigma): unvisited children share one sigma, so this hot loop takes one exp per visited
    // child and no logarithm.
    const CompletedQ cq = completed_q(node);
    const float top = cq.scale;  // no sigma exceeds it
    const float unvisited_factor = std::exp(cq.sigma(cq.mixed) - top);
    weights_.resize(n.num_children);
    float z = 0, total_visits = 0;
    for (uint32_t i = 0; i < n.num_children; ++i) {
      const Node& c = nodes_[n.first_child + i];
      const bool valued = c.visits || c.proven() != Proven::Unknown;
      z += (weights_[i] = std::max(c.prior, 1e-12f) * (valued ? std::exp(cq.sigma(c.q()) - top) : unvisited_factor));
      total_visits += static_cast<float>(c.visits);
    }
    for (uint32_t i = 0; i < n.num_children; ++i) {
      if (!selectable(n, n.first_child + i)) continue;
      const float score = weights_[i] / z - static_cast<float>(nodes_[n.first_child + i].visits) / (1 + total_visits);
      if (score > best_score) {
        best_score = score;
        best = n.first_child + i;
      }
    }
    return best;
  }
  // PUCT with first-play urgency: unvisited children start a little below this node's value.
  const float own_q = n.visits ? -n.value_sum / static_cast<float>(n.visits) : n.raw_value;
  const float fpu = own_q - config_.fpu_reduction;
  const float sqrt_n = std::sqrt(static_cast<float>(std::max<uint32_t>(n.visits, 1)));
  for (uint32_t i = 0; i < n.num_children; ++i) {
    const Node& c = nodes_[n.first_child + i];
    if (!selectable(n, n.first_child + i)) continue;
    const float q = (c.visits || c.proven() != Proven::Unknown) ? c.q() : fpu;
    const float score = q + config_.c_puct * c.prior * sqrt_n / (1.0f + static_cast<float>(c.visits));
    if (score > best_score) {
      best_score = score;
      best = n.first_child + i;
    }
  }
  return best;
}

Move Search::chosen_move() const {
  const Node& root = nodes_[1];
  if (!root.expanded() || root.num_children == 0) return Move();
  for (uint32_t i = 0; i < root.num_children; ++i)
    if (nodes_[root.first_child + i].proven() == Proven::MoverWins) return nodes_[root.first_child + i].move();
  if (root.proven() == Proven::MoverWins) {
    // Every move loses: prefer one that does not lose at once (an expanded child) and that the
    // search looked at most, so the opponent must still find the win.
    uint32_t pick = 0;
    for (uint32_t i = 1; i < root.num_children; ++i) {
      const Node& c = nodes_[root.first_child + i];
      const Node& b = nodes_[root.first_child + pick];
      if ((c.expanded() && !b.expanded()) || (c.expanded() == b.expanded() && c.visits > b.visits)) pick = i;
    }
    return nodes_[root.first_child + pick].move();
  }
  uint32_t best = 0;
  while (best + 1 < root.num_children && !selectable(root, root.first_child + best)) ++best;
  if (config_.algorithm == SearchAlgorithm::Gumbel) {
    std::vector<float> sigma;
    completed_sigma(1, sigma);
    uint32_t most = 0;
    for (uint32_t i = 0; i < root.num_children; ++i)
      if (selectable(root, root.first_child + i)) most = std::max(most, search_visits_[i]);
    float best_score = std::numeric_limits<float>::lowest();
    for (uint32_t i = 0; i < root.num_children; ++i) {
      if (search_visits_[i] != most || !selectable(root, root.first_child + i)) continue;
      const float score = root_logits_[i] + sigma[i];
      if (score > best_score) {
        best_score = score;
        best = i;
      }
    }
  } else {
    for (uint32_t i = best + 1; i < root.num_children; ++i) {
      const Node& c = nodes_[root.first_child + i];
      const Node& b = nodes_[root.first_child + best];
      if (!selectable(root, root.first_child + i)) continue;
      if (c.visits > b.visits || (c.visits == b.visits && c.prior > b.prior)) best = i;
    }
  }
  return nodes_[root.first_child + best].move();
}

std::vector<std::pair<Move, float>> Search::policy_target() const {
  const Node& root = nodes_[1];
  std::vector<std::pair<Move, float>> out;
  if (!root.expanded()) return out;
  if (config_.algorithm == SearchAlgorithm::Gumbel) {
    std::vector<float> sigma;
    completed_sigma(1, sigma);
    float top = std::numeric_limits<float>::lowest();
    std::vector<float> l(root.num_children);
    for (uint32_t i = 0; i < root.num_children; ++i) {
      l[i] = std::log(std::max(nodes_[root.first_child + i].prior, 1e-12f)) + sigma[i];
      top = std::max(top, l[i]);
    }
    float z = 0;
    for (float& x : l) z += (x = std::exp(x - top));
    for (uint32_t i = 0; i < root.num_children; ++i) out.emplace_back(nodes_[root.first_child + i].move(), l[i] / z);
  } else {
    float total = 0;
    for (uint32_t i = 0; i < root.num_children; ++i) total += static_cast<float>(nodes_[root.first_child + i].visits);
    for (uint32_t i = 0; i < root.num_children; ++i) {
      const Node& c = nodes_[root.first_child + i];
      out.emplace_back(c.move(), total > 0 ? static_cast<float>(c.visits) / total : c.prior);
    }
  }
  return out;
}

std::vector<std::pair<Move, float>> Search::root_priors() const {
  const Node& root = nodes_[1];
  std::vector<std::pair<Move, float>> out;
  if (!root.expanded()) return out;
  for (uint32_t i = 0; i < root.num_children; ++i) {
    const Node& c = nodes_[root.first_child + i];
    out.emplace_back(c.move(), c.prior);
  }
  return out;
}

float Search::root_value() const {
  const Node& root = nodes_[1];
  if (root.proven() == Proven::MoverLoses) return 1.0f;
  if (root.proven() == Proven::MoverWins) return -1.0f;
  return root.visits ? -root.value_sum / static_cast<float>(root.visits) : root.raw_value;
}

std::vector<std::pair<Move, uint32_t>> Search::root_visits() const {
  std::vector<std::pair<Move, uint32_t>> out;
  const Node& root = nodes_[1];
  for (uint32_t i = 0; root.expanded() && i < root.num_children; ++i)
    out.emplace_back(nodes_[root.first_child + i].move(), nodes_[root.first_child + i].visits);
  return out;
}

std::vector<Move> Search::root_moves_by_preference() const {
  const Node& root = nodes_[1];
  std::vector<const Node*> children;
  for (uint32_t i = 0; root.expanded() && i < root.num_children; ++i) children.push_back(&nodes_[root.first_child + i]);
  std::stable_sort(children.begin(), children.end(), [](const Node* a, const Node* b) {
    return a->visits != b->visits ? a->visits > b->visits : a->prior > b->prior;
  });
  std::vector<Move> out;
  for (const Node* c : children) out.push_back(c->move());
  return out;
}

std::vector<float> Search::root_child_values() const {
  std::vector<float> out;
  const Node& root = nodes_[1];
  for (uint32_t i = 0; root.expanded() && i < root.num_children; ++i) {
    const Node& c = nodes_[root.first_child + i];
    out.push_back(c.q());
  }
  return out;
}

std::vector<Move> Search::principal_variation(int max_length) const {
  std::vector<Move> pv;
  uint32_t node = 1;
  while (static_cast<int>(pv.size()) < max_length && nodes_[node].expanded()) {
    const Node& n = nodes_[node];
    uint32_t best = 0, best_visits = 0;
    for (uint32_t i = 0; i < n.num_children; ++i)
      if (nodes_[n.first_child + i].visits > best_visits) {
        best_visits = nodes_[n.first_child + i].visits;
        best = n.first_child + i;
      }
    if (!best) break;
    pv.push_back(nodes_[best].move());
    node = best;
  }
  return pv;
}

}  // namespace bredon
