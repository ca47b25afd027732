// The HTTP side of `bredon serve` (cpp-httplib): the page from memory, the JSON API and each
// game's live updates as Server-Sent Events. What the API accepts and answers is in README
// ("Play in the browser"). Every state-changing request must carry a seat token in its body
// and, when a browser sends an Origin, come from this server's own page.
#pragma once

#include <httplib.h>

#include <string>

#include "serve/game_hub.h"

namespace bredon::serve {

constexpr size_t kMaxRequestBytes = 64 * 1024;  // the longest legitimate body is a pasted PTN game

class HttpApi {
 public:
  // threads: connections served at once. An open page holds two: its event stream and the
  // kept-alive connection of its requests.
  HttpApi(GameHub& hub, int threads);
  // Binds host:port (port 0: any free port) and returns the port; throws std::runtime_error.
  int bind(const std::string& host, int port);
  void run();   // serves until stop()
  void stop();

 private:
  void routes();

  GameHub& hub_;
  httplib::Server server_;
};

}  // namespace bredon::serve
