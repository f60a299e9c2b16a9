// Tests of chance decisions in runtime/engine.cpp, with the coin fixture: while one is
// pending nobody acts; a decision is all-or-nothing; random decisions follow the caller's RNG.
#include <catch2/catch.hpp>

#include <map>

#include "lua/lua_rules.hpp"
#include "authoring/conformance.hpp"
#include "runtime/engine.hpp"

using namespace arbiter;

namespace {

struct CoinGame {
  std::shared_ptr<const Ruleset> ruleset = load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/coin");
  LuaRules rules{ruleset, ARBITER_SOURCE_DIR "/scripts"};
  std::shared_ptr<const Table> table =
      make_table(ruleset, GameOptions{{{"Andy", -1}, {"Bill", -1}}, 1, "", {}});
  Engine engine{table, rules};
  State state{table};
  CoinGame() { REQUIRE(engine.start(state).ok); }
  int heads(int seat) { return static_cast<int>(state.var(ruleset->var_index("heads"), seat).as_int()); }
};

}  // namespace

TEST_CASE("game.yaml declares chance decisions with their outcomes and help") {
  CoinGame g;
  REQUIRE(g.ruleset->chances.size() == 1);
  const ChanceDef& c = g.ruleset->chances[0];
  CHECK(c.physical);
  CHECK(c.outcomes.size() == 3);
  CHECK(c.outcomes[0].second == "the coin shows heads");
  CHECK(c.outcome_index("tails") == 1);
}

TEST_CASE("a pending chance decision stops play until it is made") {
  CoinGame g;
  CHECK(g.engine.pending_chance(g.state) == nullptr);
  CHECK(g.engine.decide(g.state, "heads").refusal == Refusal::NotLegal);
  REQUIRE(g.engine.apply(g.state, 0, "toss").ok());
  REQUIRE(g.engine.pending_chance(g.state) != nullptr);
  CHECK(g.state.chance.question == "How did Andy's coin land?");
  std::vector<std::string> legal;
  REQUIRE(g.engine.legal(g.state, 0, legal).ok);
  CHECK(legal.empty());
  ActionResult refused = g.engine.apply(g.state, 0, "toss");
  CHECK(refused.refusal == Refusal::NotLegal);
  CHECK_THAT(refused.message, Catch::Contains("How did Andy's coin land?"));
  REQUIRE(g.engine.decide(g.state, "heads").ok());
  CHECK(g.heads(0) == 1);
  CHECK(g.state.active() == 1);
}

TEST_CASE("an unknown outcome or a failing outcome rule leaves the state as it was") {
  CoinGame g;
  REQUIRE(g.engine.apply(g.state, 0, "toss").ok());
  State before = g.state;
  ActionResult unknown = g.engine.decide(g.state, "head");
  CHECK(unknown.refusal == Refusal::NotLegal);
  CHECK_THAT(unknown.message, Catch::Contains("did you mean 'heads'"));
  CHECK(g.state.same_play_state(before));
  ActionResult failing = g.engine.decide(g.state, "edge");
  CHECK(failing.refusal == Refusal::ScriptError);
  CHECK_THAT(failing.message, Catch::Contains("coin/rules.lua:"));
  CHECK(g.state.same_play_state(before));
  CHECK(g.state.hash() == before.hash());
}

TEST_CASE("random decisions follow the caller's generator, and the log replays them") {
  auto play = [](std::uint64_t seed) {
    CoinGame g;
    Rng rng(seed);
    std::vector<std::string> outcomes;
    while (!g.state.over) {
      if (g.engine.pending_chance(g.state)) {
        ActionResult o = g.engine.decide_randomly(g.state, rng);
        REQUIRE(o.ok());
        outcomes.push_back(o.action);
      } else {
        REQUIRE(g.engine.apply(g.state, g.state.active(), "toss").ok());
      }
    }
    CHECK(check_replay(g.engine, g.state).empty());
    return outcomes;
  };
  auto a = play(5), b = play(5);
  CHECK(a == b);
  CHECK(a.size() == 6);
  for (const auto& o : a) CHECK((o == "heads" || o == "tails"));  // "edge" has weight 0
}

TEST_CASE("weights that sum past the largest double, or are subnormal, are still picked by weight") {
  auto counts = [](std::vector<double> weights) {
    CoinGame g;
    REQUIRE(g.engine.apply(g.state, 0, "toss").ok());
    g.state.chance.weights = std::move(weights);
    Rng rng(7);
    std::map<std::string, int> seen;
    for (int i = 0; i < 400; ++i) {
      State s = g.state;
      ActionResult o = g.engine.decide_randomly(s, rng);
      REQUIRE(o.ok());
      ++seen[o.action];
    }
    return seen;
  };
  auto huge = counts({1e308, 1e308, 0});  // before, the sum was infinite and tails won every time
  CHECK(huge["heads"] > 150);
  CHECK(huge["tails"] > 150);
  CHECK(huge["edge"] == 0);
  auto tiny = counts({5e-324, 5e-324, 0});
  CHECK(tiny["heads"] > 150);
  CHECK(tiny["tails"] > 150);
  auto lopsided = counts({1e308, 0, 1});
  CHECK(lopsided["heads"] == 400);
}
