// `bredon serve`: the game site. One process serves the page (built in), the JSON API and live
// updates, keeps every game in SQLite and plays the computer's moves on its own threads.
#include <spdlog/spdlog.h>

#include <pthread.h>

#include <csignal>
#include <thread>

#include "cli/commands.h"
#include "nn/bot_library.h"
#include "nn/torch_threads.h"
#include "serve/http_api.h"

namespace bredon::cli {
namespace {

struct ServeOptions {
  std::string host = "127.0.0.1", db = "bredon.sqlite", models = default_models_dir();
  int port = 8080, bot_threads = 0, http_threads = 512;
  int64_t think_ms = 1000;
};

int run_serve(const ServeOptions& o) {
  configure_torch_threads(1);  // each bot worker thinks on one core
  // Ctrl-C and SIGTERM end the server cleanly; one thread waits for them, so that every other
  // thread (started below, inheriting the mask) is never interrupted holding a lock.
  sigset_t stop_signals;
  sigemptyset(&stop_signals);
  sigaddset(&stop_signals, SIGINT);
  sigaddset(&stop_signals, SIGTERM);
  pthread_sigmask(SIG_BLOCK, &stop_signals, nullptr);
  serve::HubOptions hub_options;
  hub_options.db = o.db;
  hub_options.models = o.models;
  hub_options.bot_threads = o.bot_threads ? o.bot_threads : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  hub_options.think_ms = o.think_ms;
  try {
    serve::GameHub hub(hub_options);
    serve::HttpApi api(hub, o.http_threads);
    const int port = api.bind(o.host, o.port);
    spdlog::info("serve: http://{}:{}/ (bots from {}, games in {})", o.host, port, o.models, o.db);
    if (o.host != "127.0.0.1" && o.host != "localhost" && o.host != "::1")
      spdlog::warn("serve: listening on {}: anyone who can reach this machine can play here (plain HTTP, no TLS)", o.host);
    std::thread stopper([&] {
      int signal = 0;
      sigwait(&stop_signals, &signal);
      spdlog::info("serve: {}, stopping", signal == SIGINT ? "interrupted" : "asked to stop");
      api.stop();
    });
    stopper.detach();  // the process ends with run()
    api.run();
    spdlog::info("serve: stopped; every game is in {}", o.db);
  } catch (const std::runtime_error& e) {  // the database or the address (StoreError is one too)
    throw UsageError(e.what());
  }
  return 0;
}

}  // namespace

void add_serve_command(CLI::App& app, int& exit_code) {
  auto o = std::make_shared<ServeOptions>();
  CLI::App* cmd = app.add_subcommand("serve", "the game site: play the bot or a friend in the browser");
  cmd->add_option("--host", o->host, "address to listen on (127.0.0.1: this machine only)")->capture_default_str();
  cmd->add_option("--port", o->port, "port (0: any free one)")->check(CLI::Range(0, 65535))->capture_default_str();
  cmd->add_option("--db", o->db, "SQLite file with every game (created if missing)")->capture_default_str();
  cmd->add_option("--models", o->models, "folder of bot files, one picked per game by size and komi")->capture_default_str();
  cmd->add_option("--think-ms", o->think_ms, "the hard level's time a move")->check(CLI::Range(10, 600000))->capture_default_str();
  cmd->add_option("--bot-threads", o->bot_threads, "games the computer thinks about at once (0: one per core)")->check(CLI::Range(0, 256));
  cmd->add_option("--http-threads", o->http_threads, "connections served at once; each open page holds two")
      ->check(CLI::Range(4, 4096))->capture_default_str();
  cmd->callback([o, &exit_code] { exit_code = run_serve(*o); });
}

}  // namespace bredon::cli
