// Tests of interpreter/sample.cpp: a sampled state agrees with the view it came from, also
// after components changed kind; an undo's re-deal changes only what the humans cannot see.
#include <catch2/catch.hpp>

#include <algorithm>

#include "interpreter/engine.hpp"
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
}

TEST_CASE("a sampled state knows of a kind changed out of sight only what the view shows") {
  auto ruleset = load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/api");
  auto table = make_table(ruleset, {});
  State s(table);
  int secret = table->zone_by_name("secret");
  s.move(5, secret);  // the blank, into a zone nobody sees into
  State promoted = s;
  promoted.become(5, table->kind_by_name("three"));
  View v = make_view(s, 0), w = make_view(promoted, 0);
  for (std::size_t z = 0; z < v.zones.size(); ++z) REQUIRE(v.zones[z].items == w.zones[z].items);
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    Rng a(seed), b(seed);
    State from_s = sample_state(table, v, a), from_promoted = sample_state(table, w, b);
    CHECK(from_s.same_play_state(from_promoted));
    CHECK(names(from_promoted, secret) == std::vector<std::string>{"blank"});  // as dealt: the change was unseen
  }
}

TEST_CASE("a re-deal moves only what no given seat sees, and reseeds the generator") {
  auto ruleset = load_ruleset(ARBITER_SOURCE_DIR "/rulesets/stacks", ARBITER_SOURCE_DIR "/scripts");
  LuaRules rules(ruleset, ARBITER_SOURCE_DIR "/scripts");
  auto table = make_table(ruleset, GameOptions{{{"Ann", -1}, {"Ben", -1}, {"Cid", -1}}, 7, "", {}});
  Engine engine(table, rules);
  State s(table);
  REQUIRE(engine.start(s).ok);
  bool deck_changed = false;
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    State r = s;
    redeal_hidden(r, 0b001u, seed);  // Ann is the only human
    auto before = make_view(s, 0), after = make_view(r, 0);
    for (std::size_t z = 0; z < before.zones.size(); ++z) {
      CHECK(before.zones[z].items == after.zones[z].items);  // Ann's view is unchanged
      CHECK(before.zones[z].count == after.zones[z].count);
    }
    std::vector<std::uint16_t> a = s.items, b = r.items;
    std::sort(a.begin(), a.end());
    std::sort(b.begin(), b.end());
    CHECK(a == b);  // nothing lost or duplicated
    CHECK_FALSE(r.rng == s.rng);
    deck_changed = deck_changed || r.items != s.items;
    CHECK(r.log.entries().back().kind == Event::Kind::Redeal);
    CHECK(make_view(r, 0).log.size() == make_view(s, 0).log.size());  // nobody reads it
  }
  CHECK(deck_changed);
}
