// Tests of play/sample.cpp: a sampled state agrees with the view it came from, also
// after components changed kind; an undo's re-deal changes only what the humans cannot see.
#include <catch2/catch.hpp>

#include <algorithm>
#include <map>

#include "runtime/engine.hpp"
#include "play/sample.hpp"
#include "runtime/vars.hpp"
#include "runtime/view.hpp"
#include "lua/lua_rules.hpp"

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
    CHECK(names(from_promoted, secret) ==
          std::vector<std::string>{"blank"});  // as dealt: the change was unseen
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

namespace {

// The hidden-strength fixture started from `seed`, with Bill's strength dealt by its setup;
// `declared` false plays it as if game.yaml declared no `values:` for it.
struct Strength {
  std::shared_ptr<const Ruleset> ruleset;
  std::unique_ptr<LuaRules> rules;
  std::shared_ptr<const Table> table;
  explicit Strength(bool declared = true) {
    auto r = std::make_shared<Ruleset>(*load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/hidden-strength"));
    if (!declared) r->vars[static_cast<std::size_t>(r->var_index("strength"))].values.clear();
    ruleset = r;
    rules = std::make_unique<LuaRules>(ruleset, ARBITER_SOURCE_DIR "/scripts");
    table = make_table(ruleset, GameOptions{{{"Andy", -1}, {"Bill", -1}}, 1, "", {}});
  }
};

}  // namespace

TEST_CASE("another seat's hidden variable is sampled from its declared values, not read nor reset") {
  Strength g;
  Engine engine(g.table, *g.rules);
  State s(g.table);
  REQUIRE(engine.start(s).ok);
  int strength = g.ruleset->var_index("strength");
  Rng rng(4);
  View andy = make_view(s, 0);
  std::map<std::int64_t, int> seen;
  for (int i = 0; i < 300; ++i) {
    State sample = sample_state(g.table, andy, rng);
    ++seen[sample.var(strength, 1).as_int()];
    CHECK(sample.var(strength, 0) == s.var(strength, 0));  // Andy's own is what it is
  }
  // Each of 1, 2 and 3 about a third of the time, whatever Bill's really is.
  REQUIRE(seen.size() == 3);
  for (const auto& [value, n] : seen) {
    INFO(value);
    CHECK(n > 60);
  }
  SECTION("undeclared, it stays at its initial value, all the seat can know of it") {
    Strength plain(false);
    Engine e(plain.table, *plain.rules);
    State t(plain.table);
    REQUIRE(e.start(t).ok);
    for (int i = 0; i < 20; ++i)
      CHECK(sample_state(plain.table, make_view(t, 0), rng).var(strength, 1) == Value{1});
  }
}

TEST_CASE("a hidden variable's declared values bind the rules") {
  Strength g;
  Engine engine(g.table, *g.rules);
  State s(g.table);
  REQUIRE(engine.start(s).ok);
  int strength = g.ruleset->var_index("strength");
  CHECK_THROWS_WITH(
      set_var_checked(s, strength, 1, Value{4}),
      Catch::Contains("variable 'strength' holds one of its values in game.yaml (1, 2, 3), not '4'"));
  CHECK_NOTHROW(set_var_checked(s, strength, 1, Value{3}));
}

TEST_CASE("a hidden variable's values may follow a parameter: sampled, and binding, at each table's value") {
  auto ruleset = load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/hidden-die");
  LuaRules rules(ruleset, ARBITER_SOURCE_DIR "/scripts");
  for (int faces : {3, 6}) {
    INFO("faces " << faces);
    GameOptions options{{{"Andy", -1}, {"Bill", -1}}, 1, "", {{"faces", std::to_string(faces)}}};
    auto table = make_table(ruleset, options);
    Engine engine(table, rules);
    State s(table);
    REQUIRE(engine.start(s).ok);
    int die = ruleset->var_index("die");
    Rng rng(9);
    std::map<std::int64_t, int> seen;
    for (int i = 0; i < 400; ++i) ++seen[sample_state(table, make_view(s, 0), rng).var(die, 1).as_int()];
    CHECK(static_cast<int>(seen.size()) == faces + 1);  // 0..faces, and nothing above
    CHECK(seen.begin()->first == 0);
    CHECK(seen.rbegin()->first == faces);
    CHECK_THROWS_WITH(set_var_checked(s, die, 1, Value{faces + 1}),
                      Catch::Contains("holds one of its values in game.yaml"));
  }
}

TEST_CASE("a values range the initial value falls outside of at a table is refused at that table") {
  auto ruleset = std::make_shared<Ruleset>(*load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/hidden-die"));
  ruleset->vars[static_cast<std::size_t>(ruleset->var_index("die"))].initial = Value{9};
  GameOptions options{{{"Andy", -1}, {"Bill", -1}}, 1, "", {}};
  CHECK_THROWS_WITH(make_table(ruleset, options),
                    Catch::Contains("variable 'die''s initial value '9' is not among its values 0..6 at this table"));
}
