// `bredon bench think [--model <bot file>] [--ms 1000] [--positions 3] [--reference "<TEI command>"]`:
// the hard level's nodes per second at a time per move, on middle-game positions the bot reaches
// against itself, measured three ways in the same run:
// - before: one leaf at a time on one search thread with LibTorch on every core (the bot until
//   session 6; its Thinker with an evaluator that asks for batches of one and cannot be cloned);
// - after: the bot as `tei` runs it now (batches under virtual loss, a search thread per core);
// - raw: the network alone on the same batches from the same number of threads, the ceiling.
// With --reference, a TEI engine (Tiltak) searches the same positions for the same time and its
// own reported nps is printed beside. Last lines: `think_speedup` (after / before) and
// `think_vs_raw_ratio` (after / raw).
#include <chrono>
#include <cstdio>
#include <memory>
#include <thread>

#include "arena/tei_client.h"
#include "cli/commands.h"
#include "core/movegen.h"
#include "core/tps.h"
#include "nn/bot_library.h"
#include "nn/checkpoint.h"
#include "nn/nn_evaluator.h"
#include "search/bot_search.h"

namespace bredon::cli {

namespace {

struct BenchThinkOptions {
  std::string model = default_models_dir() + "/4x4.ckpt", reference;
  int64_t ms = 1000;
  int positions = 3;
};

// The bot's evaluator as it was: one leaf per call, one search thread.
class OneAtATime : public Evaluator {
 public:
  explicit OneAtATime(Evaluator& inner) : inner_(inner) {}
  void evaluate(const std::vector<EvalRequest>& requests, std::vector<EvalResult>& results) override {
    inner_.evaluate(requests, results);
  }

