// bredon serve's API, over real HTTP on a free port: whole games against each level, friends
// and a watcher over Server-Sent Events, 100 random games against the rules core, every kind
// of bad request, the offers, the clock, and a restart from the database.
#include <gtest/gtest.h>
#include <httplib.h>

#include <atomic>
#include <cmath>
#include <filesystem>
#include <fstream>
#include <random>
#include <thread>

#include "core/movegen.h"
#include "core/move.h"
#include "core/tps.h"
#include "serve/http_api.h"

namespace bredon::serve {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

std::string temp_db(const std::string& name) {
  const fs::path p = fs::temp_directory_path() / ("bredon_serve_test_" + name + "_" + std::to_string(::getpid()) + ".sqlite");
  for (const char* suffix : {"", "-wal", "-shm"}) fs::remove(p.string() + suffix);
  return p.string();
}

// A server on its own thread for one test.
class Server {
 public:
  explicit Server(const std::string& db, int64_t think_ms = 20) {
    HubOptions o;
    o.db = db;
    o.models = std::string(BREDON_SOURCE_DIR) + "/models";
    o.bot_threads = 2;
    o.think_ms = think_ms;
    hub_ = std::make_unique<GameHub>(o);
    api_ = std::make_unique<HttpApi>(*hub_, 64);
    port_ = api_->bind("127.0.0.1", 0);
    thread_ = std::thread([this] { api_->run(); });
  }
  ~Server() {
    api_->stop();
    thread_.join();
  }
  int port() const { return port_; }
  GameHub& hub() { return *hub_; }

 private:
  std::unique_ptr<GameHub> hub_;
  std::unique_ptr<HttpApi> api_;
  int port_ = 0;
  std::thread thread_;
};

struct Reply {
  int status = 0;
  json body;
};

class Client {
 public:
  explicit Client(int port) : http_("127.0.0.1", port) { http_.set_read_timeout(30, 0); }
  Reply post(const std::string& path, const std::string& body, const httplib::Headers& headers = {}) {
    auto r = http_.Post(path.c_str(), headers, body, "application/json");
    return parse(r);
  }
  Reply post(const std::string& path, const json& body) { return post(path, body.dump()); }
  Reply get(const std::string& path) { return parse(http_.Get(path.c_str())); }

