#include "selfplay/selfplay_pool.h"

#include <atomic>
#include <chrono>
#include <exception>
#include <mutex>
#include <thread>

namespace bredon {

SelfPlayPool::SelfPlayPool(int workers, int size, int half_komi, const SelfPlayConfig& config,
                           const SearchConfig& search,
                           const std::function<std::unique_ptr<Evaluator>()>& make_evaluator, uint64_t seed,
                           const std::string& model_id, int64_t first_game_id) {
  workers = std::max(1, workers);
  SelfPlayConfig c = config;
  c.parallel_games = std::max(1, config.parallel_games / workers);
  for (int w = 0; w < workers; ++w) {
    evaluators_.push_back(make_evaluator());
    runners_.push_back(
        std::make_unique<SelfPlayRunner>(size, half_komi, c, search, *evaluators_.back(), seed, model_id));
    runners_.back()->set_game_ids(first_game_id + w, workers);
  }
}

SelfPlayPool::~SelfPlayPool() = default;

void SelfPlayPool::set_model_id(const std::string& id) {
  for (auto& r : runners_) r->set_model_id(id);
}

PoolResult SelfPlayPool::play(int games, bool drain, const std::function<void(FinishedGame&&)>& on_game,
                              const std::function<void(const SelfPlayStats&)>& on_progress,
                              const std::function<bool()>& stop) {
  const size_t workers = runners_.size();
  std::mutex lock;
  std::vector<SelfPlayStats> before(workers), now(workers);
  for (size_t w = 0; w < workers; ++w) before[w] = now[w] = runners_[w]->stats();
  std::atomic<int> finished{0};
  std::exception_ptr failure;
  auto totals = [&] {
    SelfPlayStats t;
    for (size_t w = 0; w < workers; ++w) {
      const SelfPlayStats &a = now[w], &b = before[w];
      t.games += a.games - b.games;
      t.positions += a.positions - b.positions;
      t.evaluations += a.evaluations - b.evaluations;
      t.batches += a.batches - b.batches;
      t.batch_fill_sum += a.batch_fill_sum - b.batch_fill_sum;
      t.resignations += a.resignations - b.resignations;
      t.white_wins += a.white_wins - b.white_wins;
      t.black_wins += a.black_wins - b.black_wins;
      t.draws += a.draws - b.draws;
      t.resign_checks += a.resign_checks - b.resign_checks;
      t.false_resignations += a.false_resignations - b.false_resignations;
    }
    return t;
  };
  const auto start = std::chrono::steady_clock::now();
  auto work = [&](size_t w) {
    try {
      // Draining: each worker plays its fixed share. Otherwise all play until the total is reached.
      const int share =
          drain ? games / static_cast<int>(workers) + (static_cast<int>(w) < games % static_cast<int>(workers) ? 1 : 0)
                : games;
      if (share == 0) return;
      runners_[w]->run(
          share, drain,
          [&](FinishedGame&& g) {
            std::lock_guard<std::mutex> guard(lock);
            ++finished;
            on_game(std::move(g));
          },
          [&](const SelfPlayStats& s) {
            std::lock_guard<std::mutex> guard(lock);
            now[w] = s;
            if (on_progress && w == 0) on_progress(totals());
          },
          [&] { return (!drain && finished.load() >= games) || (stop && stop()); });
      std::lock_guard<std::mutex> guard(lock);
      now[w] = runners_[w]->stats();
    } catch (...) {
      std::lock_guard<std::mutex> guard(lock);
      if (!failure) failure = std::current_exception();
      finished = games;  // let the others stop
    }
  };
  std::vector<std::thread> threads;
  for (size_t w = 1; w < workers; ++w) threads.emplace_back(work, w);
  work(0);
  for (auto& t : threads) t.join();
  if (failure) std::rethrow_exception(failure);
  PoolResult out;
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  out.stats = totals();
  for (auto& r : runners_) out.peak_tree_bytes = std::max(out.peak_tree_bytes, r->peak_tree_bytes());
  return out;
}

}  // namespace bredon
