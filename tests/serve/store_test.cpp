// Loopback tests of `arbiter serve` on a database that is not as it left it: rows damaged by
// hand, a ruleset edited since its table opened, a database of an earlier arbiter. The server
// starts, the sound tables play on, and each other table is set aside: listed with its
// reason, named on standard error, its players told why when they connect.
#include <catch2/catch.hpp>
#include <sqlite3.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "harness.hpp"
#include "tests/sqlite_edit.hpp"

using namespace serve_test;
namespace fs = std::filesystem;

namespace {

using arbiter::testing::edit_db;

std::string file_text(const std::string& path) {
  std::stringstream s;
  s << std::ifstream(path).rdbuf();
  return s.str();
}

struct Opened {
  std::string table;
  std::map<std::string, std::string> tokens;  // seat name -> token
};

// A table opened over the API (POST /api/tables), its tokens from the links.
Opened open_table(const ServerProcess& s, const std::string& ruleset) {
  HttpAnswer a = http_request(s.port, "POST", "/api/tables", s.host_token,
                              Json{{"ruleset", ruleset}, {"players", {"Ann", "Bob"}}}.dump());
  REQUIRE(a.status == 201);
  Json j = Json::parse(a.body);
  Opened o{j["table"], {}};
  for (const Json& seat : j["seats"]) {
    std::string link = seat["link"];
    o.tokens[seat["name"]] = link.substr(link.find('#') + 1);
  }
  return o;
}

Json listed(const ServerProcess& s, const std::string& table) {
  Json all = Json::parse(http_request(s.port, "GET", "/api/tables", s.host_token).body);
  for (const Json& t : all)
    if (t["table"] == table) return t;
  return Json();
}

// What a hello with `token` is answered first: the message's type, or its text for an error.
std::string first_answer(const ServerProcess& s, const std::string& table, const std::string& token) {
  Clients cs;
  Client c(cs, s.port);
  c.hello(table, token);
  cs.run_until(5000, [&] { return !c.all.empty(); });
  if (c.all.empty()) return c.closed ? "closed" : "nothing";
  const Json& m = c.all.front();
  return m.value("type", "") == "error" ? "error: " + m.value("message", "") : m.value("type", "");
}

}  // namespace

TEST_CASE("serve: damaged rows are set aside with their reasons, the server starts and the sound table plays",
          "[serve]") {
  std::string dir = temp_dir(), db = dir + "/t.db";
  Opened good, no_seats, few_kinds, seat5;
  {
    ServerProcess first({"stacks", "--players", "Ann,Bob"}, db);
    good = {first.table, first.tokens};
    no_seats = open_table(first, "stacks");
    few_kinds = open_table(first, "stacks");
    seat5 = open_table(first, "stacks");
    REQUIRE(first.stop() == 0);
  }
  edit_db(db, "UPDATE tables SET setup = json_remove(setup, '$.seats') WHERE id = '" + no_seats.table +
                  "';"
                  "UPDATE tables SET setup = json_set(setup, '$.kinds', json('[\"\"]')) WHERE id = '" +
                  few_kinds.table +
                  "';"
                  "INSERT INTO seats SELECT '" +
                  seat5.table + "', 5, token_hash FROM seats WHERE table_id = '" + good.table +
                  "' AND seat = 0;");
  ServerProcess again({}, db, dir + "/log");
  std::string log = file_text(dir + "/log");
  CHECK_THAT(log, Catch::Contains("table " + no_seats.table +
                                  " (stacks) is not resumed, and is set aside: its row "
                                  "in the database is damaged: its setup has no \"seats\""));
  CHECK_THAT(log,
             Catch::Contains("table " + few_kinds.table + " (stacks) is not resumed, and is set aside") &&
                 Catch::Contains("\"kinds\" is not a list of one entry a seat (2)"));
  CHECK_THAT(log, Catch::Contains("table " + seat5.table +
                                  " (stacks) is not resumed, and is set aside: its row in the "
                                  "database is damaged: it has 3 seat rows for 2 seats"));
  CHECK(log.find("json.exception") == std::string::npos);
  for (const Opened* t : {&no_seats, &few_kinds, &seat5}) {
    Json l = listed(again, t->table);
    CHECK(l.value("status", "") == "set aside");
    CHECK_THAT(l.value("reason", ""), Catch::Contains("damaged"));
  }
  CHECK_THAT(first_answer(again, seat5.table, good.tokens["Ann"]),
             Catch::Contains("its record in the server's database is damaged"));
  CHECK_THAT(first_answer(again, few_kinds.table, few_kinds.tokens["Bob"]), Catch::Contains("set aside"));
  CHECK(first_answer(again, good.table, good.tokens["Ann"]) == "welcome");
  CHECK(listed(again, good.table).value("status", "") == "playing");
  CHECK(http_request(again.port, "GET", "/api/tables/" + no_seats.table + "/save", again.host_token).status ==
        500);
  CHECK(http_request(again.port, "DELETE", "/api/tables/" + no_seats.table, again.host_token).status == 200);
  CHECK(listed(again, no_seats.table).is_null());
  CHECK(again.stop() == 0);
}

