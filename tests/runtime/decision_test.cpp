// Tests of runtime/decision.cpp: the Decision the Engine fills for a state (who may act,
// out of turn and on turn, or the table's chance decision), and taking by index.
#include <catch2/catch.hpp>

#include "lua/lua_rules.hpp"
#include "runtime/engine.hpp"

using namespace arbiter;

namespace {

// A started game of the fixture `name` (counter: pokes out of turn; coin: chance decisions).
struct Game {
  std::shared_ptr<const Ruleset> ruleset;
  LuaRules rules;
  std::shared_ptr<const Table> table;
  Engine engine;
  State state;
  explicit Game(const std::string& name, int seats = 3)
      : ruleset(load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/" + name)),
        rules(ruleset, ARBITER_SOURCE_DIR "/scripts"),
        table(make_table(ruleset, options(seats))),
        engine(table, rules),
        state(table) {
    REQUIRE(engine.start(state).ok);
  }
  static GameOptions options(int seats) {
    GameOptions o;
    for (int i = 0; i < seats; ++i)
      o.seats.push_back({std::string(1, static_cast<char>('A' + i)) + "nn", -1});
    return o;
  }
  Decision decision() {
    Decision d;
    Status st = engine.decision(state, d);
    INFO(st.message);
    REQUIRE(st.ok);
    return d;
  }
};

std::vector<int> seats_of(const Decision& d) {
  std::vector<int> out;
  for (const auto& s : d.seats) out.push_back(s.seat);
  return out;
}

}  // namespace

TEST_CASE(
    "a decision lists the out-of-turn holders first, from the seat after the one on turn, then the seat on turn") {
  Game g("counter", 3);
  int first = g.state.active();
  Decision d = g.decision();
  REQUIRE(d.kind == Decision::Kind::Seats);
  // Nothing counted yet: nobody may poke, so the seat on turn alone may act.
  CHECK(seats_of(d) == std::vector<int>{first});
  REQUIRE(d.turn_seat() != nullptr);
  CHECK(d.turn_seat()->actions.front() == "inc");
  REQUIRE(g.engine.take(g.state, d, 0, 0).ok);  // inc
  int now = g.state.active();
  CHECK(now != first);
  d = g.decision();
  CHECK(seats_of(d) == std::vector<int>{(now + 1) % 3, (now + 2) % 3, now});
  CHECK_FALSE(d.seats[0].on_turn);
  CHECK(d.seats[0].actions == std::vector<std::string>{"poke"});
  CHECK(d.seats[2].on_turn);
  CHECK(d.on_turn == now);
  for (int seat = 0; seat < 3; ++seat)
    CHECK(decision_order(g.state)[decision_position(g.state, seat)] == seat);
}

TEST_CASE("taking an action by index equals applying its text") {
  Game a("counter", 3), b("counter", 3);
  for (int step = 0; step < 6 && !a.state.over; ++step) {
    Decision d = a.decision();
    std::size_t who =
        step % 2 ? 0 : d.seats.size() - 1;  // the seat on turn, then (once there is a count) a poke
    std::size_t action = 0;
    const std::string text = d.seats[who].actions[action];
    REQUIRE(a.engine.take(a.state, d, who, action).ok);
    REQUIRE(b.engine.apply(b.state, d.seats[who].seat, text).ok());
    CHECK(a.state.hash() == b.state.hash());
    CHECK(a.state.same_play_state(b.state));
  }
}

TEST_CASE("a pending chance decision is the whole decision: outcomes, weights and who sees them") {
  Game g("coin", 2);
  REQUIRE(g.engine.apply(g.state, 0, "toss").ok());
  Decision d = g.decision();
  REQUIRE(d.kind == Decision::Kind::Chance);
  CHECK(d.seats.empty());
  REQUIRE(d.chance != nullptr);
  CHECK(d.chance->outcomes.size() == 3);
  CHECK(d.weights == g.state.chance.weights);
  CHECK(d.question == "How did Ann's coin land?");
  CHECK(d.audience == kEveryone);
  Game b("coin", 2);
  REQUIRE(b.engine.apply(b.state, 0, "toss").ok());
  REQUIRE(g.engine.take_outcome(g.state, d, 1).ok);
  REQUIRE(b.engine.decide(b.state, "tails").ok());
  CHECK(g.state.hash() == b.state.hash());
  CHECK(g.state.same_play_state(b.state));
}

TEST_CASE("pick_outcome draws as decide_randomly does, and never a weight of zero") {
  Game g("coin", 2), b("coin", 2);
  REQUIRE(g.engine.apply(g.state, 0, "toss").ok());
  REQUIRE(b.engine.apply(b.state, 0, "toss").ok());
  Rng r1(9), r2(9);
  Decision d = g.decision();
  std::size_t i = pick_outcome(d.weights, r1);
  ActionResult o = b.engine.decide_randomly(b.state, r2);
  REQUIRE(o.ok());
  CHECK(d.chance->outcomes[i].first == o.action);
  Rng r(3);
  for (int n = 0; n < 200; ++n) CHECK(pick_outcome({1, 0, 2}, r) != 1);
}

TEST_CASE("a game over is a decision of nobody") {
  Game g("counter", 2);
  REQUIRE(g.engine.apply(g.state, g.state.active(), "stop").ok());
  Decision d = g.decision();
  CHECK(d.kind == Decision::Kind::Over);
  CHECK(d.seats.empty());
}
