// Tests of server/host.cpp: which tokens open which table. A hello with a guessed token, a
// malformed one, the host's, one of another table or of a table removed, is refused and the
// connection closed; a seat's token opens its seat, the watchers' token the public view.
#include <catch2/catch.hpp>

#include <algorithm>
#include <condition_variable>
#include <thread>

#include "cli/app.hpp"
#include "present/json_text.hpp"
#include "server/host.hpp"
#include "server/table_host.hpp"
#include "server/tokens.hpp"

using namespace arbiter;
using namespace arbiter::server;

namespace {

// A connection that records what it is sent; `closed` once it is told to close.
struct FakePeer : Peer {
  std::mutex mutex;
  std::condition_variable changed;
  std::vector<std::string> frames;
  bool closed = false;
  void send(std::shared_ptr<const std::string> frame) override {
    std::lock_guard lock(mutex);
    frames.push_back(*frame);
    changed.notify_all();
  }
  void close_with(std::string frame) override {
    std::lock_guard lock(mutex);
    frames.push_back(frame);
    closed = true;
    changed.notify_all();
  }
  // The first frame, once one came (within 10 s).
  nlohmann::json first() {
    std::unique_lock lock(mutex);
    changed.wait_for(lock, std::chrono::seconds(10), [&] { return !frames.empty(); });
    return frames.empty() ? nlohmann::json() : nlohmann::json::parse(frames[0]);
  }
};

std::string temp_db() {
  char pattern[] = "/tmp/arbiter-host-test-XXXXXX";
  REQUIRE(mkdtemp(pattern));
  return std::string(pattern) + "/t.db";
}

TableSetup two_seats() {
  TableSetup s;
  s.ruleset = "stacks";
  s.options.seats = {{"Ann", -1}, {"Bob", -1}};
  s.options.seed = 0;
  s.kinds = {"", ""};
  return s;
}

// What a hello with `token` on `table` came to: "closed", or the seat the welcome names ("" for watching).
std::string hello(Host& host, const std::string& table, const std::string& token) {
  auto peer = std::make_shared<FakePeer>();
  Request r;
  r.type = Request::Type::Hello;
  r.table = table;
  r.token = token;
  std::shared_ptr<TableHost> joined;
  host.hello(peer, r, joined);
  auto m = peer->first();
  if (peer->closed) return joined ? "closed, but joined" : "closed";
  if (m.value("type", "") != "welcome") return "no welcome";
  return m["seat"].is_null() ? "" : m["seat"].get<std::string>();
}

}  // namespace

TEST_CASE("host: a token opens only its own seat of its own table", "[server][host]") {
  Store store(temp_db());
  Host host(store, [](const std::string& name) { return load_game(name); }, Limits{}, 2);
  OpenedTable a = host.open(two_seats()), b = host.open(two_seats());
  CHECK(hello(host, a.id, a.seat_tokens[0]) == "Ann");
  CHECK(hello(host, a.id, a.seat_tokens[1]) == "Bob");
  CHECK(hello(host, a.id, a.watch_token) == "");
  CHECK(hello(host, b.id, a.seat_tokens[0]) == "closed");  // table A's token on table B
  CHECK(hello(host, a.id, b.watch_token) == "closed");
  CHECK(hello(host, a.id, new_token(TokenKind::Seat)) == "closed");  // guessed
  CHECK(hello(host, a.id, new_token(TokenKind::Watch)) == "closed");
  std::string host_token = host.new_host_token();
  CHECK(host.is_host(host_token));
  CHECK(hello(host, a.id, host_token) == "closed");
  CHECK(hello(host, a.id, "w" + a.seat_tokens[0].substr(1)) == "closed");  // a seat's digits as a watcher's
  CHECK(hello(host, a.id, a.seat_tokens[0].substr(0, 20)) == "closed");
  CHECK(hello(host, "nosuch", a.seat_tokens[0]) == "closed");
  // Removed, the table's tokens open nothing.
  REQUIRE(host.remove(a.id));
  CHECK(hello(host, a.id, a.seat_tokens[0]) == "closed");
  CHECK(hello(host, b.id, b.seat_tokens[1]) == "Bob");
  // A new host token replaces the last.
  std::string next = host.new_host_token();
  CHECK_FALSE(host.is_host(host_token));
  CHECK(host.is_host(next));
}

