// Tests of interpreter/view.cpp beyond what the conformance test checks: a view carries no
// fact the seat was not told.
#include <catch2/catch.hpp>

#include "interpreter/view.hpp"
#include "interpreter/ruleset.hpp"

using namespace arbiter;

TEST_CASE("a view tells a seat of a reveal to itself or to everyone, not of one to another seat") {
  auto ruleset = load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/api");
  auto table = make_table(ruleset, {});
  State s(table);
  int secret = table->zone_by_name("secret");
  State peeked = s;
  peeked.revealed[secret] |= 1u << 1;  // game:reveal('secret', 2): its line goes to seat 2 alone
  CHECK(make_view(peeked, 0).zones[secret].revealed == make_view(s, 0).zones[secret].revealed);
  CHECK(make_view(peeked, -1).zones[secret].revealed == 0);
  CHECK(make_view(peeked, 1).zones[secret].revealed == 1u << 1);
  peeked.revealed[secret] = kEveryone;  // game:reveal('secret')
  CHECK(make_view(peeked, 0).zones[secret].revealed == kEveryone);
}