 private:
  Evaluator& inner_;
};

double nodes_per_second(const ThinkInfo& info) {
  return info.time_ms > 0 ? 1000.0 * static_cast<double>(info.nodes) / static_cast<double>(info.time_ms) : 0;
}

// Positions/s of `threads` threads each evaluating batches of `batch` copies of `pos`.
double raw_rate(const TakNet& net, const Position& pos, int batch, int threads, double seconds) {
  const std::vector<Move> moves = legal_moves(pos);
  std::vector<int64_t> done(static_cast<size_t>(threads), 0);
  const auto end = std::chrono::steady_clock::now() + std::chrono::duration<double>(seconds);
  auto run = [&](int t) {
    NetworkEvaluator eval(net);
    std::vector<EvalRequest> requests(static_cast<size_t>(batch), EvalRequest{&pos, &moves});
    std::vector<EvalResult> results;
    while (std::chrono::steady_clock::now() < end) {
      eval.evaluate(requests, results);
      done[static_cast<size_t>(t)] += batch;
    }
  };
  std::vector<std::thread> pool;
  for (int t = 0; t < threads; ++t) pool.emplace_back(run, t);
  for (auto& p : pool) p.join();
  int64_t total = 0;
  for (int64_t d : done) total += d;
  return static_cast<double>(total) / seconds;
}

// The reference engine's own nps after `ms` on `pos` (its last info line), through the match's
// TEI client; 0 when it reports none.
double reference_nps(const std::string& command, const Position& pos, int64_t ms) {
  TeiClientPlayer engine(command, pos.size(), pos.half_komi(), static_cast<int>(ms));
  engine.new_game(pos);
  engine.choose(pos);
  return engine.last_nps();
}

int bench_think(const BenchThinkOptions& o) {
  LoadedCheckpoint ck = load_checkpoint(o.model);
  TakNet net = ck.net;
  net->eval();
  net->use_channels_last();
  const int cores = configure_threads_for_bot_search();
  const int batch = leaves_per_thread(NetworkEvaluator(net), cores);
  std::printf("network %s (%dx%d), %d cores, time per move %lld ms, after: %d threads x batches of %d\n",
              o.model.c_str(), ck.meta.size, ck.meta.size, cores, static_cast<long long>(o.ms), cores, batch);

  // Middle-game positions: the bot's medium level against itself from two-ply openings.
  std::vector<Position> positions;
  for (int i = 0; i < o.positions; ++i) {
    Position pos(ck.meta.size, ck.meta.half_komi);
    const std::vector<Move> first = legal_moves(pos);
    pos.play(first[static_cast<size_t>(i * 7) % first.size()]);
    const std::vector<Move> second = legal_moves(pos);
    pos.play(second[static_cast<size_t>(i * 13 + 5) % second.size()]);
    NetworkEvaluator eval(net);
    for (int ply = 0; ply < 2 * ck.meta.size && !pos.game_over(); ++ply)
      pos.play(think(pos, eval, Level::Medium, -1, -1, nullptr, static_cast<uint64_t>(i), nullptr));
    if (!pos.game_over()) positions.push_back(pos);
  }

  double before_sum = 0, after_sum = 0, raw_sum = 0, reference_sum = 0;
  for (const Position& pos : positions) {
    // Before: the search on its own thread (as `tei` ran it), LibTorch on every core.
    configure_torch_threads(0);
    ThinkInfo before;
    std::thread([&] {
      NetworkEvaluator eval(net);
      OneAtATime one(eval);
      think(pos, one, Level::Hard, o.ms, -1, nullptr, 1, [&](const ThinkInfo& i) { before = i; });
    }).join();
    configure_threads_for_bot_search();
    ThinkInfo after;
    std::thread([&] {
      NetworkEvaluator eval(net);
      Thinker(1, cores).think(pos, eval, Level::Hard, o.ms, -1, nullptr, 1, [&](const ThinkInfo& i) { after = i; });
    }).join();
    const double raw = raw_rate(net, pos, batch, cores, o.ms / 1000.0);
    const double reference = o.reference.empty() ? 0 : reference_nps(o.reference, pos, o.ms);
    std::printf("position %s\n  before %8.0f nodes/s  after %8.0f nodes/s%s  raw network %8.0f positions/s",
                to_tps(pos).c_str(), nodes_per_second(before), nodes_per_second(after),
                after.solved ? " (solved)" : "", raw);
    if (!o.reference.empty()) std::printf("  reference %9.0f nodes/s", reference);
    const int64_t search_ms = after.time_ms - after.solver_ms;
    std::printf("\n  after: solver %lld ms of %lld, search alone %8.0f nodes/s\n", static_cast<long long>(after.solver_ms),
                static_cast<long long>(after.time_ms),
                search_ms > 0 ? 1000.0 * static_cast<double>(after.nodes) / static_cast<double>(search_ms) : 0.0);
    std::fflush(stdout);
    before_sum += nodes_per_second(before);
    after_sum += nodes_per_second(after);
    raw_sum += raw;
    reference_sum += reference;
  }
  const double n = static_cast<double>(std::max<size_t>(positions.size(), 1));
  std::printf("mean before %.0f after %.0f raw %.0f%s\n", before_sum / n, after_sum / n, raw_sum / n,
              o.reference.empty() ? "" : (" reference " + std::to_string(static_cast<int64_t>(reference_sum / n))).c_str());
  std::printf("think_speedup %.2f\n", before_sum > 0 ? after_sum / before_sum : 0.0);
  std::printf("think_vs_raw_ratio %.2f\n", raw_sum > 0 ? after_sum / raw_sum : 0.0);
  return 0;
}

}  // namespace

void add_bench_think(CLI::App& bench, int& exit_code) {
  auto o = std::make_shared<BenchThinkOptions>();
  CLI::App* cmd = bench.add_subcommand(
      "think", "the hard level's nodes/s, before and after batching and threads, against the raw network");
  cmd->add_option("--model", o->model, "bot file")->capture_default_str();
  cmd->add_option("--ms", o->ms, "milliseconds per move")->check(CLI::Range(10, 600000))->capture_default_str();
  cmd->add_option("--positions", o->positions, "middle-game positions, 1..20")->check(CLI::Range(1, 20));
  cmd->add_option("--reference", o->reference, "a TEI engine command to measure on the same positions (Tiltak)");
  cmd->callback([o, &exit_code] { exit_code = bench_think(*o); });
}

}  // namespace bredon::cli
