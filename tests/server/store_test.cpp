// Tests of server/store.cpp: tables, seats and steps survive closing the database; only
// hashes of tokens are kept; the database is in WAL mode.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include <sqlite3.h>

#include "server/store.hpp"
#include "server/tokens.hpp"
#include "tests/sqlite_edit.hpp"

using namespace arbiter;
using namespace arbiter::server;
using arbiter::testing::edit_db;

namespace {

std::string temp_db() {
  char pattern[] = "/tmp/arbiter-store-test-XXXXXX";
  REQUIRE(mkdtemp(pattern));
  return std::string(pattern) + "/t.db";
}

StoredTable a_table(const std::string& seat_token) {
  StoredTable t;
  t.id = "tab1e000";
  t.setup.ruleset = "stacks";
  t.setup.options.seats = {{"Ann", -1}, {"Bob", 9}};
  t.setup.options.seed = 18446744073709551615ULL;  // the largest seed survives the round trip
  t.setup.options.variant = "short";
  t.setup.options.set = {{"target", "25"}};
  t.setup.kinds = {"", "mcts:50"};
  t.watch_hash = token_hash(new_token(TokenKind::Watch));
  t.seat_hashes = {token_hash(seat_token), ""};
  t.created = 1700000000;
  return t;
}

}  // namespace

TEST_CASE("store: a table and its steps read back after the database is closed", "[server][store]") {
  std::string db = temp_db();
  std::string token = new_token(TokenKind::Seat);
  {
    Store store(db);
    store.add_table(a_table(token));
    store.add_step("tab1e000", 0, {0, "play 4 bid 4", 0xffffffffffffffffULL});
    store.add_step("tab1e000", 1, {-1, "heads", 42});
    store.finish("tab1e000", 1700000100);
    store.set_host_hash(token_hash("h.x"));
  }
  Store store(db);
  auto tables = store.tables();
  REQUIRE(tables.size() == 1);
  const StoredTable& t = tables[0];
  CHECK(t.setup.ruleset == "stacks");
  CHECK(t.setup.options.seats[1].name == "Bob");
  CHECK(t.setup.options.seats[1].age == 9);
  CHECK(t.setup.options.seed == 18446744073709551615ULL);
  CHECK(t.setup.options.variant == "short");
  CHECK(t.setup.options.set.at("target") == "25");
  CHECK(t.setup.kinds == std::vector<std::string>{"", "mcts:50"});
  CHECK(t.seat_hashes[0] == token_hash(token));
  CHECK(t.finished == 1700000100);
  auto steps = store.steps("tab1e000", 2);
  REQUIRE(steps.size() == 2);
  CHECK(steps[0].action == "play 4 bid 4");
  CHECK(steps[0].hash == 0xffffffffffffffffULL);
  CHECK(steps[1].seat == -1);
  CHECK(store.host_hash() == token_hash("h.x"));
}

TEST_CASE("store: a step numbered twice is refused, in WAL mode, tokens never kept", "[server][store]") {
  std::string db = temp_db();
  std::string token = new_token(TokenKind::Seat);
  Store store(db);
  store.add_table(a_table(token));
  store.add_step("tab1e000", 0, {0, "a", 1});
  CHECK_THROWS_AS(store.add_step("tab1e000", 0, {1, "b", 2}), StoreError);
  CHECK(std::filesystem::exists(db + "-wal"));
  std::stringstream bytes;
  for (std::string f : {db, db + "-wal"}) bytes << std::ifstream(f, std::ios::binary).rdbuf();
  CHECK(bytes.str().find(token.substr(2)) == std::string::npos);
  CHECK(bytes.str().find(token_hash(token)) != std::string::npos);
}

TEST_CASE("store: a file that is not a database is refused with its name", "[server][store]") {
  std::string db = temp_db();
  std::ofstream(db) << std::string(4096, 'x');
  CHECK_THROWS_WITH(Store(db).tables(), Catch::Contains(db));
}

TEST_CASE("store: one server a database, and only its owner reads the file", "[server][store]") {
  std::string db = temp_db();
  {
    Store first(db);
    CHECK_THROWS_WITH(Store(db), Catch::Contains("another arbiter serve has it open"));
    auto mode = std::filesystem::status(db).permissions();
    CHECK((mode & (std::filesystem::perms::group_all | std::filesystem::perms::others_all)) ==
          std::filesystem::perms::none);
  }
  Store again(db);  // the lock ends with the store
  CHECK(again.tables().empty());
}

TEST_CASE("store: passes read back in order, and go with their table", "[server][store]") {
  std::string db = temp_db();
  {
    Store store(db);
    store.add_table(a_table(new_token(TokenKind::Seat)));
    store.add_pass("tab1e000", 3, 1);
    store.add_pass("tab1e000", 3, 0);
    CHECK_THROWS_AS(store.add_pass("tab1e000", 3, 0), StoreError);  // a seat passes once a step
  }
  Store store(db);
  auto passes = store.passes("tab1e000", 2);
  REQUIRE(passes.size() == 2);
  CHECK((passes[0].n == 3 && passes[0].seat == 1 && passes[1].seat == 0));
  store.remove("tab1e000");
  CHECK(store.passes("tab1e000", 2).empty());
}

