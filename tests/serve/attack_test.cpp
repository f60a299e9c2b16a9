// Loopback tests of `arbiter serve` against hostile clients: guessed and misplaced tokens,
// oversized frames, floods, a reader that does not read, a peer that vanished; and the
// HTTP API's guard and headers. Each attack ends in an error or a closed connection, while
// the table goes on for the others.
#include <catch2/catch.hpp>

#include "harness.hpp"

using namespace serve_test;

namespace {

// A connection that said hello with `token` on `table`: closed after an error, or welcomed.
std::string hello_answer(Clients& cs, int port, const std::string& table, const std::string& token) {
  Client c(cs, port);
  c.hello(table, token);
  Json m;
  cs.run_until(5000, [&] {
    return !c.messages.empty() && (c.messages.front().value("type", "") != "error" || c.closed);
  });
  if (c.messages.empty()) return "nothing";
  std::string type = c.messages.front().value("type", "");
  if (type == "error") cs.run_until(5000, [&] { return c.closed; });
  return type == "error" && c.closed ? "refused and closed" : type;
}

}  // namespace

TEST_CASE("serve: tokens guessed, malformed, of another table, of the host, of another server", "[serve]") {
  std::string dir = temp_dir();
  ServerProcess server({"stacks", "--players", "Ann,Bob"}, dir + "/a.db");
  ServerProcess other({"stacks", "--players", "Ann,Bob"}, dir + "/b.db");
  Clients cs;
  // A second table on the same server, opened through the API.
  HttpAnswer opened = http_request(server.port, "POST", "/api/tables", server.host_token,
                                   R"({"ruleset":"stacks","players":["Cy","Di"]})");
  REQUIRE(opened.status == 201);
  Json links = Json::parse(opened.body);
  std::string table_b = links["table"];
  std::string link = links["seats"][0]["link"];
  std::string token_b = link.substr(link.find('#') + 1);

  CHECK(hello_answer(cs, server.port, server.table, server.tokens["Ann"]) == "welcome");
  CHECK(hello_answer(cs, server.port, table_b, token_b) == "welcome");
  CHECK(hello_answer(cs, server.port, table_b, server.tokens["Ann"]) ==
        "refused and closed");  // A's token on B
  CHECK(hello_answer(cs, server.port, server.table, token_b) == "refused and closed");
  CHECK(hello_answer(cs, server.port, server.table, "s." + std::string(32, '0')) == "refused and closed");
  CHECK(hello_answer(cs, server.port, server.table, server.tokens["Ann"] + "0") == "refused and closed");
  CHECK(hello_answer(cs, server.port, server.table, server.host_token) == "refused and closed");
  CHECK(hello_answer(cs, server.port, server.table, other.tokens["Ann"]) ==
        "refused and closed");  // stale: another server's
  CHECK(hello_answer(cs, server.port, other.table, server.tokens["Ann"]) == "refused and closed");
  // Anything but a hello first closes the connection.
  Client c(cs, server.port);
  c.send({{"type", "resync"}});
  CHECK(cs.run_until(5000, [&] { return c.closed; }));
  CHECK(c.all.at(0)["message"] == "the first message must be a hello; the connection closes");
  // A hello with a field wrong is told which, and closed.
  for (Json bad : {Json(nullptr), Json(40.5), Json("abc")}) {
    Client h(cs, server.port);
    h.send({{"type", "hello"}, {"table", server.table}, {"token", server.tokens["Ann"]}, {"columns", bad}});
    CHECK(cs.run_until(5000, [&] { return h.closed; }));
    CHECK(h.all.at(0)["message"].get<std::string>().rfind(R"(hello: "columns" must be a whole number)", 0) ==
          0);
  }
}

