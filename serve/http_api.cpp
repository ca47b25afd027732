#include "serve/http_api.h"

#include <spdlog/spdlog.h>

#include "serve/web_assets.h"

namespace bredon::serve {
namespace {

using nlohmann::json;

constexpr const char* kGameId = "([a-z0-9]{1,32})";

void send_json(httplib::Response& res, const json& body, int status = 200) {
  res.status = status;
  res.set_header("Cache-Control", "no-store");
  res.set_content(body.dump(), "application/json");
}

void send_error(httplib::Response& res, int status, const std::string& message) {
  send_json(res, {{"error", message}}, status);
}

// The body as a JSON object (an empty body reads as {}); GameError(400) when it does not parse.
json body_of(const httplib::Request& req) {
  if (req.body.empty()) return json::object();
  try {
    return json::parse(req.body);
  } catch (const json::parse_error& e) {
    throw GameError(400, std::string("the request body is not valid JSON: ") + e.what());
  }
}

// A browser names the page a request comes from; anything but this server's own is refused, so
// another site cannot act with a visitor's stored token. Clients without an Origin (curl, the
// tests) are not browsers and pass.
void check_origin(const httplib::Request& req) {
  if (!req.has_header("Origin")) return;
  const std::string origin = req.get_header_value("Origin");
  const std::string expected = "http://" + req.get_header_value("Host");
  if (origin != expected)
    throw GameError(403, "cross-site request refused: Origin " + origin + " is not this server (" + expected + ")");
}

// Runs a handler, answering GameError (and anything unexpected) with a JSON error.
template <typename Handler>
httplib::Server::Handler guarded(Handler handler) {
  return [handler](const httplib::Request& req, httplib::Response& res) {
    try {
      handler(req, res);
    } catch (const GameError& e) {
      send_error(res, e.status(), e.what());
    } catch (const std::exception& e) {
      spdlog::error("serve: {} {}: {}", req.method, req.path, e.what());
      send_error(res, 500, std::string("internal error: ") + e.what());
    }
  };
}

void send_asset(httplib::Response& res, const std::string& name) {
  const auto& assets = web_assets();
  const auto it = assets.find(name);
  if (it == assets.end()) return send_error(res, 404, "no such page");
  res.set_header("Cache-Control", "no-cache");
  res.set_content(it->second.body, it->second.content_type.c_str());
}

json grant_json(const SeatGrant& g) { return {{"id", g.game_id}, {"seat", g.seat}, {"token", g.token}}; }

}  // namespace

HttpApi::HttpApi(GameHub& hub, int threads) : hub_(hub) {
  const size_t pool = static_cast<size_t>(std::max(4, threads));
  server_.new_task_queue = [pool] { return new httplib::ThreadPool(pool); };
  server_.set_payload_max_length(kMaxRequestBytes);
  server_.set_tcp_nodelay(true);
  server_.set_keep_alive_max_count(1000);  // a page's requests reuse its connection  // small event messages leave at once, not after a delayed ACK
  server_.set_default_headers({{"X-Content-Type-Options", "nosniff"},
                               {"Referrer-Policy", "no-referrer"},
                               {"Content-Security-Policy",
                                "default-src 'self'; img-src 'self' data:; style-src 'self'; frame-ancestors 'none'"}});
  server_.set_error_handler([](const httplib::Request&, httplib::Response& res) {
    if (res.body.empty()) {
      const std::string why = res.status == 413 ? "the request body is larger than " + std::to_string(kMaxRequestBytes) + " bytes"
                                                : "no such page or API (" + std::to_string(res.status) + ")";
      res.set_content(json{{"error", why}}.dump(), "application/json");
    }
  });
  routes();
}

int HttpApi::bind(const std::string& host, int port) {
  const int bound = port == 0 ? server_.bind_to_any_port(host) : (server_.bind_to_port(host, port) ? port : -1);
  if (bound < 0) throw std::runtime_error("cannot listen on " + host + ":" + std::to_string(port) + " (in use, or not an address of this machine)");
  return bound;
}

void HttpApi::run() { server_.listen_after_bind(); }

void HttpApi::stop() {
  hub_.stop();
  server_.stop();
}

void HttpApi::routes() {
  // The page: one document for every game, its scripts and the rules, all from memory.
  server_.Get("/", [](const httplib::Request&, httplib::Response& res) { send_asset(res, "index.html"); });
  server_.Get(std::string("/g/") + kGameId, [](const httplib::Request&, httplib::Response& res) { send_asset(res, "index.html"); });
  server_.Get("/rules", [](const httplib::Request&, httplib::Response& res) { send_asset(res, "rules.html"); });
  server_.Get(R"(/static/([A-Za-z0-9_.-]{1,64}))", [](const httplib::Request& req, httplib::Response& res) {
    send_asset(res, req.matches[1]);
  });

  server_.Get("/api/bots", guarded([this](const httplib::Request&, httplib::Response& res) { send_json(res, hub_.bots()); }));
  server_.Post("/api/games", guarded([this](const httplib::Request& req, httplib::Response& res) {
    check_origin(req);
    const SeatGrant g = hub_.create(body_of(req));
    json out = grant_json(g);
    out["state"] = json::parse(hub_.state(g.game_id, nullptr));
    send_json(res, out, 201);
  }));
  server_.Get(std::string("/api/games/") + kGameId, guarded([this](const httplib::Request& req, httplib::Response& res) {
    res.set_header("Cache-Control", "no-store");
    res.set_content(hub_.state(req.matches[1], nullptr), "application/json");
  }));
  server_.Get(std::string("/api/games/") + kGameId + "/ptn", guarded([this](const httplib::Request& req, httplib::Response& res) {
    const std::string id = req.matches[1];
    res.set_header("Content-Disposition", "attachment; filename=\"bredon-" + id + ".ptn\"");
    res.set_content(hub_.ptn(id), "text/plain; charset=utf-8");
  }));
  server_.Post(std::string("/api/games/") + kGameId + "/join", guarded([this](const httplib::Request& req, httplib::Response& res) {
    check_origin(req);
    body_of(req);
    send_json(res, grant_json(hub_.join(req.matches[1])));
  }));
  server_.Post(std::string("/api/games/") + kGameId + "/(move|resign|draw|undo|rematch)",
               guarded([this](const httplib::Request& req, httplib::Response& res) {
                 check_origin(req);
                 const std::string answer = hub_.act(req.matches[1], req.matches[2], body_of(req));
                 res.set_header("Cache-Control", "no-store");
                 res.set_content(answer, "application/json");
               }));

  // Live updates: every change as the game's whole state. A client that reconnects sends the
  // last id it saw (EventSource does so by itself) and gets the current state at once if it
  // missed anything; comments every 15 s keep proxies from closing the stream.
  server_.Get(std::string("/api/games/") + kGameId + "/events", guarded([this](const httplib::Request& req, httplib::Response& res) {
    const std::string id = req.matches[1];
    hub_.state(id, nullptr);  // 404 for unknown games, before the stream starts
    uint64_t last = 0;
    try {
      last = std::stoull(req.get_header_value("Last-Event-ID"));
    } catch (const std::exception&) {
      last = 0;  // absent or not a number: send the state now
    }
    res.set_header("Cache-Control", "no-store");
    res.set_chunked_content_provider("text/event-stream", [this, id, last, first = true](size_t, httplib::DataSink& sink) mutable {
      std::string message;
      if (first) message = "retry: 1000\n\n";  // reconnect within a second after a drop
      first = false;
      std::string state;
      uint64_t seq = 0;
      if (hub_.wait_change(id, last, std::chrono::seconds(15), &state, &seq)) {
        message += "id: " + std::to_string(seq) + "\nevent: state\ndata: " + state + "\n\n";
        last = seq;
      } else if (hub_.stopping()) {
        sink.done();
        return false;
      } else {
        message += ": still here\n\n";
      }
      return sink.write(message.data(), message.size());
    });
  }));
}

}  // namespace bredon::serve
