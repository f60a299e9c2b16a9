// Tests of interpreter/sample.cpp: a sampled state agrees with the view it came from, also
// after components changed kind.
#include <catch2/catch.hpp>

#include <algorithm>

#include "interpreter/sample.hpp"
#include "interpreter/view.hpp"
#include "binding/lua_rules.hpp"

using namespace arbiter;

namespace {

std::vector<std::string> names(const State& s, int z) {
  std::vector<std::string> out;
  for (int c : s.contents(z)) out.push_back(s.name(c));
  return out;
}

}  // namespace

TEST_CASE("a sampled state shows what the view shows, with components that changed kind") {
  auto ruleset = load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/api");
  auto table = make_table(ruleset, {});
  State s(table);
  // Component ids in game.yaml order: 0, 1 three; 2, 3 one; 4 two; 5 blank.
  s.become(4, table->kind_by_name("three"));
  s.become(2, table->kind_by_name("blank"));
  View v = make_view(s, 0);
  Rng rng(5);
  State sampled = sample_state(table, v, rng);
  int pile = table->zone_by_name("pile");
  auto want = names(s, pile), got = names(sampled, pile);
  std::sort(want.begin(), want.end());
  std::sort(got.begin(), got.end());
  CHECK(got == want);
  CHECK(make_view(sampled, 0).kind_counts == v.kind_counts);
}
