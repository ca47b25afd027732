// `bredon bench serve`: many friend games at once over loopback, each side a client that holds
// the game's event stream open and answers every state where it is to move with a random legal
// move. Reports moves/s accepted, the time from a move's POST to its arrival on the opponent's
// event stream (p50, p99), and memory per game; for reference, an idle GET round trip measured
// in the same run. The last line is `serve_p99_ms <x>`.
#include <httplib.h>
#include <spdlog/spdlog.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include "cli/commands.h"
#include "serve/http_api.h"

namespace bredon::cli {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

struct BenchServeOptions {
  int games = 200, size = 6;
  double seconds = 15;
  int think_ms = 250;  // a player's pause before each move (uniform 0..2x): blitz; 0: flat out
};

int64_t rss_kb() {
  std::ifstream status("/proc/self/status");
  std::string key;
  while (status >> key) {
    if (key == "VmRSS:") {
      int64_t kb = 0;
      status >> kb;
      return kb;
    }
    status.ignore(1 << 20, '\n');
  }
  return 0;
}

double percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())))];
}

// One game's shared record: who posted which ply when, so the opponent's stream can time it.
struct GameSlot {
  std::string id;
  std::string tokens[2];
  std::atomic<int> posted_ply{-1};
  std::atomic<int64_t> posted_at_ns{0};
};

struct Results {
  std::mutex mutex;
  std::vector<double> latencies_ms;
  std::atomic<int64_t> moves{0}, refused{0};
};

// A player: reads the game's events; on its turn posts a random legal move.
void play_side(int port, GameSlot& game, int side, int think_ms, const std::atomic<bool>& stop, Results& results, uint64_t seed) {
  httplib::Client stream("127.0.0.1", port), poster("127.0.0.1", port);
  poster.set_keep_alive(true);
  poster.set_tcp_nodelay(true);
  stream.set_tcp_nodelay(true);
  std::mt19937_64 rng(seed);
  std::string buffer;
  int last_handled_ply = -1;
  stream.Get(("/api/games/" + game.id + "/events").c_str(), [&](const char* data, size_t n) {
    buffer.append(data, n);
    for (size_t end; (end = buffer.find("\n\n")) != std::string::npos; buffer.erase(0, end + 2)) {
      const size_t at = buffer.find("data: ");
      if (at == std::string::npos || at > end) continue;
      const json state = json::parse(buffer.substr(at + 6, end - at - 6));
      const int ply = state["moves"].size();
      const bool mine = state["turn"] == (side == 0 ? "white" : "black");
      if (mine && game.posted_ply.load() == ply && ply > last_handled_ply) {  // the opponent's move, arrived
        const double ms = static_cast<double>(Clock::now().time_since_epoch().count() - game.posted_at_ns.load()) / 1e6;
        std::lock_guard<std::mutex> lock(results.mutex);
        results.latencies_ms.push_back(ms);
      }
      if (!mine || !state["result"].get<std::string>().empty() || ply <= last_handled_ply || stop) continue;
      last_handled_ply = ply;
      const auto& legal = state["legal"];
      const std::string move = legal[rng() % legal.size()];
      if (think_ms > 0) std::this_thread::sleep_for(std::chrono::milliseconds(rng() % (2 * think_ms + 1)));
      game.posted_at_ns = Clock::now().time_since_epoch().count();
      game.posted_ply = ply + 1;
      const auto r = poster.Post(("/api/games/" + game.id + "/move").c_str(), json{{"token", game.tokens[side]}, {"move", move}}.dump(),
                                 "application/json");
      if (r) (r->status == 200 ? results.moves : results.refused)++;  // no answer: the bench is ending
    }
    return !stop.load();
  });
}