TEST_CASE("serve: an oversized frame and a flood close the connection; the table goes on", "[serve]") {
  std::string dir = temp_dir();
  ServerProcess server({"stacks", "--players", "Ann,Bob"}, dir + "/t.db");
  Clients cs;
  Client big(cs, server.port);
  big.hello(server.table, server.tokens["Ann"]);
  Json m;
  REQUIRE(next_of(cs, big, "state", m));
  big.send_text(R"({"type":"action","action":")" + std::string(5000, 'x') + "\"}");
  CHECK(cs.run_until(5000, [&] { return big.closed; }));

  Client flood(cs, server.port);
  flood.hello(server.table, server.tokens["Bob"]);
  REQUIRE(next_of(cs, flood, "state", m));
  for (int i = 0; i < 200 && !flood.closed; ++i) flood.send({{"type", "action"}, {"action", "nonsense"}});
  CHECK(cs.run_until(5000, [&] { return flood.closed; }));
  bool told = false;
  for (const Json& e : flood.all)
    told = told || e.value("message", "").find("messages a second") != std::string::npos;
  CHECK(told);
  CHECK(flood.all.size() < 100);  // it was not answered 200 times

  // The seats come back and the game goes on.
  Client ann(cs, server.port);
  ann.hello(server.table, server.tokens["Ann"]);
  REQUIRE(next_of(cs, ann, "state", m));
  CHECK(m["log_from"] == 0);
}

TEST_CASE("serve: a reader that does not read is closed, and nobody else waits for it", "[serve]") {
  std::string dir = temp_dir();
  ServerProcess server({"stacks", "--players", "Ann,Bob"}, dir + "/t.db");
  Clients cs;
  Client slow(cs, server.port, 4096);
  slow.hello(server.table, server.tokens["watch"]);
  Json m;
  REQUIRE(next_of(cs, slow, "state", m));
  slow.stop_reading();
  Client ann(cs, server.port);
  ann.hello(server.table, server.tokens["Ann"]);
  REQUIRE(next_of(cs, ann, "state", m));
  // Each resync asks for the whole state; the slow reader reads none of them.
  int asked = 0;
  auto start = std::chrono::steady_clock::now();
  while (std::chrono::steady_clock::now() - start < std::chrono::seconds(20) && !slow.closed) {
    slow.send({{"type", "resync"}});  // just under the rate limit
    if (++asked % 10 == 0) {          // Ann is answered at once meanwhile
      ann.send({{"type", "resync"}});
      REQUIRE(next_of(cs, ann, "state", m, 2000));
    }
    cs.run_until(55, [] { return false; });
  }
  slow.start_reading();
  cs.run_until(10000, [&] { return slow.closed; });
  CHECK(slow.closed);
  int states = 0;
  for (const Json& s : slow.all) states += s.value("type", "") == "state";
  CHECK(states < asked);  // the rest were never queued: it was closed
}

TEST_CASE("serve: a peer that vanished (no pongs) is dropped after the idle timeout", "[serve]") {
  std::string dir = temp_dir();
  ServerProcess server({"stacks", "--players", "Ann,Bob", "--idle-timeout", "2"}, dir + "/t.db");
  Clients cs;
  Client ann(cs, server.port), bob(cs, server.port);
  ann.hello(server.table, server.tokens["Ann"]);
  Json m;
  REQUIRE(next_of(cs, ann, "state", m));
  bob.hello(server.table, server.tokens["Bob"]);
  REQUIRE(next_of(cs, bob, "state", m));
  bob.stop_reading();  // after the read under way ends (the resync's answer), it answers no ping
  bob.send({{"type", "resync"}});
  REQUIRE(next_of(cs, bob, "state", m));
  // Ann is told Bob left: a presence with Bob not connected.
  bool gone = cs.run_until(10000, [&] {
    for (const Json& p : ann.all)
      if (p.value("type", "") == "presence" && p["seats"][1]["connected"] == false &&
          p["seats"][0]["connected"] == true)
        return true;
    return false;
  });
  CHECK(gone);
}

