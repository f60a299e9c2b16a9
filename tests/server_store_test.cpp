// Tests of server/store.cpp: tables, seats and steps survive closing the database; only
// hashes of tokens are kept; the database is in WAL mode.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "server/store.hpp"
#include "server/tokens.hpp"

using namespace arbiter;
using namespace arbiter::server;

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
  auto steps = store.steps("tab1e000");
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
    CHECK((mode & (std::filesystem::perms::group_all | std::filesystem::perms::others_all)) == std::filesystem::perms::none);
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
  auto passes = store.passes("tab1e000");
  REQUIRE(passes.size() == 2);
  CHECK((passes[0].n == 3 && passes[0].seat == 1 && passes[1].seat == 0));
  store.remove("tab1e000");
  CHECK(store.passes("tab1e000").empty());
}