TEST_CASE("host: watchers cannot keep a player out; a seat's newest connection closes its oldest",
          "[server][host]") {
  Store store(temp_db());
  Limits limits;
  limits.connections_per_table = 3, limits.connections_per_seat = 2;
  Host host(store, [](const std::string& name) { return load_game(name); }, limits, 2);
  OpenedTable a = host.open(two_seats());
  for (int i = 0; i < 3; ++i) CHECK(hello(host, a.id, a.watch_token) == "");
  CHECK(hello(host, a.id, a.watch_token).rfind("closed", 0) == 0);  // the watchers are full ...
  CHECK(hello(host, a.id, a.seat_tokens[0]) == "Ann");  // ... and the seats still come in
  CHECK(hello(host, a.id, a.seat_tokens[1]) == "Bob");
  auto first = std::make_shared<FakePeer>();
  Request r;
  r.type = Request::Type::Hello, r.table = a.id, r.token = a.seat_tokens[0];
  std::shared_ptr<TableHost> joined;
  host.hello(first, r, joined);  // Ann's second connection
  REQUIRE(first->first().value("type", "") == "welcome");
  CHECK(hello(host, a.id, a.seat_tokens[0]) == "Ann");  // her third closes her oldest, not this one
  {
    std::lock_guard lock(first->mutex);
    CHECK_FALSE(first->closed);
  }
  CHECK(hello(host, a.id, a.seat_tokens[0]) == "Ann");  // the fourth closes the second: `first`
  std::unique_lock lock(first->mutex);
  first->changed.wait_for(lock, std::chrono::seconds(10), [&] { return first->closed; });
  CHECK(first->closed);
}

TEST_CASE("host: watchers coming and going send the players no presence; a seat's coming does",
          "[server][host]") {
  Store store(temp_db());
  Host host(store, [](const std::string& name) { return load_game(name); }, Limits{}, 2);
  OpenedTable a = host.open(two_seats());
  auto ann = std::make_shared<FakePeer>();
  Request r;
  r.type = Request::Type::Hello, r.table = a.id, r.token = a.seat_tokens[0];
  std::shared_ptr<TableHost> joined;
  host.hello(ann, r, joined);
  REQUIRE(ann->first().value("type", "") == "welcome");
  for (int i = 0; i < 5; ++i) CHECK(hello(host, a.id, a.watch_token) == "");
  CHECK(hello(host, a.id, a.seat_tokens[1]) == "Bob");   // Bob's coming is news
  CHECK(hello(host, a.id, a.watch_token) == "");         // joined after Bob's: his presence was sent
  std::lock_guard lock(ann->mutex);
  auto presences = std::count_if(ann->frames.begin(), ann->frames.end(), [](const std::string& f) {
    return nlohmann::json::parse(f).value("type", "") == "presence";
  });
  CHECK(presences == 2);  // Ann's own coming, then Bob's; none for the six watchers
}

namespace {

// The last `state` `peer` was sent that `ok` accepts, within 10 s (null when none came).
nlohmann::json state_where(FakePeer& peer, const std::function<bool(const nlohmann::json&)>& ok) {
  std::unique_lock lock(peer.mutex);
  nlohmann::json found;
  peer.changed.wait_for(lock, std::chrono::seconds(10), [&] {
    for (auto it = peer.frames.rbegin(); it != peer.frames.rend(); ++it) {
      auto m = nlohmann::json::parse(*it);
      if (m.value("type", "") != "state") continue;
      if (ok(m)) found = m;
      break;
    }
    return !found.is_null();
  });
  return found;
}

}  // namespace

