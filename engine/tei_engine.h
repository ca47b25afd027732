// The engine side of TEI: UCI with `uci` renamed `tei`, as the Tak
// match runner Racetrack and the engines Tiltak, Taktician and TakZero speak it. Search runs on
// its own thread so `stop`, `isready` and `quit` are answered at once; a malformed or unknown
// line gets an error on stderr and the engine carries on.
#pragma once

#include <atomic>
#include <functional>
#include <iosfwd>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

#include "core/position.h"
#include "search/bot_search.h"
#include "search/evaluator.h"

namespace bredon {

// Gives the evaluator for a board size and komi; `description` says what it is (shown in an
// `info string` line). A network trained for another size falls back to a model-free search.
using EvaluatorProvider = std::function<std::unique_ptr<Evaluator>(int size, int half_komi, std::string* description)>;

class TeiEngine {
 public:
  // search_threads: the hard level's threads (Thinker), when the evaluator can be cloned.
  TeiEngine(std::istream& in, std::ostream& out, std::ostream& err, EvaluatorProvider provider, Level level,
            int search_threads = 1);
  ~TeiEngine();
  // Reads commands until `quit` or end of input. Returns the exit code.
  int run();

 private:
  void handle(const std::string& line);
  void send(const std::string& line);
  void error(const std::string& line, const std::string& why);
  void set_position(const std::vector<std::string>& words, const std::string& line);
  void go(const std::vector<std::string>& words, const std::string& line);
  void stop_search();
  // Lets a search with a budget finish (a client waits for bestmove before its next command);
  // an infinite one is stopped.
  void finish_search();
  // Searches its own copy of the position and settings, so that commands read meanwhile (a new
  // `position`, `setoption`) never touch what it is searching.
  void search_thread(Position position, Level level, int64_t time_budget_ms, int64_t node_budget, uint64_t seed);

  std::istream& in_;
  std::ostream& out_;
  std::ostream& err_;
  EvaluatorProvider provider_;
  Level level_;
  int size_ = 5;
  int half_komi_ = 0;
  Position position_{5};
  std::unique_ptr<Evaluator> evaluator_;
  Thinker thinker_;  // used by one search thread at a time; keeps its tree from move to move
  int evaluator_size_ = 0, evaluator_komi_ = 0;
  std::mutex out_lock_;
  std::thread searcher_;
  std::atomic<bool> stop_{false};
  bool infinite_ = false;
  uint64_t seed_ = 1;
};

}  // namespace bredon
