// Tests of analysis/leaks/leaks.cpp, the search itself: a planted narration leak is found and
// named (tests/fixtures/leaks/told-deal), the game it was planted in is clean, a ruleset with
// nothing hidden is not searched, and the same options give the same report.
#include <catch2/catch.hpp>

#include "analysis/leaks/leaks.hpp"
#include "lua/lua_rules.hpp"

using namespace arbiter;

namespace {

LeakReport search(const std::string& dir, LeakOptions o = {}) {
  auto ruleset = load_ruleset(ARBITER_SOURCE_DIR "/" + dir, ARBITER_SOURCE_DIR "/scripts");
  LuaRules rules(ruleset, ARBITER_SOURCE_DIR "/scripts");
  return find_leaks(ruleset, rules, o);
}

}  // namespace

TEST_CASE("a deal the narration names to every seat is a leak, named by seat, step and log line") {
  LeakReport r = search("tests/fixtures/leaks/told-deal");
  REQUIRE(r.error.empty());
  REQUIRE(r.found > 0);
  REQUIRE_FALSE(r.leaks.empty());
  const Leak& first = r.leaks.front();
  CHECK(first.seed == 1);
  CHECK(first.seats == std::vector<std::string>{"P1", "P2"});
  // The first deal is P1's: P2, drawn a world before it, reads another card named.
  CHECK(first.seat == 1);
  CHECK(first.step == 1);
  CHECK(first.history.size() == 1);
  CHECK(first.field.rfind("log line", 0) == 0);
  CHECK(first.real != first.other);
  CHECK(first.real.find(" is dealt the ") != std::string::npos);
}

TEST_CASE("Kuhn poker as shipped tells nobody another's card") {
  LeakReport r = search("rulesets/kuhn-poker");
  CHECK(r.error.empty());
  CHECK(r.found == 0);
  CHECK(r.pairs > 0);
  CHECK(r.steps > r.pairs);
}

TEST_CASE("a ruleset with nothing hidden is not searched") {
  LeakReport r = search("rulesets/tictactoe");
  CHECK(r.nothing_hidden);
  CHECK(r.pairs == 0);
  CHECK(r.found == 0);
}

TEST_CASE("the same options give the same leaks, in the same order") {
  LeakOptions o;
  o.games = 2;
  LeakReport a = search("tests/fixtures/leaks/copies", o), b = search("tests/fixtures/leaks/copies", o);
  REQUIRE(a.error.empty());
  CHECK(a.found == b.found);
  CHECK(a.pairs == b.pairs);
  CHECK(a.steps == b.steps);
  REQUIRE(a.leaks.size() == b.leaks.size());
  for (std::size_t i = 0; i < a.leaks.size(); ++i) {
    CHECK(a.leaks[i].step == b.leaks[i].step);
    CHECK(a.leaks[i].field == b.leaks[i].field);
    CHECK(a.leaks[i].other == b.leaks[i].other);
  }
}
