#include "selfplay/selfplay.h"

#include <memory>

#include "core/movegen.h"
#include "core/ptn_game.h"
#include "core/tps.h"
#include "core/zobrist.h"
#include "model/action_index.h"
#include "search/eval_batch.h"
#include "selfplay/policy_surprise.h"

namespace bredon {

struct PendingSample {
  std::string tps;
  int ply = 0;
  Color side = Color::White;
  bool full = false;
  float root_value = 0;
  float surprise = 0;  // full searches only
  std::vector<int32_t> actions;
  std::vector<float> probs;
};

struct SelfPlayRunner::Slot {
  explicit Slot(const SearchConfig& c) : search(c, 0) {}
  bool active = false;
  int64_t game_id = 0;
  Position pos;
  Search search;
  std::mt19937_64 rng;
  std::vector<Move> moves;
  std::vector<PendingSample> samples;
  bool may_resign = true;
  bool searching = false;
  bool full_move = false;
  int would_resign = -1;  // colour index that would have resigned in a no-resign game
  bool resigned = false;
  Color resigner = Color::White;
};

SelfPlayRunner::SelfPlayRunner(int size, int half_komi, const SelfPlayConfig& config, const SearchConfig& search,
                               Evaluator& evaluator, uint64_t seed, std::string model_id)
    : size_(size),
      half_komi_(half_komi),
      config_(config),
      search_config_(search),
      evaluator_(evaluator),
      seed_(seed),
      model_id_(std::move(model_id)) {
  if (config_.max_plies == 0) config_.max_plies = default_max_plies(size);
}

SelfPlayRunner::~SelfPlayRunner() = default;

void SelfPlayRunner::set_game_ids(int64_t first_game_id, int64_t id_stride) {
  first_game_id_ = first_game_id;
  id_stride_ = id_stride;
}

void SelfPlayRunner::start_game(Slot& slot) {
  const int64_t game_id = first_game_id_ + games_started_ * id_stride_;
  ++games_started_;
  slot.active = true;
  slot.game_id = game_id;
  const uint64_t game_seed = zobrist::mix(seed_ ^ zobrist::mix(static_cast<uint64_t>(game_id)));
  slot.rng.seed(game_seed);
  slot.search = Search(search_config_, zobrist::mix(game_seed));
  slot.pos = Position(size_, half_komi_);
  slot.search.reset(slot.pos);
  slot.moves.clear();
  slot.samples.clear();
  std::uniform_real_distribution<double> u(0, 1);
  slot.may_resign = config_.resign_threshold > -1 && u(slot.rng) >= config_.no_resign_fraction;
  slot.searching = false;
  slot.would_resign = -1;
  slot.resigned = false;
}

bool SelfPlayRunner::advance(Slot& slot, const std::function<void(FinishedGame&&)>& on_game) {
  std::vector<Move> legal;
  for (;;) {
    if (!slot.searching) {
      if (slot.pos.game_over() || slot.resigned || slot.pos.ply() >= config_.max_plies) {
        finish_game(slot, on_game);
        return false;
      }
      if (slot.pos.ply() < config_.random_opening_plies) {
        generate_moves(slot.pos, legal);
        const Move m = legal[std::uniform_int_distribution<size_t>(0, legal.size() - 1)(slot.rng)];
        slot.pos.play(m);
        slot.search.advance(m);
        slot.moves.push_back(m);
        continue;
      }
      std::uniform_real_distribution<double> u(0, 1);
      slot.full_move = u(slot.rng) < config_.full_search_fraction;
      slot.search.begin(slot.full_move ? config_.full_simulations : config_.cheap_simulations, true);
      slot.searching = true;
    }
    if (slot.search.step() == Search::Step::NeedsEval) return true;
    finish_move(slot);
  }
}

void SelfPlayRunner::finish_move(Slot& slot) {
  slot.searching = false;
  peak_tree_bytes_ = std::max(peak_tree_bytes_, slot.search.memory_bytes());
  PendingSample s;
  s.tps = to_tps(slot.pos);
  s.ply = slot.pos.ply();
  s.side = slot.pos.side_to_move();
  s.full = slot.full_move;
  s.root_value = slot.search.root_value();
  const auto target = slot.search.policy_target();
  for (const auto& [m, p] : target) {
    s.actions.push_back(action_of(m, size_));
    s.probs.push_back(p);
  }
  if (s.full) s.surprise = policy_surprise(target, slot.search.root_priors());
  slot.samples.push_back(std::move(s));
  const float value = slot.search.root_value();
  if (value < config_.resign_threshold) {
    if (slot.may_resign) {
      slot.resigned = true;
      slot.resigner = slot.pos.side_to_move();
      return;
    }
    if (slot.would_resign < 0) slot.would_resign = index(slot.pos.side_to_move());
  }
  Move m = slot.search.chosen_move();
  if (search_config_.algorithm == SearchAlgorithm::Puct && slot.pos.ply() < config_.temperature_plies) {
    // Sample in proportion to visits (temperature 1) so early positions vary.
    const auto visits = slot.search.root_visits();
    double total = 0;
    for (const auto& [mv, n] : visits) total += n;
    double r = std::uniform_real_distribution<double>(0, total)(slot.rng);
    for (const auto& [mv, n] : visits) {
      if ((r -= n) <= 0 && n > 0) {
        m = mv;
        break;
      }
    }
  }
  slot.pos.play(m);
  slot.search.advance(m);
  slot.moves.push_back(m);
}

void SelfPlayRunner::finish_game(Slot& slot, const std::function<void(FinishedGame&&)>& on_game) {
  FinishedGame g;
  const Position& end = slot.pos;
  int white_outcome = 0;  // +1 white won, -1 black won, 0 draw
  if (slot.resigned) {
    white_outcome = slot.resigner == Color::White ? -1 : 1;
    g.result = GameResult::Ongoing;
    g.resigned = true;
  } else if (end.game_over()) {
    white_outcome = result_sign(end.result());
    g.result = end.result();
  } else {
    g.adjudicated = true;  // move limit: a draw, and the PTN says so
    g.result = GameResult::Draw;
  }
  const std::string result_text = slot.resigned   ? (white_outcome > 0 ? "1-0" : "0-1")
                                  : g.adjudicated ? "1/2-1/2"
                                                  : result_string(end.result());
  GameRecord rec;
  rec.size = size_;
  rec.half_komi = half_komi_;
  rec.set_tag("Size", std::to_string(size_));
  rec.set_tag("Komi", komi_text(half_komi_));
  rec.set_tag("Player1", model_id_);
  rec.set_tag("Player2", model_id_);
  rec.set_tag("Result", result_text);
  rec.moves = slot.moves;
  rec.comments.assign(slot.moves.size(), "");
  if (!rec.comments.empty()) {
    if (slot.resigned)
      rec.comments.back() = std::string(slot.resigner == Color::White ? "white" : "black") + " resigns";
    if (g.adjudicated)
      rec.comments.back() = "adjudicated a draw at the move limit of " + std::to_string(config_.max_plies) + " plies";
  }
  rec.result = result_text;
  g.row.ptn = to_ptn_game(rec);
  g.row.result = result_text;
  g.row.id = slot.game_id;
  g.row.length = static_cast<int16_t>(slot.moves.size());
  g.row.resigned = slot.resigned ? 1 : 0;
  g.row.model_id = model_id_;

  const float white_margin = static_cast<float>(end.flat_count(Color::White) - end.flat_count(Color::Black)) -
                             static_cast<float>(half_komi_) / 2.0f;
  std::vector<int8_t> white_owner(static_cast<size_t>(size_ * size_), 0);
  for (int r = 0; r < size_; ++r)
    for (int c = 0; c < size_; ++c) {
      const Square s = make_square(c, r);
      if (end.tops(Color::White) & bit(s)) white_owner[static_cast<size_t>(r * size_ + c)] = 1;
      if (end.tops(Color::Black) & bit(s)) white_owner[static_cast<size_t>(r * size_ + c)] = -1;
    }
  const int length = end.ply();
  for (PendingSample& s : slot.samples) {
    const int sign = s.side == Color::White ? 1 : -1;
    PositionRecord r;
    r.tps = std::move(s.tps);
    r.ply = static_cast<int16_t>(s.ply);
    r.full_search = s.full ? 1 : 0;
    r.root_value = s.root_value;
    r.policy_surprise = s.surprise;
    r.result = static_cast<int8_t>(sign * white_outcome);
    r.flat_margin = static_cast<float>(sign) * white_margin;
    r.moves_left = static_cast<int16_t>(length - s.ply);
    r.ownership.resize(white_owner.size());
    for (size_t i = 0; i < white_owner.size(); ++i) r.ownership[i] = static_cast<int8_t>(sign * white_owner[i]);
    r.policy_actions = std::move(s.actions);
    r.policy_probs = std::move(s.probs);
    g.positions.push_back(std::move(r));
  }
  ++stats_.games;
  stats_.positions += static_cast<int64_t>(g.positions.size());
  if (slot.resigned) ++stats_.resignations;
  if (white_outcome > 0)
    ++stats_.white_wins;
  else if (white_outcome < 0)
    ++stats_.black_wins;
  else
    ++stats_.draws;
  if (slot.would_resign >= 0) {
    ++stats_.resign_checks;
    const int resigner_sign = slot.would_resign == 0 ? 1 : -1;
    if (white_outcome * resigner_sign >= 0) ++stats_.false_resignations;
  }
  on_game(std::move(g));
  if (!draining_ || games_started_ < start_limit_) {
    start_game(slot);
  } else {
    slot.active = false;
  }
}

void SelfPlayRunner::run(int games, bool drain, const std::function<void(FinishedGame&&)>& on_game,
                         const std::function<void(const SelfPlayStats&)>& on_batch, const std::function<bool()>& stop) {
  draining_ = drain;
  start_limit_ = games_started_ + games;
  const int64_t finished_target = stats_.games + games;
  const int parallel = drain ? std::min(config_.parallel_games, games) : config_.parallel_games;
  while (static_cast<int>(slots_.size()) < parallel) slots_.push_back(std::make_unique<Slot>(search_config_));
  for (auto& slot : slots_)
    if (!slot->active && (!drain || games_started_ < start_limit_)) start_game(*slot);
  EvalBatch batch;
  while (stats_.games < finished_target) {
    for (auto& slot : slots_) {
      // A game that ends here may start the next one in the same slot: advance that too.
      while (slot->active && stats_.games < finished_target) {
        if (advance(*slot, on_game)) {
          batch.add(slot->search);
          break;
        }
      }
    }
    if (batch.empty()) break;
    const size_t leaves = batch.size();
    batch.compute(evaluator_);
    ++stats_.batches;
    stats_.evaluations += static_cast<int64_t>(leaves);
    stats_.batch_fill_sum += static_cast<double>(leaves) / parallel;
    if (on_batch) on_batch(stats_);
    if (stop && stop()) break;
  }
}

}  // namespace bredon
