// Tests of runtime/typed_action.cpp, the one reader of typed actions: exact text (any
// case), a unique start where the edge allows it, and the refusal when none fits.
#include <catch2/catch.hpp>

#include "lua/lua_rules.hpp"
#include "runtime/engine.hpp"

using namespace arbiter;

namespace {

struct Counter {
  std::shared_ptr<const Ruleset> ruleset = load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/counter");
  LuaRules rules{ruleset, ARBITER_SOURCE_DIR "/scripts"};
  std::shared_ptr<const Table> table =
      make_table(ruleset, GameOptions{{{"Andy", -1}, {"Bill", -1}}, 1, "", {}});
  Engine engine{table, rules};
  State state{table};
  Counter() { REQUIRE(engine.start(state).ok); }
};

}  // namespace

TEST_CASE("a unique start of a legal action stands for it only where the edge reads starts") {
  Counter a, b;
  int seat = a.state.active();
  ActionResult exact_only = a.engine.apply(a.state, seat, "end");
  CHECK(exact_only.refusal == Refusal::NotLegal);
  ActionResult started = a.engine.apply(a.state, seat, "  END ", {true, nullptr});
  REQUIRE(started.ok());
  CHECK(started.action == "end round");
  REQUIRE(b.engine.apply(b.state, seat, "end round").ok());
  CHECK(a.state.same_play_state(b.state));
}

TEST_CASE("a refused text leaves the state as it was") {
  Counter g;
  int seat = g.state.active();
  State before = g.state;
  ActionResult o = g.engine.apply(g.state, seat, "xyz", {true, nullptr});
  CHECK(o.refusal == Refusal::NotLegal);
  CHECK(o.candidates.empty());
  CHECK_FALSE(o.legal.empty());
  CHECK(g.state.same_play_state(before));
}

TEST_CASE("the last word typed may be cut short, unless it ends in a digit") {
  std::vector<std::string> given{"stop", "inc", "inc twice", "inc thrice", "bid 10"};
  auto read = [&](const char* typed) {  // on a fresh game each time: a read action is applied
    Counter g;
    return g.engine.apply(g.state, g.state.active(), typed, {true, &given});
  };
  for (const char* typed : {"s", "sto", "ST"}) {
    ActionResult o = read(typed);
    CHECK(o.ok());
    CHECK(o.action == "stop");
  }
  ActionResult ambiguous = read("inc t");
  CHECK(ambiguous.refusal == Refusal::Ambiguous);
  CHECK(ambiguous.candidates == std::vector<std::string>{"inc twice", "inc thrice"});
  CHECK(read("bid 1").refusal == Refusal::NotLegal);
  CHECK(read("inc tw").action == "inc twice");
  Counter g;
  CHECK(g.engine.apply(g.state, g.state.active(), "sto").refusal ==
        Refusal::NotLegal);  // an edge without starts
}

TEST_CASE("the caller's legal list is read instead of asking the rules again") {
  Counter g;
  int seat = g.state.active();
  std::vector<std::string> given{"inc", "inc twice", "inc thrice"};
  ActionResult ambiguous = g.engine.apply(g.state, seat, "inc", {true, &given});
  REQUIRE(ambiguous.ok());  // an exact match wins over starts
  CHECK(ambiguous.action == "inc");
}

TEST_CASE("several legal actions that the text starts make it ambiguous, unless the rules accept it") {
  Counter g;
  int seat = g.state.active();
  std::vector<std::string> given{"play 7H on 8S", "play 7H on 9S", "add 3 now"};
  ActionResult o = g.engine.apply(g.state, seat, "play 7H", {true, &given});
  CHECK(o.refusal == Refusal::Ambiguous);
  CHECK(o.candidates == std::vector<std::string>{"play 7H on 8S", "play 7H on 9S"});
  CHECK_THAT(o.message, Catch::Contains("could mean"));
  std::vector<std::string> adds{"add 3 now", "add 3 later"};
  ActionResult accepted = g.engine.apply(g.state, seat, "add 3", {true, &adds});  // counter accepts "add N"
  REQUIRE(accepted.ok());
  CHECK(accepted.action == "add 3");
}