TEST_CASE(
    "serve: a table whose ruleset was edited since it opened is set aside, its players told, export still works",
    "[serve]") {
  std::string dir = temp_dir(), db = dir + "/t.db";
  fs::copy(std::string(ARBITER_SOURCE_DIR) + "/rulesets/kuhn-poker", dir + "/kuhn",
           fs::copy_options::recursive);
  Opened kuhn, stacks;
  {
    ServerProcess first({dir + "/kuhn", "--players", "Ann,Bob"}, db);
    kuhn = {first.table, first.tokens};
    stacks = open_table(first, "stacks");
    REQUIRE(first.stop() == 0);
  }
  std::string yaml = file_text(dir + "/kuhn/game.yaml");
  std::ofstream(dir + "/kuhn/game.yaml")
      << std::regex_replace(yaml, std::regex("visibility: owner"), "visibility: public");
  ServerProcess again({}, db, dir + "/log");
  CHECK_THAT(file_text(dir + "/log"),
             Catch::Contains("table " + kuhn.table + " (" + dir +
                             "/kuhn) is not resumed, and is set "
                             "aside: its ruleset is not the one it was opened with (game.yaml changed)"));
  Json l = listed(again, kuhn.table);
  CHECK(l.value("status", "") == "set aside");
  CHECK(l.value("reason", "") == "its ruleset is not the one it was opened with (game.yaml changed)");
  for (std::string seat : {"Ann", "Bob"})
    CHECK_THAT(first_answer(again, kuhn.table, kuhn.tokens[seat]),
               Catch::Contains("its ruleset has changed since the game began"));
  CHECK(first_answer(again, kuhn.table, "s.00000000000000000000000000000000") ==
        "error: no such table, or the token does "
        "not open it; the connection closes");
  HttpAnswer save = http_request(again.port, "GET", "/api/tables/" + kuhn.table + "/save", again.host_token);
  CHECK(save.status == 200);
  CHECK_THAT(save.body, Catch::Contains("An Arbiter saved game"));
  CHECK(first_answer(again, stacks.table, stacks.tokens["Bob"]) == "welcome");
  CHECK(again.stop() == 0);
}

TEST_CASE("serve: an earlier arbiter's database, without fingerprints, resumes and keeps one from then on",
          "[serve]") {
  std::string dir = temp_dir(), db = dir + "/t.db";
  Opened stacks;
  {
    ServerProcess first({"stacks", "--players", "Ann,Bob"}, db);
    stacks = {first.table, first.tokens};
    listed(first, stacks.table);  // it serves, its signal handler set: Ctrl-C stops it cleanly
    REQUIRE(first.stop() == 0);
  }
  edit_db(db, "ALTER TABLE tables DROP COLUMN rules_print");
  {
    ServerProcess again({}, db, dir + "/log");
    CHECK_THAT(
        file_text(dir + "/log"),
        Catch::Contains("table " + stacks.table +
                        " (stacks) was kept without its ruleset's "
                        "fingerprint (by an earlier arbiter): it is resumed on the ruleset found now"));
    CHECK(first_answer(again, stacks.table, stacks.tokens["Ann"]) == "welcome");
    REQUIRE(again.stop() == 0);
  }
  ServerProcess third({}, db, dir + "/log3");
  CHECK(file_text(dir + "/log3").find(stacks.table) ==
        std::string::npos);  // its fingerprint was kept: nothing to say
  CHECK(listed(third, stacks.table).value("status", "") == "playing");
}
