// Tests of play/replay.cpp (the REPL's :reload): a game's steps read back from its log,
// and how far edited rules follow them, on the counter fixture and edited copies of it.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>
#include <sstream>

#include "lua/lua_rules.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/engine.hpp"
#include "play/replay.hpp"

using namespace arbiter;
namespace fs = std::filesystem;

namespace {

const std::string kCounter = ARBITER_SOURCE_DIR "/tests/fixtures/counter";

// A counter game (or one of an edited copy of it) for Andy and Bill.
struct Game {
  std::shared_ptr<const Ruleset> ruleset;
  LuaRules rules;
  std::shared_ptr<const Table> table;
  Engine engine;
  State state;
  explicit Game(const std::string& dir, std::uint64_t seed = 1)
      : ruleset(load_ruleset(dir)),
        rules(ruleset, ARBITER_SOURCE_DIR "/scripts"),
        table(make_table(ruleset, options(seed))),
        engine(table, rules),
        state(table) {
    REQUIRE(engine.start(state).ok);
  }
  static GameOptions options(std::uint64_t seed) {
    GameOptions o;
    o.seats = {{"Andy", -1}, {"Bill", -1}};
    o.seed = seed;
    return o;
  }
  void play(int seat, const std::string& action) { REQUIRE(engine.apply(state, seat, action).ok()); }
  // Three steps: the seat on turn counts one, the other pokes, the next on turn counts one.
  void play_three() {
    play(state.active(), "inc");
    play(1 - state.active(), "poke");
    play(state.active(), "inc");
  }
};

// A copy of the counter fixture with `from` replaced by `to` in its rules.lua.
std::string edited_counter(const std::string& name, const std::string& from, const std::string& to) {
  fs::path dir = fs::temp_directory_path() / ("arbiter-replay-test-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::copy(kCounter, dir, fs::copy_options::recursive);
  std::ifstream in(dir / "rules.lua");
  std::stringstream text;
  text << in.rdbuf();
  std::string rules = text.str();
  auto at = rules.find(from);
  REQUIRE(at != std::string::npos);
  rules.replace(at, from.size(), to);
  std::ofstream(dir / "rules.lua") << rules;
  return dir.string();
}

}  // namespace

TEST_CASE(
    "replay: a game's steps are its actions with the hash each left, and the same rules follow them all") {
  Game g(kCounter);
  g.play_three();
  GameSteps steps = game_steps(g.engine, g.state);
  REQUIRE(steps.steps.size() == 3);
  CHECK(steps.steps[1].seat == steps.steps[0].seat);  // who counted pokes once the count is no longer 0
  CHECK(steps.steps[2].seat == 1 - steps.steps[0].seat);
  CHECK(steps.steps[1].action == "poke");
  CHECK(steps.steps.back().hash == g.state.hash());
  CHECK(steps.said.size() == steps.steps.size() + 1);
  CHECK(steps.said[0].size() == 1);  // what the setup said: "round 1"
  Game again(kCounter);
  Replay r = replay_while_same(again.engine, steps);
  CHECK(r.problem == "");
  CHECK(r.agreed == 3);
  CHECK(r.before.size() == 3);
  CHECK(r.state.hash() == g.state.hash());
  CHECK_FALSE(r.setup_differs);
}

TEST_CASE("replay: a step its own rules refuse is named") {
  Game g(kCounter);
  g.play(g.state.active(), "inc");
  g.state.log.push({Event::Kind::Action, 0, "dance", kEveryone});
  CHECK_THROWS_WITH(game_steps(g.engine, g.state),
                    Catch::StartsWith("step 2 (Andy: dance) is refused on replay: "));
}

TEST_CASE(
    "replay: edited rules are followed until they refuse a step, leave another state or say otherwise") {
  Game g(kCounter);
  g.play_three();
  GameSteps steps = game_steps(g.engine, g.state);
  SECTION("a step refused") {
    Game edited(edited_counter("refuse", "return { \"poke\" }", "return {}"));
    Replay r = replay_while_same(edited.engine, steps);
    CHECK(r.agreed == 1);
    CHECK_THAT(r.problem, Catch::StartsWith("refused by the edited rules ("));
    CHECK(r.state.hash() == steps.steps[0].hash);
  }
  SECTION("another state") {
    Game edited(edited_counter("state", "add(game, seat, 1)", "add(game, seat, 2)"));
    Replay r = replay_while_same(edited.engine, steps);
    CHECK(r.agreed == 0);
    CHECK(r.problem == "accepted, but leaves another state than before");
  }
  SECTION("said otherwise at the setup") {
    Game edited(edited_counter("setup", "game:say(\"round \"", "game:say(\"Round \""));
    Replay r = replay_while_same(edited.engine, steps);
    CHECK(r.setup_said_otherwise);
    CHECK(r.agreed == 0);
    CHECK(r.problem == "the game is set up alike, but said otherwise than before to everyone");
  }
  SECTION("said otherwise to one seat") {
    Game edited(edited_counter("tell", "elseif action.name == \"poke\" then ",
                               "elseif action.name == \"poke\" then game:tell(seat, \"poked\") "));
    Replay r = replay_while_same(edited.engine, steps);
    CHECK(r.agreed == 1);
    CHECK(r.problem ==
          "accepted, but says otherwise than before to " + g.table->seats[steps.steps[1].seat].name);
  }
}

TEST_CASE("replay: a game set up differently is followed by no step") {
  Game g(kCounter);
  g.play_three();
  GameSteps steps = game_steps(g.engine, g.state);
  Game other(kCounter, 2);  // another seed: another deal of the hidden deck
  Replay r = replay_while_same(other.engine, steps);
  CHECK(r.setup_differs);
  CHECK(r.agreed == 0);
  CHECK(r.problem == "the game is set up differently (another deal, table or first seat)");
}

TEST_CASE("replay: a step is described by its number, its seat and action, chance, or re-deal") {
  Game g(kCounter);
  std::vector<SavedStep> steps(3);
  steps[0].seat = 1, steps[0].action = "poke";
  steps[1].seat = -1, steps[1].action = "held";
  steps[2].redeal = true;
  CHECK(describe_step(*g.table, steps, 0) == "step 1 (Bill: poke)");
  CHECK(describe_step(*g.table, steps, 1) == "step 2 (chance: held)");
  CHECK(describe_step(*g.table, steps, 2) == "step 3 (a re-deal, after an undo or a reload)");
  CHECK(describe_step(*g.table, steps, 3) == "step 4");
}