TEST_CASE("host: a pass is stored: after a restart the seat that passed is not asked again",
          "[server][host]") {
  Store store(temp_db());
  auto loader = [](const std::string& name) { return load_game(name); };
  TableSetup setup = two_seats();
  setup.options.seats.push_back({"Cid", -1});
  setup.kinds.push_back("");
  OpenedTable a;
  std::string passer;
  int caller = -1;
  nlohmann::json waiting;
  {
    Host host(store, loader, Limits{}, 2);
    a = host.open(setup);
    std::vector<std::shared_ptr<FakePeer>> peers;
    std::vector<std::shared_ptr<TableHost>> joined(3);
    for (int i = 0; i < 3; ++i) {
      peers.push_back(std::make_shared<FakePeer>());
      Request r;
      r.type = Request::Type::Hello, r.table = a.id, r.token = a.seat_tokens[i];
      host.hello(peers[i], r, joined[i]);
    }
    // The seat on turn plays; then one seat may call out of turn, and passes.
    auto on_turn = [](const nlohmann::json& m) { return m["on_turn"] == true; };
    auto may_call = [](const nlohmann::json& m) { return m["on_turn"] == false && !m["legal"].empty(); };
    int mover = -1;
    for (int i = 0; i < 3 && mover < 0; ++i)
      if (!state_where(*peers[i], on_turn).is_null()) mover = i;
    REQUIRE(mover >= 0);
    auto st = state_where(*peers[mover], on_turn);
    host.frame(joined[mover], peers[mover],
               present::json_text(
                   nlohmann::json{{"type", "action"}, {"action", st["legal"][0]}, {"seq", st["seq"]}}));
    for (int i = 0; i < 3 && caller < 0; ++i)
      if (i != mover && !state_where(*peers[i], may_call).is_null()) caller = i;
    REQUIRE(caller >= 0);
    passer = setup.options.seats[caller].name;
    st = state_where(*peers[caller], may_call);
    host.frame(joined[caller], peers[caller],
               present::json_text(nlohmann::json{{"type", "pass"}, {"seq", st["seq"]}}));
    st = state_where(*peers[caller], [](const nlohmann::json& m) { return m["legal"].empty(); });
    REQUIRE_FALSE(st.is_null());
    waiting = st["waiting_for"];
    host.stop();
  }
  CHECK(waiting.size() == 1);
  CHECK(waiting[0] != passer);
  CHECK(store.passes(a.id, 3).size() == 1);
  // Restarted, the table waits for the same seat: the one that passed is not asked again.
  Host again(store, loader, Limits{}, 2);
  CHECK(again.resume().empty());
  auto peer = std::make_shared<FakePeer>();
  Request r;
  r.type = Request::Type::Hello, r.table = a.id, r.token = a.seat_tokens[caller];
  std::shared_ptr<TableHost> joined;
  again.hello(peer, r, joined);
  auto st = state_where(*peer, [](const nlohmann::json&) { return true; });
  CHECK(st["legal"].empty());
  CHECK(st["waiting_for"] == waiting);
}

TEST_CASE("host: a finished table holds no slot", "[server][host]") {
  Store store(temp_db());
  Limits limits;
  limits.tables = 1;
  Host host(store, [](const std::string& name) { return load_game(name); }, limits, 2);
  TableSetup bots = two_seats();
  bots.kinds = {"random", "random"};
  OpenedTable done = host.open(bots);  // plays itself to the end
  CHECK_THROWS_WITH(host.open(two_seats()), Catch::Contains("as many unfinished tables as it may (1)"));
  auto over = [&] {
    for (const auto& t : host.list())
      if (t["table"] == done.id) return t["status"] == "over";
    return false;
  };
  for (int i = 0; i < 1000 && !over(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  REQUIRE(over());
  OpenedTable next = host.open(two_seats());  // the finished table's slot is free ...
  CHECK_THROWS(host.open(two_seats()));        // ... and the new one, in play, holds it
  CHECK(host.list().size() == 2);              // the finished table is still listed
  bool saved = false;
  std::mutex m;
  std::condition_variable cv;
  host.save_async(done.id, [&](bool ok, std::string text) {
    std::lock_guard lock(m);
    saved = ok && !text.empty();
    cv.notify_all();
  });
  std::unique_lock lock(m);
  cv.wait_for(lock, std::chrono::seconds(10), [&] { return saved; });
  CHECK(saved);  // and exportable
}

TEST_CASE("host: a finished table nobody watches lets its game go, and loads it again when asked",
          "[server][host]") {
  Store store(temp_db());
  Host host(store, [](const std::string& name) { return load_game(name); }, Limits{}, 2);
  TableSetup bots = two_seats();
  bots.kinds = {"random", "random"};
  OpenedTable done = host.open(bots);
  auto over = [&] {
    for (const auto& t : host.list())
      if (t["table"] == done.id) return t["status"] == "over";
    return false;
  };
  for (int i = 0; i < 1000 && !over(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
  REQUIRE(over());
  auto until = [](const std::function<bool()>& ok) {
    for (int i = 0; i < 1000 && !ok(); ++i) std::this_thread::sleep_for(std::chrono::milliseconds(10));
    return ok();
  };
  nlohmann::json winners;
  for (int round = 0; round < 2; ++round) {
    auto watcher = std::make_shared<FakePeer>();
    Request r;
    r.type = Request::Type::Hello, r.table = done.id, r.token = done.watch_token;
    std::shared_ptr<TableHost> joined;
    host.hello(watcher, r, joined);
    REQUIRE(joined);
    // LoadedGame again (the second time, after it was let go): welcome, state, over.
    REQUIRE(until([&] { std::lock_guard lock(watcher->mutex); return watcher->frames.size() >= 3; }));
    auto end = nlohmann::json::parse(watcher->frames[2]);
    CHECK(end["type"] == "over");
    if (round == 0) winners = end["winners"];
    CHECK(end["winners"] == winners);
    CHECK(joined->loaded());
    host.leave(joined, watcher.get());
    CHECK(until([&] { return !joined->loaded(); }));  // nobody left: the game goes
  }
}