 private:
  static Reply parse(const httplib::Result& r) {
    if (!r) return {0, json()};
    Reply out{r->status, json()};
    try {
      out.body = json::parse(r->body);
    } catch (const json::parse_error&) {
      out.body = r->body;
    }
    return out;
  }
  httplib::Client http_;
};

// Replays a state's moves with the rules core: its TPS and result must be the server's.
void expect_matches_rules_core(const json& state) {
  const int half_komi = static_cast<int>(std::lround(2 * state["komi"].get<double>()));
  Position p = state["start_tps"].get<std::string>().empty() ? Position(state["size"].get<int>(), half_komi)
                                                              : parse_tps(state["start_tps"].get<std::string>(), half_komi);
  for (const auto& m : state["moves"]) p.play_checked(parse_ptn_move(m.get<std::string>(), p.size()));
  EXPECT_EQ(state["tps"].get<std::string>(), to_tps(p));
  if (p.game_over()) {
    EXPECT_EQ(state["result"].get<std::string>(), result_string(p.result()));
  }
}

json wait_for(Client& c, const std::string& id, const std::function<bool(const json&)>& ready) {
  for (int i = 0; i < 3000; ++i) {
    const Reply r = c.get("/api/games/" + id);
    if (ready(r.body)) return r.body;
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  }
  ADD_FAILURE() << "game " << id << " never got ready";
  return c.get("/api/games/" + id).body;
}

std::string random_legal(const json& state, std::mt19937& rng) {
  const auto& legal = state["legal"];
  return legal[std::uniform_int_distribution<size_t>(0, legal.size() - 1)(rng)].get<std::string>();
}

TEST(ServeApi, AWholeGameAgainstEachLevel) {
  Server server(temp_db("levels"));
  Client c(server.port());
  std::mt19937 rng(7);
  for (const std::string level : {"easy", "medium", "hard"}) {
    const Reply created = c.post("/api/games", json{{"size", 4}, {"opponent", level}, {"color", "black"}});
    ASSERT_EQ(created.status, 201) << created.body;
    const std::string id = created.body["id"], token = created.body["token"];
    EXPECT_EQ(created.body["seat"], "black");
    EXPECT_NE(created.body["state"]["bot"].get<std::string>().find("4x4.ckpt"), std::string::npos) << "the page says which network plays";
    json s;
    for (;;) {
      s = wait_for(c, id, [](const json& st) { return !st["result"].get<std::string>().empty() || st["turn"] == "black"; });
      if (!s["result"].get<std::string>().empty()) break;
      const Reply moved = c.post("/api/games/" + id + "/move", json{{"token", token}, {"move", random_legal(s, rng)}});
      ASSERT_EQ(moved.status, 200) << moved.body;
    }
    expect_matches_rules_core(s);
    EXPECT_EQ(s["seats"]["white"]["kind"], level);
    const Reply ptn = c.get("/api/games/" + id + "/ptn");
    EXPECT_NE(ptn.body.get<std::string>().find("[Player1 \"bredon " + level + "\"]"), std::string::npos);
  }
}

// Collects a game's events the way a browser's EventSource would.
class EventListener {
 public:
  EventListener(int port, const std::string& id, const std::string& last_event_id = "") : http_("127.0.0.1", port) {
    thread_ = std::thread([this, id, last_event_id] {
      httplib::Headers headers;
      if (!last_event_id.empty()) headers.emplace("Last-Event-ID", last_event_id);
      std::string buffer;
      http_.Get(("/api/games/" + id + "/events").c_str(), headers, [&](const char* data, size_t n) {
        buffer.append(data, n);
        for (size_t end; (end = buffer.find("\n\n")) != std::string::npos; buffer.erase(0, end + 2)) {
          const std::string event = buffer.substr(0, end);
          const size_t data_at = event.find("data: ");
          if (data_at == std::string::npos) continue;
          std::lock_guard<std::mutex> lock(mutex_);
          states_.push_back(json::parse(event.substr(data_at + 6)));
        }
        return !stop_;
      });
    });
  }
  ~EventListener() {
    stop_ = true;
    http_.stop();
    thread_.join();
  }
  std::vector<json> states() {
    std::lock_guard<std::mutex> lock(mutex_);
    return states_;
  }
  json wait_for_seq(uint64_t seq) {
    for (int i = 0; i < 2000; ++i) {
      {
        std::lock_guard<std::mutex> lock(mutex_);
        if (!states_.empty() && states_.back()["seq"].get<uint64_t>() >= seq) return states_.back();
      }
      std::this_thread::sleep_for(std::chrono::milliseconds(5));
    }
    ADD_FAILURE() << "no event with seq " << seq;
    return json();
  }

