// Tests of runtime/engine.cpp with the counter fixture: refusals leave the state as it
// was, script errors name the file and line, and the runtime sequences turns and rounds.
#include <catch2/catch.hpp>

#include <fstream>

#include "lua/lua_rules.hpp"
#include "runtime/engine.hpp"

using namespace arbiter;

namespace {

const std::string kCounter = ARBITER_SOURCE_DIR "/tests/fixtures/counter";

// The 1-based line of the counter rules that holds `text`, or 0.
int rules_line(const std::string& text) {
  std::ifstream in(kCounter + "/rules.lua");
  int n = 0;
  for (std::string line; std::getline(in, line);) {
    ++n;
    if (line.find(text) != std::string::npos) return n;
  }
  return 0;
}

// A started counter game with the given seats, ready for its first decision.
struct Game {
  std::shared_ptr<const Ruleset> ruleset = load_ruleset(kCounter);
  LuaRules rules{ruleset, ARBITER_SOURCE_DIR "/scripts"};
  std::shared_ptr<const Table> table;
  std::unique_ptr<Engine> engine;
  State state;

  explicit Game(std::vector<Seat> seats, std::map<std::string, std::string> set = {}) {
    GameOptions o;
    o.seats = std::move(seats);
    o.set = std::move(set);
    table = make_table(ruleset, o);
    engine = std::make_unique<Engine>(table, rules);
    state = State(table);
    Status st = engine->start(state);
    INFO(st.message);
    REQUIRE(st.ok);
  }

  ActionResult apply(int seat, const std::string& text) { return engine->apply(state, seat, text); }
  Value var(const char* name, int seat = 0) const { return state.var(ruleset->var_index(name), seat); }
  std::vector<std::string> legal(int seat) {
    std::vector<std::string> out;
    REQUIRE(engine->legal(state, seat, out).ok);
    return out;
  }
  std::vector<int> order() const { return {state.order.begin(), state.order.end()}; }
};

// Applies `text` and checks it is refused for `why` with the state exactly as it was.
ActionResult refusal_of(Game& g, int seat, const std::string& text, Refusal why) {
  State before = g.state;
  std::uint64_t hash = g.state.hash();
  std::size_t log = g.state.log.size();
  ActionResult o = g.apply(seat, text);
  INFO("'" << text << "': " << to_text(o.refusal) << ": " << o.message);
  CHECK(o.refusal == why);
  CHECK_FALSE(o.ok());
  CHECK(g.state.same_play_state(before));
  CHECK(g.state.hash() == hash);
  CHECK(g.state.log.size() == log);
  return o;
}

void refused(Game& g, int seat, const std::string& text, Refusal why) {
  ActionResult o = refusal_of(g, seat, text, why);
  (void)o;  // refusal_of checked it
}

void accepted(Game& g, int seat, const std::string& text) {
  ActionResult o = g.apply(seat, text);
  INFO("'" << text << "': " << to_text(o.refusal) << ": " << o.message);
  REQUIRE(o.ok());
}

}  // namespace

TEST_CASE("start runs set-up and the first round up to the first decision") {
  Game g({{"Andy", -1}, {"Bill", -1}});
  CHECK(g.state.round == 1);
  CHECK(g.state.turn == 1);
  CHECK(g.state.active() == 0);
  CHECK(g.state.pending == 0);
  CHECK(g.order() == std::vector<int>{0, 1});
  CHECK(g.legal(0) == std::vector<std::string>{"inc", "fold", "end round", "stop", "boom"});
  CHECK(g.legal(1).empty());  // nothing counted yet: no poke
  CHECK(g.state.log.entries().back().text == "round 1");
}

TEST_CASE("the youngest seat starts the first round when the ruleset says so") {
  Game g({{"Ann", 40}, {"Bo", 9}, {"Cy", 20}});
  CHECK(g.order() == std::vector<int>{1, 2, 0});
  CHECK(g.state.active() == 1);
}

TEST_CASE("an accepted action is applied, logged and canonical") {
  Game g({{"Andy", -1}, {"Bill", -1}});
  ActionResult o = g.apply(0, "  INC ");
  REQUIRE(o.ok());
  CHECK(o.action == "inc");  // the listed spelling, whatever case and spacing was typed
  CHECK(o.legal.empty());
  CHECK(g.var("count") == Value{1});
  CHECK(g.state.active() == 1);
  CHECK(g.state.turn == 2);
  auto log = g.state.log.entries();
  bool found = false;
  for (const auto& e : log)
    found = found || (e.kind == Event::Kind::Action && e.seat == 0 && e.text == "inc");
  CHECK(found);

  // An open-ended action not in the list, accepted by the ruleset in its canonical form.
  o = g.apply(1, "add   007");
  REQUIRE(o.ok());
  CHECK(o.action == "add 7");
  CHECK(g.var("count") == Value{8});
  CHECK(g.state.log.entries().back().text != "add   007");
}