namespace {

// What reading the table back after `damage` (SQL) says is wrong with it ("" for nothing).
std::string damage_after(const std::string& damage) {
  std::string db = temp_db();
  Store(db).add_table(a_table(new_token(TokenKind::Seat)));
  edit_db(db, damage);
  auto tables = Store(db).tables();
  REQUIRE(tables.size() == 1);
  return tables[0].damage;
}

}  // namespace

TEST_CASE("store: every field of a table's row is checked, and a damaged one says what is wrong",
          "[server][store]") {
  CHECK(damage_after("SELECT 1") == "");
  CHECK(damage_after("UPDATE tables SET setup = json_remove(setup, '$.seats')") ==
        "its setup has no \"seats\"");
  CHECK(damage_after("UPDATE tables SET setup = json_set(setup, '$.kinds', json('[\"\"]'))") ==
        "its setup's \"kinds\" is not a list of one entry a seat (2)");
  CHECK(damage_after("UPDATE tables SET setup = 'not json'") == "its setup is not a JSON object");
  CHECK(damage_after("UPDATE tables SET setup = json_set(setup, '$.seed', -3)") ==
        "its setup's \"seed\" is not a whole number");
  CHECK(damage_after("UPDATE tables SET setup = json_set(setup, '$.seats[1].age', 'old')") ==
        "its setup's seat 2 has no age (-1 for none, or 0 to 1000)");
  CHECK(damage_after("UPDATE tables SET setup = x'00'") == "its setup is not text");
  CHECK(damage_after("UPDATE tables SET watch_hash = 'abc'") ==
        "its watchers' token hash is not 64 hex digits");
  CHECK(damage_after("UPDATE tables SET created = 'yesterday'") ==
        "its created or finished time is not a whole number of seconds");
  CHECK(damage_after("INSERT INTO seats VALUES('tab1e000', 5, '')") == "it has 3 seat rows for 2 seats");
  CHECK(damage_after("UPDATE seats SET seat = 5 WHERE seat = 1") == "its seat rows are not numbered 0 to 1");
  CHECK(damage_after("UPDATE seats SET token_hash = '' WHERE seat = 0") ==
        "seat 0's token hash is not 64 hex digits");
  CHECK(damage_after("UPDATE seats SET token_hash = 'ab' WHERE seat = 1") ==
        "seat 1 is a bot's and has a token");
  CHECK(damage_after("UPDATE tables SET id = 'tab le'; UPDATE seats SET table_id = 'tab le'") ==
        "its id is not a table's id");
}

TEST_CASE("store: a table's steps and passes are checked against its seats, naming the row",
          "[server][store]") {
  std::string db = temp_db();
  Store store(db);
  store.add_table(a_table(new_token(TokenKind::Seat)));
  store.add_step("tab1e000", 0, {0, "a", 1});
  store.add_step("tab1e000", 2, {1, "b", 2});
  CHECK_THROWS_WITH(
      store.steps("tab1e000", 2),
      "table tab1e000 in the database: step 2 is not numbered 1 (a step is missing or out of order)");
  store.add_step("tab1e000", 1, {7, "c", 3});
  CHECK_THROWS_WITH(store.steps("tab1e000", 2),
                    "table tab1e000 in the database: step 2 names no seat of the table's 2 (nor chance, -1)");
  store.add_pass("tab1e000", 1, 2);
  CHECK_THROWS_WITH(store.passes("tab1e000", 2),
                    "table tab1e000 in the database: pass 1 names no step and seat of the table");
}

TEST_CASE("store: an earlier arbiter's database, without fingerprints, is opened and its tables read",
          "[server][store]") {
  std::string db = temp_db();
  edit_db(db,
      "CREATE TABLE tables(id TEXT PRIMARY KEY, setup TEXT NOT NULL, watch_hash TEXT NOT NULL, created INTEGER NOT NULL, "
      "finished INTEGER NOT NULL DEFAULT 0);"
      "CREATE TABLE seats(table_id TEXT NOT NULL, seat INTEGER NOT NULL, token_hash TEXT NOT NULL, PRIMARY KEY(table_id, seat));");
  StoredTable t = a_table(new_token(TokenKind::Seat));
  edit_db(db, "INSERT INTO tables VALUES('tab1e000', '" + setup_text(t.setup) + "', '" + t.watch_hash +
              "', 1, 0);"
              "INSERT INTO seats VALUES('tab1e000', 0, '" +
              t.seat_hashes[0] + "'), ('tab1e000', 1, '')");
  Store store(db);
  auto tables = store.tables();
  REQUIRE(tables.size() == 1);
  CHECK(tables[0].damage == "");
  CHECK(tables[0].rules_print == "");
  store.set_rules_print("tab1e000", "{}");
  CHECK(store.tables()[0].rules_print == "{}");
}
