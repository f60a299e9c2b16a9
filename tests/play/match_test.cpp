// Tests of play/match.cpp, the playout of `sim` and `check`: out-of-turn holders are
// asked before the seat on turn, every step is reported, and a bot or game that goes wrong
// ends the playout with a reason.
#include <catch2/catch.hpp>

#include "lua/lua_rules.hpp"
#include "play/match.hpp"

using namespace arbiter;

namespace {

struct Counter {
  std::shared_ptr<const Ruleset> ruleset = load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/counter");
  LuaRules rules{ruleset, ARBITER_SOURCE_DIR "/scripts"};
  std::shared_ptr<const Table> table =
      make_table(ruleset, GameOptions{{{"Andy", -1}, {"Bill", -1}, {"Cleo", -1}}, 1, "", {}});
  Engine engine{table, rules};
  State state{table};
  Counter() { REQUIRE(engine.start(state).ok); }
};

// Off its turn it pokes when it may; on its turn it plays `on_turn`.
class Scripted final : public Bot {
 public:
  Scripted(std::string on_turn, bool pokes) : on_turn_(std::move(on_turn)), pokes_(pokes) {}
  std::string choose(const View&, const std::vector<std::string>& legal, bool on_turn) override {
    if (!on_turn) return pokes_ ? legal.front() : "";
    return on_turn_;
  }
  bool wants_view() const override { return false; }

 private:
  std::string on_turn_;
  bool pokes_;
};

std::vector<std::unique_ptr<Bot>> bots(const std::string& on_turn, std::vector<bool> pokes) {
  std::vector<std::unique_ptr<Bot>> out;
  for (bool p : pokes) out.push_back(std::make_unique<Scripted>(on_turn, p));
  return out;
}

}  // namespace

TEST_CASE("a playout asks the out-of-turn holders first, from the seat after the one on turn") {
  Counter g;
  auto b = bots("inc", {true, true, true});
  std::vector<MatchStep> steps;
  std::vector<int> on_turn;
  Status st = play_out(g.engine, g.state, b, 6, [&](const State& s, const MatchStep& step) {
    steps.push_back(step);
    on_turn.push_back(s.active());
  });
  CHECK_FALSE(st.ok);  // six actions, and the count never reaches 10: the limit says so
  CHECK_THAT(st.message, Catch::Contains("did not end within 6 actions"));
  REQUIRE(steps.size() == 6);
  CHECK(steps[0].action == "inc");
  // Once something is counted the seat after the one on turn pokes first, and again: every
  // poke leaves the turn where it was.
  int after = (on_turn[0] + 1) % 3;
  for (std::size_t i = 1; i < steps.size(); ++i) {
    CHECK(steps[i].action == "poke");
    CHECK(steps[i].seat == after);
  }
}

TEST_CASE("a playout without out-of-turn actions taken plays to the end") {
  Counter g;
  auto b = bots("inc", {false, false, false});
  int steps = 0;
  Status st = play_out(g.engine, g.state, b, 100, [&](const State&, const MatchStep& step) {
    ++steps;
    CHECK(step.action == "inc");
  });
  INFO(st.message);
  CHECK(st.ok);
  CHECK(g.state.over);
  CHECK(steps == 10);  // the counter's target
}

TEST_CASE("a bot that chooses what is not legal ends the playout and is named") {
  Counter g;
  auto b = bots("dance", {false, false, false});
  Status st = play_out(g.engine, g.state, b, 100);
  CHECK_FALSE(st.ok);
  CHECK_THAT(st.message, Catch::Contains("'s bot chose 'dance', which is not legal"));
}

// A bot that answers nothing on its turn cannot play the position: the game stops there,
// naming it, rather than reading the silence as a pass (the turn driver, every door).
TEST_CASE("a bot that gives nothing on its turn stops the game, naming its seat") {
  Counter g;
  auto b = bots("", {false, false, false});
  Status st = play_out(g.engine, g.state, b, 100);
  CHECK_FALSE(st.ok);
  CHECK(st.message == "Andy's bot chose nothing on its turn");
}

TEST_CASE("a script error in a playout names the seat and the action that met it") {
  Counter g;
  auto b = bots("boom", {false, false, false});
  Status st = play_out(g.engine, g.state, b, 100);
  CHECK_FALSE(st.ok);
  CHECK_THAT(st.message, Catch::StartsWith("at " + g.table->seats[g.state.active()].name + "'s 'boom': ") &&
                             Catch::Contains("rules.lua:"));
}
