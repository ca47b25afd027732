// Arbitrary lines to the TEI engine, as a GUI or match runner might send them: whatever comes
// in, it answers without crashing and every bestmove it gives is a move (the position checks
// legality itself). Searches are cut short by an evaluator that gives up after a few leaves.
#include <cstdint>
#include <sstream>
#include <stdexcept>
#include <string>

#include "engine/tei_engine.h"
#include "fuzz_check.h"
#include "search/heuristic_evaluator.h"

namespace {

class ImpatientEvaluator : public bredon::HeuristicEvaluator {
 public:
  void evaluate(const std::vector<bredon::EvalRequest>& requests, std::vector<bredon::EvalResult>& results) override {
    if (++calls_ > 40) throw std::runtime_error("fuzzing: enough of this search");
    HeuristicEvaluator::evaluate(requests, results);
  }

 private:
  int calls_ = 0;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::istringstream in(std::string(reinterpret_cast<const char*>(data), size));
  std::ostringstream out, err;
  bredon::TeiEngine engine(
      in, out, err,
      [](int, int, std::string* description) -> std::unique_ptr<bredon::Evaluator> {
        *description = "fuzzing";
        return std::make_unique<ImpatientEvaluator>();
      },
      bredon::Level::Hard);
  FUZZ_CHECK(engine.run() == 0);
  std::istringstream lines(out.str());
  std::string line;
  while (std::getline(lines, line))
    if (line.rfind("bestmove", 0) == 0) FUZZ_CHECK(line.size() > 9);
  return 0;
}
