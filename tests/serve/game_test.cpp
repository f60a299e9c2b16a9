// Loopback tests of `arbiter serve`: two seats play whole games of Stacks over real
// WebSockets, and every message each connection receives is checked against the true
// state it was built from (tests/serve/audit.hpp): each seat sees its own hand only.
#include <catch2/catch.hpp>

#include <random>

#include "audit.hpp"

using namespace serve_test;

namespace {

struct Seated {
  std::string name;
  std::unique_ptr<Client> client;
  std::int64_t acted_at = -1;
};

// Plays random legal actions for every seat until each has been sent `over` (false on a
// timeout). Every message is kept in each client's `all`.
bool play_to_end(Clients& cs, std::vector<Seated>& seats, std::mt19937& rng, int max_actions = 100000) {
  int actions = 0;
  return cs.run_until(120000, [&] {
    bool all_over = true;
    for (auto& s : seats) {
      bool over = false;
      for (const Json& m : s.client->all) over = over || m.value("type", "") == "over";
      all_over = all_over && over;
      while (!s.client->messages.empty()) {
        Json m = s.client->messages.front();
        s.client->messages.pop_front();
        if (m.value("type", "") != "state" || m["legal"].empty() ||
            m["seq"].get<std::int64_t>() <= s.acted_at)
          continue;
        const Json& legal = m["legal"];
        s.acted_at = m["seq"].get<std::int64_t>();
        s.client->send({{"type", "action"}, {"action", legal[rng() % legal.size()]}, {"seq", s.acted_at}});
        ++actions;
      }
    }
    return all_over || actions > max_actions;
  });
}

std::string audit(const Truth& truth, const Client& c, int seat) {
  for (const Json& m : c.all)
    if (std::string problem = truth.check(m, seat); !problem.empty()) return problem;
  return "";
}

}  // namespace

TEST_CASE("serve: two seats play Stacks to the end, each sent only its own view", "[serve]") {
  std::string dir = temp_dir();
  ServerProcess server({"stacks", "--players", "Ann,Bob", "--seed", "7"}, dir + "/t.db");
  REQUIRE(server.tokens.count("Ann"));
  REQUIRE(server.tokens.count("watch"));
  Clients cs;
  std::vector<Seated> seats;
  for (std::string name : {"Ann", "Bob"}) {
    seats.push_back({name, std::make_unique<Client>(cs, server.port)});
    seats.back().client->hello(server.table, server.tokens[name]);
  }
  Client watcher(cs, server.port);
  watcher.hello(server.table, server.tokens["watch"]);
  std::mt19937 rng(11);
  REQUIRE(play_to_end(cs, seats, rng));
  cs.run_until(500, [&] { return false; });  // the watcher's last messages

  HttpAnswer save =
      http_request(server.port, "GET", "/api/tables/" + server.table + "/save", server.host_token);
  REQUIRE(save.status == 200);
  Truth truth(save.body);
  CHECK(truth.states.back().over);
  for (auto& s : seats) {
    INFO(s.name);
    CHECK(s.client->all.front().value("type", "") == "welcome");
    CHECK(s.client->all.front()["seat"] == s.name);
    CHECK(audit(truth, *s.client, truth.seat(s.name)) == "");
  }
  CHECK(watcher.all.front()["seat"].is_null());
  CHECK(audit(truth, watcher, -1) == "");
  // The audit can fail: Ann's messages are not what Bob may see.
  CHECK(audit(truth, *seats[0].client, truth.seat("Bob")) != "");
  // The game stays listed, over.
  HttpAnswer list = http_request(server.port, "GET", "/api/tables", server.host_token);
  REQUIRE(list.status == 200);
  CHECK(Json::parse(list.body)[0]["status"] == "over");
}

TEST_CASE("serve: three seats play Love Letter to the end, each sent only its own hand", "[serve]") {
  std::string dir = temp_dir();
  ServerProcess server({"love-letter", "--players", "Ann,Bob,Cid", "--seed", "3"}, dir + "/t.db");
  Clients cs;
  std::vector<Seated> seats;
  for (std::string name : {"Ann", "Bob", "Cid"}) {
    seats.push_back({name, std::make_unique<Client>(cs, server.port)});
    seats.back().client->hello(server.table, server.tokens[name]);
  }
  std::mt19937 rng(2);
  REQUIRE(play_to_end(cs, seats, rng));
  HttpAnswer save =
      http_request(server.port, "GET", "/api/tables/" + server.table + "/save", server.host_token);
  REQUIRE(save.status == 200);
  Truth truth(save.body);
  CHECK(truth.states.back().over);
  for (auto& s : seats) {
    INFO(s.name);
    CHECK(audit(truth, *s.client, truth.seat(s.name)) == "");
  }
  CHECK(audit(truth, *seats[0].client, truth.seat("Cid")) != "");
}

TEST_CASE("serve: kill -9 mid-game, restart with the same database: the game resumes and the links work",
          "[serve]") {
  std::string dir = temp_dir();
  std::string db = dir + "/t.db";
  std::string table;
  std::map<std::string, std::string> tokens;
  std::int64_t seq = 0;
  {
    ServerProcess server({"stacks", "--players", "Ann,Bob"}, db);
    table = server.table;
    tokens = server.tokens;
    Clients cs;
    std::vector<Seated> seats;
    for (std::string name : {"Ann", "Bob"}) {
      seats.push_back({name, std::make_unique<Client>(cs, server.port)});
      seats.back().client->hello(table, tokens[name]);
    }
    std::mt19937 rng(3);
    play_to_end(cs, seats, rng, 6);
    cs.run_until(1000, [&] { return false; });  // the acknowledgements of what was sent
    for (const Json& m : seats[0].client->all)
      if (m.value("type", "") == "state") seq = std::max(seq, m["seq"].get<std::int64_t>());
    REQUIRE(seq >= 6);
    server.kill9();
  }
  ServerProcess again({}, db);
  bool listed = false;
  for (const auto& line : again.lines) listed = listed || line.rfind("Table " + table + " (stacks)", 0) == 0;
  CHECK(listed);
  Clients cs;
  std::vector<Seated> seats;
  for (std::string name : {"Ann", "Bob"}) {
    seats.push_back({name, std::make_unique<Client>(cs, again.port)});
    seats.back().client->hello(table, tokens[name]);
  }
  Json state;
  REQUIRE(next_of(cs, *seats[0].client, "state", state));
  CHECK(state["seq"].get<std::int64_t>() >= seq);  // nothing acknowledged is lost
  seats[0].client->messages.push_front(state);
  std::mt19937 rng(5);
  REQUIRE(play_to_end(cs, seats, rng));
  HttpAnswer save = http_request(again.port, "GET", "/api/tables/" + table + "/save", again.host_token);
  REQUIRE(save.status == 200);
  Truth truth(save.body);
  CHECK(truth.states.back().over);
  for (auto& s : seats) CHECK(audit(truth, *s.client, truth.seat(s.name)) == "");
  CHECK(again.stop() == 0);  // Ctrl-C (SIGINT or SIGTERM) stops it cleanly
}