TEST_CASE("refused actions leave the state exactly as it was, with a stable reason") {
  Game g({{"Andy", -1}, {"Bill", -1}});

  SECTION("not your turn") {
    ActionResult o = refusal_of(g, 1, "inc", Refusal::NotYourTurn);
    CHECK(std::string(to_text(o.refusal)) == "not your turn");
    CHECK_THAT(o.message, Catch::Contains("off your turn"));
  }
  SECTION("not legal now, with what is legal instead") {
    ActionResult o = refusal_of(g, 0, "jump", Refusal::NotLegal);
    CHECK(std::string(to_text(o.refusal)) == "not legal now");
    CHECK_THAT(o.message, Catch::Contains("say inc, add N"));
    CHECK(o.legal == g.legal(0));
    // Off turn but with an out-of-turn action available, other actions are not legal.
    accepted(g, 0, "inc");
    CHECK(g.legal(0) == std::vector<std::string>{"poke"});
    refused(g, 0, "inc", Refusal::NotLegal);
    accepted(g, 0, "poke");  // and the out-of-turn action itself works
    CHECK(g.var("pokes", 0) == Value{1});
    CHECK(g.state.active() == 1);  // without taking the turn
  }
  SECTION("an unknown seat") {
    refused(g, 2, "inc", Refusal::UnknownSeat);
    refused(g, -1, "inc", Refusal::UnknownSeat);
  }
}

TEST_CASE("a finished game refuses everything as game over") {
  Game g({{"Andy", -1}, {"Bill", -1}, {"Cy", -1}});
  accepted(g, 0, "inc");
  accepted(g, 1, "stop");
  CHECK(g.state.over);
  CHECK(g.state.winners == std::vector<int>{1});
  CHECK(g.state.pending == 0);
  CHECK(g.legal(0).empty());
  CHECK(g.legal(1).empty());
  ActionResult o = refusal_of(g, 1, "inc", Refusal::GameOver);
  CHECK(std::string(to_text(o.refusal)) == "game over");
  refused(g, 0, "poke", Refusal::GameOver);
}

TEST_CASE("reaching the target ends the game through finish") {
  Game g({{"Andy", -1}, {"Bill", -1}}, {{"target", "5"}});
  accepted(g, 0, "add 3");
  CHECK_FALSE(g.state.over);
  accepted(g, 1, "add 2");
  CHECK(g.state.over);
  CHECK(g.state.winners == std::vector<int>{1});
}

TEST_CASE("a Lua error in apply leaves the state as it was and names the rules file and line") {
  Game g({{"Andy", -1}, {"Bill", -1}});
  accepted(g, 0, "inc");
  ActionResult o = refusal_of(g, 1, "boom", Refusal::ScriptError);
  CHECK(std::string(to_text(o.refusal)) == "script error");
  int line = rules_line("error(\"boom");
  REQUIRE(line > 0);
  CHECK_THAT(o.message, Catch::StartsWith("counter/rules.lua:" + std::to_string(line) +
                                          ": boom: a deliberate script error"));
  // The changes boom made before failing (count 999, a card drawn) are gone.
  CHECK(g.var("count") == Value{1});
  CHECK(g.state.count(g.table->zone_by_name("Bill.hand")) == 0);
  // And the game goes on.
  accepted(g, 1, "inc");
  CHECK(g.var("count") == Value{2});
}

TEST_CASE("turns pass in order, skipping seats that have folded, until the round ends") {
  Game g({{"A", -1}, {"B", -1}, {"C", -1}});
  accepted(g, 0, "inc");
  CHECK(g.state.active() == 1);
  accepted(g, 1, "fold");
  CHECK(g.state.status[1] == SeatStatus::OutForRound);
  CHECK(g.state.active() == 2);
  CHECK(g.legal(1).empty());  // a folded seat may not even poke
  refused(g, 1, "poke", Refusal::NotYourTurn);
  accepted(g, 2, "inc");
  CHECK(g.state.active() == 0);
  accepted(g, 0, "inc");
  CHECK(g.state.active() == 2);  // B is skipped
  CHECK(g.state.round == 1);
  // The last fold but one ends the round; the next round's order comes from round_order.
  accepted(g, 2, "fold");
  CHECK(g.state.round == 2);
  CHECK(g.order() == std::vector<int>{1, 2, 0});
  CHECK(g.state.active() == 1);
  CHECK(g.state.status == std::vector<SeatStatus>(3, SeatStatus::In));  // folds last one round
}

TEST_CASE("round_order sets each new round's order") {
  Game g({{"A", -1}, {"B", -1}, {"C", -1}});
  accepted(g, 0, "end round");
  CHECK(g.state.round == 2);
  CHECK(g.order() == std::vector<int>{1, 2, 0});
  CHECK(g.state.active() == 1);
  accepted(g, 1, "end round");
  CHECK(g.state.round == 3);
  CHECK(g.order() == std::vector<int>{2, 0, 1});
  CHECK(g.state.active() == 2);
  CHECK(g.state.log.entries().back().text == "round 3");
}

TEST_CASE("score falls back to the score variable") {
  Game g({{"A", -1}, {"B", -1}});
  g.state.set_var(g.ruleset->var_index("score"), 1, Value{12});
  CHECK(g.engine->score(g.state, 1) == Value{12});
  CHECK(g.engine->score(g.state, 0) == Value{0});
}

TEST_CASE("normalize_action collapses white space") {
  CHECK(normalize_action("  play  4\t5 bid 9 ") == "play 4 5 bid 9");
  CHECK(normalize_action("") == "");
  CHECK(normalize_action(" \t ") == "");
  CHECK(normalize_action("play 4 bid 9") == "play 4 bid 9");
  CHECK(normalize_action("play 4  bid 9") == "play 4 bid 9");
  CHECK(normalize_action("play\t4") == "play 4");
  CHECK(normalize_action("fold ") == "fold");
  CHECK(normalize_action(" fold") == "fold");
  CHECK(normalize_action("x") == "x");
}
