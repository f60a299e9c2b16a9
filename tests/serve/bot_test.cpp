// Loopback test of `arbiter serve`: a bot thinking at one table (mcts with a time budget)
// does not delay another table's moves, since tables run on strands of a pool apart from
// the network's thread.
#include <catch2/catch.hpp>

#include "harness.hpp"

using namespace serve_test;

namespace {

struct Opened {
  std::string table;
  std::map<std::string, std::string> tokens;
};

Opened open_table(const ServerProcess& server, const std::string& body) {
  HttpAnswer a = http_request(server.port, "POST", "/api/tables", server.host_token, body);
  REQUIRE(a.status == 201);
  Json links = Json::parse(a.body);
  Opened o{links["table"], {}};
  for (const auto& seat : links["seats"]) {
    std::string link = seat["link"];
    o.tokens[seat["name"]] = link.substr(link.find('#') + 1);
  }
  return o;
}

bool waits_for(const Json& state, const std::string& name) {
  for (const auto& n : state["waiting_for"])
    if (n == name) return true;
  return false;
}

}  // namespace

TEST_CASE("serve: a bot thinking at one table does not delay another table's moves", "[serve]") {
  std::string dir = temp_dir();
  ServerProcess server({}, dir + "/t.db");
  Opened slow =
      open_table(server, R"({"ruleset":"stacks","players":["Ann","Bot"],"bots":{"Bot":"mcts:4000ms"}})");
  Opened quick = open_table(server, R"({"ruleset":"stacks","players":["Cy","Di"]})");
  Clients cs;
  Client ann(cs, server.port), cy(cs, server.port), di(cs, server.port);
  ann.hello(slow.table, slow.tokens["Ann"]);
  cy.hello(quick.table, quick.tokens["Cy"]);
  di.hello(quick.table, quick.tokens["Di"]);
  // Until the bot is thinking: Ann acts when it is her turn.
  Json m;
  bool thinking = false;
  while (!thinking) {
    REQUIRE(next_of(cs, ann, "state", m, 15000));
    if (!m["legal"].empty()) ann.send({{"type", "action"}, {"action", m["legal"][0]}, {"seq", m["seq"]}});
    thinking = waits_for(m, "Bot");
  }
  auto bot_started = std::chrono::steady_clock::now();
  // Meanwhile the other table plays on: each action answered long before the bot is done.
  int moves = 0;
  double slowest = 0;
  Json cy_state, di_state;
  REQUIRE(next_of(cs, cy, "state", cy_state));
  REQUIRE(next_of(cs, di, "state", di_state));
  while (moves < 6) {
    Client& mover = cy_state["legal"].empty() ? di : cy;
    Json& st = cy_state["legal"].empty() ? di_state : cy_state;
    REQUIRE(!st["legal"].empty());
    auto sent = std::chrono::steady_clock::now();
    mover.send({{"type", "action"}, {"action", st["legal"][0]}, {"seq", st["seq"]}});
    REQUIRE(next_of(cs, cy, "state", cy_state));
    REQUIRE(next_of(cs, di, "state", di_state));
    slowest =
        std::max(slowest, std::chrono::duration<double>(std::chrono::steady_clock::now() - sent).count());
    ++moves;
  }
  double elapsed = std::chrono::duration<double>(std::chrono::steady_clock::now() - bot_started).count();
  INFO("the other table's slowest answer took " << slowest << " s; the bot thinks 4 s");
  CHECK(slowest < 1.0);
  CHECK(elapsed < 3.5);  // six moves played while the bot was still thinking
}
