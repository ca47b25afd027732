#include "engine/tei_engine.h"

#include <chrono>
#include <cmath>
#include <iostream>
#include <sstream>
#include <vector>

#include "core/error.h"
#include "core/movegen.h"
#include "core/tps.h"
#include "engine/clock_budget.h"

namespace bredon {
namespace {

std::vector<std::string> split_words(const std::string& line) {
  std::istringstream in(line);
  std::vector<std::string> words;
  std::string w;
  while (in >> w) words.push_back(w);
  return words;
}

// Clocks, increments, move times and node counts above this (about 35 years in milliseconds) are
// refused: no real client sends them, and budgets computed from them would overflow.
constexpr int64_t kMaxBudget = int64_t{1} << 40;

// The whole number at words[i], within lo..hi; the error names the parameter and the text.
int64_t parse_number(const std::vector<std::string>& words, size_t i, const std::string& name, int64_t lo,
                     int64_t hi) {
  if (i >= words.size()) throw std::invalid_argument(name + " needs a whole number after it");
  const std::string& w = words[i];
  size_t used = 0;
  long long v = 0;
  try {
    v = std::stoll(w, &used);
  } catch (const std::out_of_range&) {
    throw std::invalid_argument(name + " " + w + " is out of range " + std::to_string(lo) + ".." + std::to_string(hi));
  } catch (const std::invalid_argument&) {
    used = 0;
  }
  if (used == 0 || used != w.size()) throw std::invalid_argument(name + " needs a whole number, not '" + w + "'");
  if (v < lo || v > hi)
    throw std::invalid_argument(name + " " + w + " is out of range " + std::to_string(lo) + ".." + std::to_string(hi));
  return v;
}

}  // namespace

TeiEngine::TeiEngine(std::istream& in, std::ostream& out, std::ostream& err, EvaluatorProvider provider, Level level,
                     int search_threads)
    : in_(in), out_(out), err_(err), provider_(std::move(provider)), level_(level), thinker_(1, search_threads) {}

TeiEngine::~TeiEngine() { stop_search(); }

void TeiEngine::send(const std::string& line) {
  std::lock_guard<std::mutex> guard(out_lock_);
  out_ << line << "\n";
  out_.flush();
}

void TeiEngine::error(const std::string& line, const std::string& why) {
  std::lock_guard<std::mutex> guard(out_lock_);
  err_ << "bredon tei: '" << line << "': " << why << "\n";
  err_.flush();
}

int TeiEngine::run() {
  std::string line;
  while (std::getline(in_, line)) {
    if (!line.empty() && line.back() == '\r') line.pop_back();
    const auto words = split_words(line);
    if (words.empty()) continue;
    if (words[0] == "quit") {
      stop_search();
      return 0;
    }
    try {
      handle(line);
    } catch (const std::exception& e) {
      error(line, e.what());
    }
  }
  finish_search();  // end of input: let a budgeted search answer
  return 0;
}

void TeiEngine::finish_search() {
  if (infinite_) stop_ = true;
  if (searcher_.joinable()) searcher_.join();
  stop_ = false;
}

void TeiEngine::stop_search() {
  stop_ = true;
  if (searcher_.joinable()) searcher_.join();
  stop_ = false;
}

void TeiEngine::handle(const std::string& line) {
  const auto words = split_words(line);
  const std::string& cmd = words[0];
  if (cmd == "tei") {
    send("id name bredon");
    send("id author the bredon developers");
    send("option name HalfKomi type spin default 0 min -20 max 20");
    send("option name Level type combo default " + level_name(level_) + " var easy var medium var hard");
    send("teiok");
  } else if (cmd == "isready") {
    send("readyok");
  } else if (cmd == "stop") {
    stop_search();
  } else if (cmd == "teinewgame") {
    const int64_t n = parse_number(words, 1, "teinewgame (the board size)", kMinSize, kMaxSize);
    stop_search();
    size_ = static_cast<int>(n);
    position_ = Position(size_, half_komi_);
    thinker_.forget();
  } else if (cmd == "setoption") {
    // setoption name <Name> value <v>
    if (words.size() < 5 || words[1] != "name" || words[3] != "value")
      throw std::invalid_argument("expected 'setoption name <Name> value <v>'");
    if (words[2] == "HalfKomi") {
      half_komi_ = static_cast<int>(parse_number(words, 4, "HalfKomi", -20, 20));
      position_.set_half_komi(half_komi_);
    } else if (words[2] == "Level") {
      level_ = parse_level(words[4]);
    } else {
      throw std::invalid_argument("unknown option '" + words[2] + "'");
    }
  } else if (cmd == "position") {
    set_position(words, line);  // a running search has its own copy of the position
  } else if (cmd == "go") {
    stop_search();  // a new `go` replaces a search still running (its bestmove is sent first)
    go(words, line);
  } else {
    throw std::invalid_argument("unknown command");
  }
}

void TeiEngine::set_position(const std::vector<std::string>& words, const std::string& line) {
  (void)line;
  if (words.size() < 2) throw std::invalid_argument("position needs startpos or tps");
  size_t i = 2;
  Position pos(size_, half_komi_);
  if (words[1] == "tps") {
    if (words.size() < 5) throw std::invalid_argument("position tps needs <board> <side> <move number>");
    pos = parse_tps(words[2] + " " + words[3] + " " + words[4], half_komi_);
    i = 5;
  } else if (words[1] != "startpos") {
    throw std::invalid_argument("position needs startpos or tps, not '" + words[1] + "'");
  }
  if (i < words.size()) {
    if (words[i] != "moves") throw std::invalid_argument("expected 'moves', got '" + words[i] + "'");
    for (++i; i < words.size(); ++i) {
      const Move m = parse_ptn_move(words[i], pos.size());
      const std::string why = pos.why_illegal(m);
      if (!why.empty()) throw std::invalid_argument("move '" + words[i] + "' is illegal: " + why);
      pos.play(m);
    }
  }
  size_ = pos.size();
  position_ = pos;
}

void TeiEngine::go(const std::vector<std::string>& words, const std::string& line) {
  (void)line;
  if (position_.game_over())
    throw std::invalid_argument("the game is over (" + result_string(position_.result()) + ")");
  int64_t wtime = -1, btime = -1, winc = 0, binc = 0, movetime = -1, nodes = -1;
  bool infinite = false;
  for (size_t i = 1; i < words.size(); ++i) {
    const std::string& w = words[i];
    if (w == "wtime")
      wtime = parse_number(words, ++i, w, 0, kMaxBudget);
    else if (w == "btime")
      btime = parse_number(words, ++i, w, 0, kMaxBudget);
    else if (w == "winc")
      winc = parse_number(words, ++i, w, 0, kMaxBudget);
    else if (w == "binc")
      binc = parse_number(words, ++i, w, 0, kMaxBudget);
    else if (w == "movetime")
      movetime = parse_number(words, ++i, w, 0, kMaxBudget);
    else if (w == "nodes")
      nodes = parse_number(words, ++i, w, 0, kMaxBudget);
    else if (w == "infinite")
      infinite = true;
    else
      throw std::invalid_argument("unknown go parameter '" + w + "'");
  }
  int64_t budget_ms = -1;  // -1: no time limit
  if (movetime >= 0) budget_ms = std::max<int64_t>(1, movetime - 30);
  const bool white = position_.side_to_move() == Color::White;
  const int64_t own = white ? wtime : btime, inc = white ? winc : binc;
  if (own >= 0) {
    budget_ms = clock_move_budget_ms(position_, own, inc);
  }
  if (!infinite && budget_ms < 0 && nodes < 0) budget_ms = 1000;  // bare `go`: one second
  if (infinite) budget_ms = -1;
  if (!evaluator_ || evaluator_size_ != position_.size() || evaluator_komi_ != position_.half_komi()) {
    std::string description;
    evaluator_ = provider_(position_.size(), position_.half_komi(), &description);
    evaluator_size_ = position_.size();
    evaluator_komi_ = position_.half_komi();
    thinker_.forget();  // its tree's priors came from the evaluator replaced
    send("info string " + description);
  }
  stop_ = false;
  infinite_ = infinite && nodes < 0;
  searcher_ = std::thread(&TeiEngine::search_thread, this, position_, level_, budget_ms, nodes, seed_++);
}

void TeiEngine::search_thread(Position position, Level level, int64_t time_budget_ms, int64_t node_budget,
                              uint64_t seed) {
  Move best;
  try {
    best = thinker_.think(position, *evaluator_, level, time_budget_ms, node_budget, &stop_, seed, [&](const ThinkInfo& i) {
      std::string pv;
      for (Move m : i.pv) pv += " " + to_ptn(m);
      send("info depth " + std::to_string(std::max<size_t>(1, i.pv.size())) + " nodes " + std::to_string(i.nodes) +
           " score cp " + std::to_string(centipawns(i.value)) + " time " + std::to_string(i.time_ms) + " nps " +
           std::to_string(i.time_ms > 0 ? i.nodes * 1000 / i.time_ms : 0) + (pv.empty() ? "" : " pv" + pv));
    });
  } catch (const std::exception& e) {
    error("go", std::string("search failed: ") + e.what());
    best = legal_moves(position).front();
  }
  send("bestmove " + to_ptn(best));
}

}  // namespace bredon