 private:
  httplib::Client http_;
  std::atomic<bool> stop_{false};
  std::mutex mutex_;
  std::vector<json> states_;
  std::thread thread_;
};

TEST(ServeApi, TwoFriendsAndAWatcherOverLiveEvents) {
  Server server(temp_db("friends"));
  Client alice(server.port()), bob(server.port()), carol(server.port());
  const Reply created = alice.post("/api/games", json{{"size", 5}, {"opponent", "friend"}, {"color", "white"}});
  ASSERT_EQ(created.status, 201);
  const std::string id = created.body["id"], white = created.body["token"];
  EXPECT_EQ(white.size(), 32u) << "128 bits in hex";
  const Reply joined = bob.post("/api/games/" + id + "/join", json::object());
  ASSERT_EQ(joined.status, 200) << joined.body;
  EXPECT_EQ(joined.body["seat"], "black");
  const std::string black = joined.body["token"];
  const Reply third = carol.post("/api/games/" + id + "/join", json::object());
  EXPECT_EQ(third.status, 409);
  EXPECT_NE(third.body["error"].get<std::string>().find("you can watch"), std::string::npos);

  EventListener watcher(server.port(), id);
  std::mt19937 rng(11);
  json s = alice.get("/api/games/" + id).body;
  while (s["result"].get<std::string>().empty()) {
    const bool white_to_move = s["turn"] == "white";
    Client& mover = white_to_move ? alice : bob;
    const Reply r = mover.post("/api/games/" + id + "/move", json{{"token", white_to_move ? white : black}, {"move", random_legal(s, rng)}});
    ASSERT_EQ(r.status, 200) << r.body;
    s = r.body["state"];
    // The move reaches the watcher as an event carrying the new state.
    const json seen = watcher.wait_for_seq(s["seq"].get<uint64_t>());
    ASSERT_EQ(seen["tps"], s["tps"]);
  }
  expect_matches_rules_core(s);
  // A client that reconnects with the last id it saw gets what it missed at once.
  EventListener late(server.port(), id, std::to_string(s["seq"].get<uint64_t>() - 3));
  EXPECT_EQ(late.wait_for_seq(s["seq"].get<uint64_t>())["ptn"], s["ptn"]);
}

TEST(ServeApi, HundredRandomGamesEndAsTheRulesCoreSays) {
  Server server(temp_db("random"));
  Client c(server.port());
  std::mt19937 rng(2026);
  int roads = 0, flats = 0;
  for (int game = 0; game < 100; ++game) {
    const int size = 3 + game % 4;
    const Reply created = c.post("/api/games", json{{"size", size}, {"opponent", "friend"}, {"komi", (game % 3) * 0.5}});
    ASSERT_EQ(created.status, 201) << created.body;
    const std::string id = created.body["id"];
    const std::string tokens[2] = {created.body["token"], c.post("/api/games/" + id + "/join", json::object()).body["token"]};
    json s = created.body["state"];
    while (s["result"].get<std::string>().empty()) {
      const Reply r = c.post("/api/games/" + id + "/move",
                             json{{"token", tokens[s["turn"] == "white" ? 0 : 1]}, {"move", random_legal(s, rng)}});
      ASSERT_EQ(r.status, 200) << r.body;
      s = r.body["state"];
    }
    expect_matches_rules_core(s);
    (s["reason"] == "road" ? roads : flats)++;
  }
  EXPECT_GT(roads, 0);
  EXPECT_GT(flats, 0);
}

TEST(ServeApi, BadRequestsGetAClearErrorAndChangeNothing) {
  Server server(temp_db("bad"));
  Client c(server.port());
  const Reply created = c.post("/api/games", json{{"size", 3}, {"opponent", "friend"}});
  const std::string id = created.body["id"], white = created.body["token"];
  const std::string black = c.post("/api/games/" + id + "/join", json::object()).body["token"];
  ASSERT_EQ(c.post("/api/games/" + id + "/move", json{{"token", white}, {"move", "a1"}}).status, 200);
  const json before = c.get("/api/games/" + id).body;

  auto expect_error = [&](const Reply& r, int status, const std::string& words) {
    EXPECT_EQ(r.status, status) << r.body;
    ASSERT_TRUE(r.body.is_object() && r.body.contains("error")) << r.body;
    EXPECT_NE(r.body["error"].get<std::string>().find(words), std::string::npos) << r.body["error"];
  };
  const std::string move = "/api/games/" + id + "/move";
  expect_error(c.post(move, std::string("{\"token\": ")), 400, "not valid JSON");
  expect_error(c.post(move, std::string("[1, 2]")), 400, "must be a JSON object");
  expect_error(c.post("/api/games/nosuchgame/move", json{{"token", white}, {"move", "b1"}}), 404, "there is no game 'nosuchgame'");
  expect_error(c.post(move, json{{"token", white}, {"move", "b1"}}), 409, "it is black's turn");
  expect_error(c.post(move, json{{"token", black}, {"move", "a1"}}), 400, "not legal here");
  expect_error(c.post(move, json{{"token", black}, {"move", "z9"}}), 400, "column 'z' is off a 3x3 board");
  expect_error(c.post(move, json{{"token", black}, {"move", 17}}), 400, "'move' must be a string");
  expect_error(c.post(move, json{{"token", black}}), 400, "'move'");
  expect_error(c.post(move, json{{"move", "b1"}}), 403, "needs the seat's token");
  expect_error(c.post(move, json{{"token", std::string(32, '0')}, {"move", "b1"}}), 403, "holds no seat");
  expect_error(c.post(move, json{{"token", white + "x"}, {"move", "b1"}}), 403, "holds no seat");
  expect_error(c.post(move, std::string(kMaxRequestBytes + 10, ' ')), 413, "larger than");
  expect_error(c.post(move, json{{"token", black}, {"move", "b1"}}.dump(), {{"Origin", "http://evil.example"}}), 403,
               "cross-site request refused");
  expect_error(c.post("/api/games/" + id + "/draw", json{{"token", black}, {"action", "grab"}}), 400, "not one of offer, accept, decline");
  expect_error(c.post("/api/games/" + id + "/draw", json{{"token", black}, {"action", "accept"}}), 409, "no draw offer");
  expect_error(c.post("/api/games/" + id + "/undo", json{{"token", black}, {"action", "request"}}), 409, "no move to take back");
  expect_error(c.post("/api/games/" + id + "/rematch", json{{"token", black}}), 409, "once the game is over");
  expect_error(c.post("/api/games/" + id + "/join", json::object()), 409, "both seats");
  expect_error(c.get("/api/games/" + id + "/nothing"), 404, "no such page");
  expect_error(c.get("/static/../../etc/passwd"), 404, "no such page");
  expect_error(c.get("/static/secrets.txt"), 404, "no such page");
  // Bad new games.
  expect_error(c.post("/api/games", json{{"size", 9}}), 400, "size 9 is not 3..8");
  expect_error(c.post("/api/games", json{{"size", "five"}}), 400, "'size' must be a number");
  expect_error(c.post("/api/games", json{{"komi", 0.3}}), 400, "whole or half");
  expect_error(c.post("/api/games", json{{"opponent", "god"}}), 400, "'opponent' must be easy, medium, hard or friend");
  expect_error(c.post("/api/games", json{{"color", "green"}}), 400, "'color'");
  expect_error(c.post("/api/games", json{{"tps", "x3/x3/x9 1 1"}}), 400, "row 3");
  expect_error(c.post("/api/games", json{{"ptn", "[Size \"5\"]\n1. a1 a1"}}), 400, "a1");
  expect_error(c.post("/api/games", json{{"tps", "x3/x3/x3 1 1"}, {"ptn", "[Size \"3\"]"}}), 400, "not both");
  expect_error(c.post("/api/games", json{{"opponent", "hard"}, {"clock", {{"minutes", 5}}}}), 400, "friend games");
  expect_error(c.post("/api/games", json{{"opponent", "friend"}, {"clock", {{"minutes", -5}}}}), 400, "0 < minutes");
  EXPECT_EQ(c.get("/api/games/" + id).body, before) << "nothing above changed the game";

  // After the end: no more moves.
  ASSERT_EQ(c.post("/api/games/" + id + "/resign", json{{"token", black}}).status, 200);
  expect_error(c.post(move, json{{"token", black}, {"move", "b1"}}), 409, "the game is over (1-0, resignation)");
}

TEST(ServeApi, UndoDrawAndRematchNeedTheOtherPlayer) {
  Server server(temp_db("offers"));
  Client c(server.port());
  const Reply created = c.post("/api/games", json{{"size", 4}, {"opponent", "friend"}});
  const std::string id = created.body["id"], white = created.body["token"];
  const std::string black = c.post("/api/games/" + id + "/join", json::object()).body["token"];
  auto act = [&](const std::string& what, const std::string& token, const json& extra = json::object()) {
    json body = extra;
    body["token"] = token;
    return c.post("/api/games/" + id + "/" + what, body);
  };
  ASSERT_EQ(act("move", white, {{"move", "a1"}}).status, 200);
  ASSERT_EQ(act("move", black, {{"move", "d4"}}).status, 200);
  ASSERT_EQ(act("move", white, {{"move", "b2"}}).status, 200);
  // Black asks to take back d4 (and white's reply): nothing happens until white accepts.
  EXPECT_EQ(act("undo", black, {{"action", "request"}}).body["state"]["offers"]["undo"], "black");
  EXPECT_EQ(act("undo", black, {{"action", "accept"}}).status, 409) << "nobody accepts their own request";
  const json undone = act("undo", white, {{"action", "accept"}}).body["state"];
  EXPECT_EQ(undone["moves"], json::array({"a1"}));
  EXPECT_EQ(undone["turn"], "black");
  // A draw offer, accepted.
  EXPECT_EQ(act("draw", black, {{"action", "offer"}}).body["state"]["offers"]["draw"], "black");
  const json drawn = act("draw", white, {{"action", "accept"}}).body["state"];
  EXPECT_EQ(drawn["result"], "1/2-1/2");
  EXPECT_EQ(drawn["reason"], "agreement");
  // A rematch once both want one: colours swap and each keeps their token.
  EXPECT_FALSE(act("rematch", white).body.contains("rematch_id"));
  const Reply accepted = act("rematch", black);
  ASSERT_TRUE(accepted.body.contains("rematch_id")) << accepted.body;
  const std::string next = accepted.body["rematch_id"];
  EXPECT_EQ(c.post("/api/games/" + next + "/move", json{{"token", white}, {"move", "a1"}}).status, 409) << "white is black now";
  EXPECT_EQ(c.post("/api/games/" + next + "/move", json{{"token", black}, {"move", "a1"}}).status, 200);
  EXPECT_EQ(c.get("/api/games/" + next).body["rematch_of"], id);

  // Against the computer an undo is granted at once: back to before the person's last move.
  const Reply vs = c.post("/api/games", json{{"size", 3}, {"opponent", "easy"}, {"color", "white"}});
  const std::string vs_id = vs.body["id"], mine = vs.body["token"];
  ASSERT_EQ(c.post("/api/games/" + vs_id + "/move", json{{"token", mine}, {"move", "a1"}}).status, 200);
  wait_for(c, vs_id, [](const json& st) { return st["moves"].size() == 2; });
  const Reply back = c.post("/api/games/" + vs_id + "/undo", json{{"token", mine}});
  ASSERT_EQ(back.status, 200) << back.body;
  EXPECT_EQ(back.body["state"]["moves"], json::array());
}

TEST(ServeApi, AGameStartsFromAPastedPtnGameWithItsKomi) {
  Server server(temp_db("ptn"));
  Client c(server.port());
  const Reply created = c.post("/api/games", json{{"opponent", "friend"}, {"ptn", "[Size \"4\"]\n[Komi \"1.5\"]\n\n1. a1 d4 2. b2\n"}});
  ASSERT_EQ(created.status, 201) << created.body;
  const json& s = created.body["state"];
  EXPECT_EQ(s["size"], 4);
  EXPECT_EQ(s["komi"], 1.5);
  EXPECT_EQ(s["start_tps"], "x3,1/x4/x,1,x2/2,x3 2 2") << "the position the pasted game ends in";
  EXPECT_EQ(s["turn"], "black");
  EXPECT_EQ(s["moves"], json::array());
  // The game's own PTN starts from there, with a TPS tag.
  EXPECT_NE(s["ptn"].get<std::string>().find("[TPS \"x3,1/x4/x,1,x2/2,x3 2 2\"]"), std::string::npos) << s["ptn"];
}

TEST(ServeApi, AFlagFallsWhenTheClockRunsOut) {
  Server server(temp_db("clock"));
  Client c(server.port());
  const Reply created = c.post("/api/games", json{{"size", 3}, {"opponent", "friend"}, {"clock", {{"minutes", 0.01}, {"increment_seconds", 0}}}});
  ASSERT_EQ(created.status, 201) << created.body;
  const std::string id = created.body["id"];
  EXPECT_TRUE(created.body["state"]["clock"]["running"].is_null()) << "no clock runs before the friend arrives";
  c.post("/api/games/" + id + "/join", json::object());
  const json s = wait_for(c, id, [](const json& st) { return !st["result"].get<std::string>().empty(); });
  EXPECT_EQ(s["result"], "0-1");
  EXPECT_EQ(s["reason"], "time");
  EXPECT_EQ(s["clock"]["white_ms"], 0);
}

TEST(ServeStore, ARestartResumesEveryGameWithItsSeats) {
  const std::string db = temp_db("restart");
  std::string id, white, black;
  json before;
  {
    Server server(db);
    Client c(server.port());
    const Reply created = c.post("/api/games", json{{"size", 5}, {"opponent", "friend"}, {"komi", 1.5},
                                                    {"tps", "x5/x5/x2,121,x2/x5/x5 1 4"}});
    id = created.body["id"];
    white = created.body["token"];
    black = c.post("/api/games/" + id + "/join", json::object()).body["token"];
    for (const auto& [token, move] : {std::pair{white, "3c3>12"}, {black, "a1"}, {white, "Sb2"}, {black, "Cc4"}})
      ASSERT_EQ(c.post("/api/games/" + id + "/move", json{{"token", token}, {"move", move}}).status, 200);
    ASSERT_EQ(c.post("/api/games/" + id + "/undo", json{{"token", black}, {"action", "request"}}).status, 200);
    before = c.get("/api/games/" + id).body;
  }
  Server server(db);
  Client c(server.port());
  json after = c.get("/api/games/" + id).body;
  EXPECT_EQ(after["moves"], before["moves"]);
  EXPECT_EQ(after["tps"], before["tps"]);
  EXPECT_EQ(after["komi"], 1.5);
  EXPECT_EQ(after["offers"]["undo"], "black");
  EXPECT_EQ(after["seats"], before["seats"]);
  EXPECT_EQ(after["seq"], before["seq"]) << "event ids go on across restarts (a page reconnects with the last one)";
  // The stored seats still answer to their tokens, and only to them.
  EXPECT_EQ(c.post("/api/games/" + id + "/move", json{{"token", black}, {"move", "a2"}}).status, 409);
  EXPECT_EQ(c.post("/api/games/" + id + "/move", json{{"token", white}, {"move", "a2"}}).status, 200);
}

TEST(ServeStore, AFileThatIsNotADatabaseIsRefusedInWords) {
  const std::string path = temp_db("garbage");
  std::ofstream(path) << "this is not a database, just text that happens to be long enough to look like a header\n";
  try {
    GameStore store(path);
    FAIL() << "opened a text file as a database";
  } catch (const StoreError& e) {
    EXPECT_NE(std::string(e.what()).find(path), std::string::npos);
    EXPECT_NE(std::string(e.what()).find("not a database"), std::string::npos) << e.what();
  }
}

TEST(ServedGameRules, TheWinningRoadIsTheChainJoiningTheEdges) {
  Position q = parse_tps("x2,1,x/x2,1,2/x,1,1,2/x,x,x,2 1 6");
  EXPECT_TRUE(winning_road(q).empty());
  q.play_checked(parse_ptn_move("b1", 4));
  std::vector<std::string> road = winning_road(q);
  std::sort(road.begin(), road.end());
  EXPECT_EQ(road, (std::vector<std::string>{"b1", "b2", "c2", "c3", "c4"}));
}

}  // namespace
}  // namespace bredon::serve
