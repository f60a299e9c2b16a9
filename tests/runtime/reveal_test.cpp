// Tests of runtime/reveal.cpp without Lua: what a reveal or a show lets a seat see, and
// the log line that tells that seat (and nobody else) so.
#include <catch2/catch.hpp>

#include "runtime/reveal.hpp"

using namespace arbiter;

namespace {
// The api fixture with two seats, Andy and Bill; "secret" is a hidden zone.
State api_state() {
  static auto ruleset = load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/api");
  GameOptions options;
  options.seats = {{"Andy", -1}, {"Bill", -1}};
  return State(make_table(ruleset, options));
}
}  // namespace

TEST_CASE("a reveal lets its seats see the zone and tells them alone what it holds") {
  State s = api_state();
  int secret = s.table->zone_by_name("secret");
  s.move(0, secret);
  REQUIRE_FALSE(s.visible(0, 1));
  reveal_zone(s, secret, 1u << 1);
  CHECK(s.visible(0, 1));
  CHECK_FALSE(s.visible(0, 0));
  auto log = s.log.entries();
  REQUIRE(log.size() == 1);
  CHECK(log[0].text == "(secret is revealed): " + s.name(0));
  CHECK(log[0].audience == 1u << 1);
  conceal_zone(s, secret);
  CHECK_FALSE(s.visible(0, 1));
  s.move(1, secret);
  reveal_zone(s, secret, kEveryone);  // top first
  CHECK(s.log.entries().back().text == "(secret is revealed): " + s.name(1) + ", " + s.name(0));
  reveal_zone(s, s.table->zone_by_name("other"), kEveryone);
  CHECK(s.log.entries().back().text == "(other is revealed): empty");
}

TEST_CASE("a show lets one seat or all see one component, said to them unless asked not to") {
  State s = api_state();
  int secret = s.table->zone_by_name("secret");
  s.move(0, secret);
  s.move(1, secret);
  show_component(s, 0, 0, true);
  CHECK(s.visible(0, 0));
  CHECK_FALSE(s.visible(0, 1));
  CHECK_FALSE(s.visible(1, 0));
  show_component(s, 1, -1, true);
  CHECK(s.visible(1, 1));
  auto log = s.log.entries();
  REQUIRE(log.size() == 2);
  CHECK(log[0].text == "(three in secret is shown to Andy)");
  CHECK(log[0].audience == 1u << 0);
  CHECK(log[1].text == "(three in secret is shown to everyone)");
  CHECK(log[1].audience == kEveryone);
  show_component(s, 0, 1, false);
  CHECK(s.visible(0, 1));
  CHECK(s.log.entries().size() == 2);
}
