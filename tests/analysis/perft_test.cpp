// Tests of analysis/perft.cpp: counts worked out by hand on the coin fixture (a toss is
// an action, then the table's chance decision has two outcomes of weight above zero).
#include <catch2/catch.hpp>

#include "lua/lua_rules.hpp"
#include "runtime/diagnostics.hpp"
#include "analysis/perft.hpp"

using namespace arbiter;

namespace {

RulesFactory lua_rules() {
  return [](std::shared_ptr<const Ruleset> r) -> std::unique_ptr<Rules> {
    return std::make_unique<LuaRules>(r, ARBITER_SOURCE_DIR "/scripts");
  };
}

PerftOptions coin_options(int depth, int threads, std::vector<std::string> names) {
  PerftOptions o;
  for (auto& n : names) o.game.seats.push_back(Seat{n});
  o.depth = depth;
  o.threads = threads;
  return o;
}

}  // namespace

TEST_CASE("perft counts actions and chance outcomes, doubling at each toss's outcome") {
  auto coin = load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/coin", ARBITER_SOURCE_DIR "/scripts");
  // Two seats toss three times each: 12 plies; a toss is one branch, its landing two
  // (heads and tails; `edge` has weight 0 and is not a branch).
  for (int threads : {1, 2}) {
    PerftReport r = perft(coin, coin_options(12, threads, {"Ann", "Bob"}), lua_rules());
    REQUIRE(r.error.empty());
    REQUIRE(r.levels.size() == 12);
    const std::uint64_t nodes[] = {1, 2, 2, 4, 4, 8, 8, 16, 16, 32, 32, 64};
    for (int d = 0; d < 12; ++d) {
      CHECK(r.levels[d].depth == d + 1);
      CHECK(r.levels[d].nodes == nodes[d]);
      CHECK(r.levels[d].ended == (d == 11 ? 64u : 0u));
    }
    // The rules always name seat 1 the winner.
    CHECK(r.levels[11].results == std::map<std::string, std::uint64_t>{{"Ann", 64}});
  }
}

TEST_CASE("perft --divide counts the positions at full depth under each first branch") {
  auto coin = load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/coin", ARBITER_SOURCE_DIR "/scripts");
  PerftOptions o = coin_options(3, 1, {"Ann"});
  o.divide = true;
  PerftReport r = perft(coin, o, lua_rules());
  REQUIRE(r.error.empty());
  REQUIRE(r.divide.size() == 1);
  CHECK(r.divide[0].label == "toss");
  CHECK(r.divide[0].nodes == 2);
}

TEST_CASE("perft stops at a script error and names it") {
  auto counter = load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/counter", ARBITER_SOURCE_DIR "/scripts");
  PerftOptions o;
  o.depth = 2;
  o.threads = 2;
  PerftReport r = perft(counter, o, lua_rules());
  CHECK(r.error.find("boom: a deliberate script error") != std::string::npos);
}
