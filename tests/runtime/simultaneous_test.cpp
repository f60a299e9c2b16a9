// Tests of choices made at the same time (game:simultaneous, turns.simultaneous) through the
// engine (runtime/decision.cpp): who is asked, what each seat may read before the
// reveal, perft's joint branches and a search bot that cannot tell the others' choices.
#include <catch2/catch.hpp>

#include "lua/lua_rules.hpp"
#include "bots/mcts.hpp"
#include "analysis/perft.hpp"
#include "play/sample.hpp"

using namespace arbiter;

namespace {

struct Throw {
  std::shared_ptr<const Ruleset> ruleset = load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/throw");
  LuaRules rules{ruleset, ARBITER_SOURCE_DIR "/scripts"};
  std::shared_ptr<const Table> table;
  std::unique_ptr<Engine> engine;
  State state;
  Throw() {
    GameOptions o;
    o.seats = {{"Ann", -1}, {"Bob", -1}};
    table = make_table(ruleset, o);
    engine = std::make_unique<Engine>(table, rules);
    state = State(table);
    REQUIRE(engine->start(state).ok);
  }
  Decision decision() {
    Decision d;
    REQUIRE(engine->decision(state, d).ok);
    return d;
  }
};

bool reads(const View& v, const std::string& text) {
  for (const Event& e : v.log)
    if (e.text.find(text) != std::string::npos) return true;
  for (const std::string& c : v.simultaneous.choices)
    if (!c.empty()) return true;
  return false;
}

}  // namespace

TEST_CASE("turns.simultaneous asks every seat in play, each on turn, and holds a commitment unseen") {
  Throw g;
  Decision d = g.decision();
  REQUIRE(d.kind == Decision::Kind::Seats);
  CHECK(d.simultaneous);
  REQUIRE(d.seats.size() == 2);
  CHECK(d.seats[0].seat == 0);
  CHECK(d.seats[1].seat == 1);
  CHECK(d.seats[0].on_turn);
  CHECK(d.seats[1].on_turn);
  REQUIRE(g.engine->take(g.state, d, 0, 1).ok);  // Ann: paper
  d = g.decision();
  REQUIRE(d.seats.size() == 1);
  CHECK(d.seats[0].seat == 1);
  // Bob, a spectator and Bob's sampled states know only that Ann has chosen.
  for (int viewer : {1, -1}) {
    View v = make_view(g.state, viewer);
    CHECK_FALSE(reads(v, "paper"));
    CHECK(v.simultaneous.chosen == 1u);
  }
  std::vector<std::string> legal;
  REQUIRE(g.engine->legal(g.state, 0, legal).ok);
  CHECK(legal.empty());
  ActionResult again = g.engine->apply(g.state, 0, "rock");
  CHECK(again.refusal == Refusal::NotLegal);
  CHECK(again.message == "Ann has already chosen");
  REQUIRE(g.engine->apply(g.state, 1, "rock").ok());
  CHECK(g.state.var(g.ruleset->var_index("score"), 0) == Value{1});
  CHECK(g.state.var(g.ruleset->var_index("throws"), 0) == Value{1});
  CHECK_FALSE(g.state.simultaneous.chosen);
  CHECK(g.state.simultaneous.open());  // the next throw
}

TEST_CASE("a seat's own view holds its commitment; the others' sampled states have them choose again") {
  Throw g;
  REQUIRE(g.engine->apply(g.state, 0, "scissors").ok());
  View mine = make_view(g.state, 0);
  CHECK(mine.simultaneous.choices[0] == "scissors");
  Rng rng(5);
  State sampled = sample_state(g.table, make_view(g.state, 1), rng);
  CHECK(sampled.simultaneous.open());
  CHECK(sampled.simultaneous.chosen == 0u);
  State own = sample_state(g.table, mine, rng);
  CHECK(own.simultaneous.chosen == 1u);
  CHECK(own.simultaneous.choices[0] == "scissors");
}

TEST_CASE("mcts plays the same whatever the other seat committed: it cannot read it") {
  for (int seed = 1; seed <= 3; ++seed) {
    std::string first;
    for (const char* ann : {"rock", "paper", "scissors"}) {
      Throw g;
      REQUIRE(g.engine->apply(g.state, 0, ann).ok());
      MctsBudget budget;
      budget.iterations = 200;
      MctsBot bob(*g.engine, budget, static_cast<std::uint64_t>(seed));
      Decision d = g.decision();
      std::string choice = bob.choose(make_view(g.state, 1), d.seats[0].actions, true);
      if (first.empty()) first = choice;
      CHECK(choice == first);
    }
  }
}

TEST_CASE("perft counts a simultaneous choice as one ply of joint choices") {
  PerftOptions o;
  o.game.seats = {{"Ann", -1}, {"Bob", -1}};
  o.depth = 3;
  o.threads = 1;
  auto ruleset = load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/throw");
  PerftReport r = perft(ruleset, o, [](const std::shared_ptr<const Ruleset>& rs) {
    return std::unique_ptr<Rules>(new LuaRules(rs, ARBITER_SOURCE_DIR "/scripts"));
  });
  INFO(r.error);
  REQUIRE(r.error.empty());
  REQUIRE(r.levels.size() == 3);
  CHECK(r.levels[0].nodes == 9);
  CHECK(r.levels[1].nodes == 81);
  CHECK(r.levels[2].nodes == 729);
  CHECK(r.levels[2].ended == 729);
}