int bench_serve(const BenchServeOptions& o) {
  const std::string db = (std::filesystem::temp_directory_path() / ("bredon_bench_serve_" + std::to_string(::getpid()) + ".sqlite")).string();
  serve::HubOptions hub_options;
  hub_options.db = db;
  hub_options.models = "";
  hub_options.bot_threads = 1;
  auto hub = std::make_unique<serve::GameHub>(hub_options);
  // Each side holds a stream and a kept-alive connection.
  auto api = std::make_unique<serve::HttpApi>(*hub, 4 * o.games + 64);
  const int port = api->bind("127.0.0.1", 0);
  std::thread server([&] { api->run(); });

  httplib::Client setup("127.0.0.1", port);
  for (int i = 0; i < 100 && !setup.Get("/api/bots"); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(20));
  const int64_t rss_before = rss_kb();  // the server up, its threads started, no games yet
  std::vector<std::unique_ptr<GameSlot>> games;
  for (int i = 0; i < o.games; ++i) {
    auto g = std::make_unique<GameSlot>();
    const auto created = setup.Post("/api/games", json{{"size", o.size}, {"opponent", "friend"}}.dump(), "application/json");
    if (!created) throw std::runtime_error("bench serve: the server did not answer while creating games");
    const json c = json::parse(created->body);
    const auto joined = setup.Post(("/api/games/" + c["id"].get<std::string>() + "/join").c_str(), "{}", "application/json");
    if (!joined) throw std::runtime_error("bench serve: the server did not answer while joining games");
    const json j = json::parse(joined->body);
    g->id = c["id"];
    g->tokens[0] = c["token"];
    g->tokens[1] = j["token"];
    games.push_back(std::move(g));
  }
  const int64_t rss_games = rss_kb();
  // The reference: an idle round trip on the same server and loopback, before the load.
  std::vector<double> idle;
  for (int i = 0; i < 200; ++i) {
    const auto t0 = Clock::now();
    setup.Get(("/api/games/" + games[i % games.size()]->id).c_str());
    idle.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
  }

  Results results;
  std::atomic<bool> stop{false};
  std::vector<std::thread> players;
  const auto start = Clock::now();
  for (int i = 0; i < o.games; ++i)
    for (int side = 0; side < 2; ++side)
      players.emplace_back([&, i, side] { play_side(port, *games[i], side, o.think_ms, stop, results, 1000 + 2 * i + side); });
  int64_t last_moves = 0;
  for (double t = 0; t < o.seconds; t += 1) {
    std::this_thread::sleep_for(std::chrono::seconds(1));
    const int64_t m = results.moves.load();
    spdlog::info("bench serve: {:.0f}/{:.0f} s, {} moves/s", t + 1, o.seconds, m - last_moves);
    last_moves = m;
  }
  stop = true;
  const double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  const int64_t rss_loaded = rss_kb();
  api->stop();
  for (auto& t : players) t.join();
  server.join();
  api.reset();
  hub.reset();
  for (const char* suffix : {"", "-wal", "-shm"}) std::filesystem::remove(db + suffix);

  std::vector<double> latencies;
  {
    std::lock_guard<std::mutex> lock(results.mutex);
    latencies = results.latencies_ms;
  }
  std::printf("serve games %d size %d think_ms %d seconds %.1f moves %lld refused %lld moves_per_s %.0f\n", o.games, o.size, o.think_ms, elapsed,
              static_cast<long long>(results.moves.load()), static_cast<long long>(results.refused.load()),
              static_cast<double>(results.moves.load()) / elapsed);
  std::printf("move to opponent's event stream: p50_ms %.2f p99_ms %.2f (%zu timed)\n", percentile(latencies, 0.5),
              percentile(latencies, 0.99), latencies.size());
  std::printf("reference, idle GET round trip: p50_ms %.2f p99_ms %.2f\n", percentile(idle, 0.5), percentile(idle, 0.99));
  std::printf("memory per game: %.1f KB stored by the server (RSS growth while creating them), %.0f KB with both "
              "players connected (their threads and streams on both ends, in this one process)\n",
              static_cast<double>(rss_games - rss_before) / o.games, static_cast<double>(rss_loaded - rss_before) / o.games);
  std::printf("serve_p99_ms %.2f\n", percentile(latencies, 0.99));
  return results.refused.load() ? 1 : 0;
}

}  // namespace

void add_bench_serve(CLI::App& bench, int& exit_code) {
  auto o = std::make_shared<BenchServeOptions>();
  CLI::App* cmd = bench.add_subcommand("serve", "friend games at once over loopback: moves/s, move-to-opponent latency, memory per game");
  cmd->add_option("--games", o->games, "games at once, 1..2000")->check(CLI::Range(1, 2000))->capture_default_str();
  cmd->add_option("--size", o->size, "board size")->check(CLI::Range(3, 8))->capture_default_str();
  cmd->add_option("--seconds", o->seconds, "how long to play")->check(CLI::Range(1.0, 3600.0))->capture_default_str();
  cmd->add_option("--think-ms", o->think_ms, "each player's mean pause before a move (0: flat out, which measures queueing)")
      ->check(CLI::Range(0, 60000))->capture_default_str();
  cmd->callback([o, &exit_code] { exit_code = bench_serve(*o); });
}

}  // namespace bredon::cli