TEST_CASE(
    "serve: the API needs the host token, and every answer carries the security headers and refuses framing",
    "[serve]") {
  std::string dir = temp_dir();
  ServerProcess server({"stacks", "--players", "Ann,Bob"}, dir + "/t.db");
  CHECK(http_request(server.port, "GET", "/api/tables").status == 401);
  CHECK(http_request(server.port, "GET", "/api/tables", server.tokens["Ann"]).status == 401);
  CHECK(http_request(server.port, "GET", "/api/tables", "h." + std::string(32, 'a')).status == 401);
  CHECK(http_request(server.port, "GET", "/api/tables/" + server.table + "/save", server.tokens["watch"])
            .status == 401);
  CHECK(http_request(server.port, "POST", "/api/tables", server.host_token, "{").status == 400);
  CHECK(http_request(server.port, "POST", "/api/tables", server.host_token,
                     R"({"ruleset":"stacks","players":["A"],"bots":{"A":"nope"}})")
            .status == 400);
  HttpAnswer list = http_request(server.port, "GET", "/api/tables", server.host_token);
  REQUIRE(list.status == 200);
  CHECK(list.body.find(server.tokens["Ann"]) == std::string::npos);
  // A table removed forgets its tokens: its links open nothing, its connections are closed.
  Clients cs;
  Client ann(cs, server.port);
  ann.hello(server.table, server.tokens["Ann"]);
  Json m;
  REQUIRE(next_of(cs, ann, "state", m));
  CHECK(http_request(server.port, "DELETE", "/api/tables/" + server.table, server.tokens["Ann"]).status ==
        401);
  CHECK(http_request(server.port, "DELETE", "/api/tables/" + server.table, server.host_token).status == 200);
  CHECK(cs.run_until(5000, [&] { return ann.closed; }));
  CHECK(hello_answer(cs, server.port, server.table, server.tokens["Ann"]) == "refused and closed");
  CHECK(http_request(server.port, "DELETE", "/api/tables/" + server.table, server.host_token).status == 404);
  HttpAnswer page = http_request(server.port, "GET", "/t/" + server.table);
  CHECK(page.status == 200);
  // The WebSocket's upgrade answers too: a bad upgrade (no key; an unknown version; not at
  // /ws), and a good one.
  std::map<std::string, std::string> upgrade{{"Upgrade", "websocket"}, {"Connection", "Upgrade"}};
  HttpAnswer no_key = http_request(server.port, "GET", "/ws", "", "", upgrade);
  CHECK(no_key.status == 400);
  upgrade["Sec-WebSocket-Key"] = "dGhlIHNhbXBsZSBub25jZQ==";
  upgrade["Sec-WebSocket-Version"] = "8";
  HttpAnswer old_version = http_request(server.port, "GET", "/ws", "", "", upgrade);
  CHECK(old_version.status == 426);
  HttpAnswer elsewhere = http_request(server.port, "GET", "/x", "", "", upgrade);
  CHECK(elsewhere.status == 404);
  upgrade["Sec-WebSocket-Version"] = "13";
  HttpAnswer accepted = http_request(server.port, "GET", "/ws", "", "", upgrade);
  CHECK(accepted.status == 101);
  for (const HttpAnswer& a : {list, page, no_key, old_version, elsewhere, accepted}) {
    INFO(a.status);
    CHECK(a.headers.count("Content-Security-Policy"));
    if (!a.headers.count("Content-Security-Policy")) continue;
    // No other site may frame the page: frame-ancestors for browsers today, X-Frame-Options for older ones.
    CHECK(a.headers.at("Content-Security-Policy") == "default-src 'self'; frame-ancestors 'none'");
    CHECK((a.headers.count("X-Frame-Options") && a.headers.at("X-Frame-Options") == "DENY"));
    CHECK(a.headers.at("X-Content-Type-Options") == "nosniff");
    CHECK(a.headers.at("Referrer-Policy") == "no-referrer");
  }
}
