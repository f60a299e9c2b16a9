// Tests of lua/lua_rules.cpp and its sandbox: what a ruleset's Lua may not reach,
// where `require` looks, and that a runaway hook is stopped while the game goes on.
#include <catch2/catch.hpp>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>

#include "lua/lua_rules.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/engine.hpp"

using namespace arbiter;

namespace {

const std::string kFixtures = ARBITER_SOURCE_DIR "/tests/fixtures";

// Small limits keep the runaway cases fast.
constexpr SandboxLimits kLimits{2'000'000, 4u << 20};

// The 1-based line of the sandbox rules that holds `text`, or 0.
int rules_line(const std::string& text) {
  std::ifstream in(kFixtures + "/sandbox/rules.lua");
  int n = 0;
  for (std::string line; std::getline(in, line);) {
    ++n;
    if (line.find(text) != std::string::npos) return n;
  }
  return 0;
}

std::string at_line(const std::string& text) {
  return "sandbox/rules.lua:" + std::to_string(rules_line(text)) + ": ";
}

struct Sandbox {
  std::shared_ptr<const Ruleset> ruleset = load_ruleset(kFixtures + "/sandbox");
  LuaRules rules{ruleset, kFixtures + "/scripts", kLimits};
  std::shared_ptr<const Table> table = make_table(ruleset, {});
  Engine engine{table, rules};
  State state{table};

  Sandbox() { REQUIRE(engine.start(state).ok); }

  Value var(const char* name) const { return state.var(ruleset->var_index(name), 0); }

  // Applies an action that must fail in Lua; checks the state is as it was; returns the message.
  std::string script_error(const std::string& action) {
    State before = state;
    ActionResult o = engine.apply(state, state.active(), action);
    INFO(action << ": " << to_text(o.refusal) << ": " << o.message);
    CHECK(o.refusal == Refusal::ScriptError);
    CHECK(state.same_play_state(before));
    CHECK(state.hash() == before.hash());
    return o.message;
  }

  void ok(const std::string& action) {
    ActionResult o = engine.apply(state, state.active(), action);
    INFO(action << ": " << to_text(o.refusal) << ": " << o.message);
    REQUIRE(o.ok());
  }
};

std::string load_error(const std::string& fixture) {
  try {
    LuaRules rules(load_ruleset(kFixtures + "/" + fixture), kFixtures + "/scripts", kLimits);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("the sandbox has no io, os, debug, dofile or loadfile") {
  Sandbox s;
  CHECK_THAT(s.script_error("io"), Catch::StartsWith(at_line("\"io\"") + "unknown global 'io'"));
  CHECK_THAT(s.script_error("os"), Catch::StartsWith(at_line("\"os\"") + "unknown global 'os'"));
  CHECK_THAT(s.script_error("debug"), Catch::StartsWith(at_line("\"debug\"") + "unknown global 'debug'"));
  CHECK_THAT(s.script_error("dofile"), Catch::StartsWith(at_line("\"dofile\"") + "unknown global 'dofile'"));
  CHECK_THAT(s.script_error("loadfile"),
             Catch::StartsWith(at_line("\"loadfile\"") + "unknown global 'loadfile'"));
  s.ok("inc");
  CHECK(s.var("count") == Value{1});
}

TEST_CASE("the sandbox cannot make or load bytecode, but loads text") {
  Sandbox s;
  CHECK_THAT(s.script_error("dump"),
             Catch::StartsWith(at_line("\"dump\"")) && Catch::Contains("field 'dump'"));
  CHECK_THAT(s.script_error("bytecode"), Catch::Contains("attempt to load a binary chunk"));
  s.ok("load_text");
  CHECK(s.var("count") == Value{42});
}

TEST_CASE("require finds the ruleset's folder first, then scripts/, and nothing outside") {
  Sandbox s;
  s.ok("require_local");
  CHECK(s.var("note") == Value{"helper from the ruleset"});
  s.ok("require_script");
  CHECK(s.var("note") == Value{"shared helper from scripts"});
  CHECK_THAT(s.script_error("require_escape"),
             Catch::Contains("module name '../outside' may not leave the ruleset's folder"));
  CHECK_THAT(s.script_error("require_missing"),
             Catch::Contains("module 'nowhere' not found in sandbox/ or scripts/"));
}

TEST_CASE("table.sort is stable, on short lists and long ones") {
  Sandbox s;
  s.ok("sort");
  std::string expected;
  for (int n : {6, 40}) {
    std::vector<int> ids;
    for (int i = 1; i <= n; ++i) ids.push_back(i);
    std::stable_sort(ids.begin(), ids.end(), [](int a, int b) { return (a * 7) % 5 < (b * 7) % 5; });
    for (std::size_t i = 0; i < ids.size(); ++i) expected.append(i ? "," : "").append(std::to_string(ids[i]));
    expected += ";";
  }
  expected += "-1,0,1,2,3,3,4,5,6,7,8,9,10,11,12";
  CHECK(s.var("note") == Value{expected});
}

TEST_CASE("an endless loop is stopped by the instruction budget and the game goes on") {
  Sandbox s;
  s.ok("inc");
  std::string e = s.script_error("loop");
  CHECK_THAT(e, Catch::Contains("instruction budget exceeded (2000000 instructions) in apply()"));
  CHECK_THAT(e, Catch::Contains("sandbox/rules.lua:"));
  CHECK(s.var("count") == Value{1});
  s.ok("inc");
  CHECK(s.var("count") == Value{2});
}

TEST_CASE("a runaway allocation is stopped by the memory cap and the game goes on") {
  Sandbox s;
  s.ok("inc");
  std::string e = s.script_error("hog");
  CHECK_THAT(e, Catch::StartsWith("sandbox/rules.lua: memory cap exceeded (4 MiB) in apply()"));
  CHECK(s.var("count") == Value{1});
  s.ok("inc");
  CHECK(s.var("count") == Value{2});
  // The cap is per call: the freed memory is there for the next one, which fails the same way.
  CHECK_THAT(s.script_error("hog"), Catch::Contains("memory cap exceeded"));
  s.ok("inc");
}

TEST_CASE("each call of apply gets the action as made, whatever an earlier call did to it") {
  Sandbox box;
  for (int i = 0; i < 3; ++i) {
    box.ok("mutate_action");
    CHECK(box.var("note") == Value{std::string("mutate_action|mutate_action|0|nil")});
  }
  box.ok("keep_action");
  CHECK(box.var("note") == Value{std::string("keep_action|keep_action|0")});
  box.ok("poison");
  box.ok("keep_action");
  CHECK(box.var("note") == Value{std::string("keep_action|keep_action|0")});
  for (int i = 0; i < 3; ++i) {
    box.ok("pairs_action");
    CHECK(box.var("note") == Value{std::string("name=pairs_action,text=pairs_action|nil")});
  }
  for (int i = 0; i < 3; ++i) {
    box.ok("mutate_args");
    CHECK(box.var("note") == Value{std::string("0|nil")});
  }
}

TEST_CASE("globals are frozen once the ruleset has loaded") {
  Sandbox s;
  std::string e = s.script_error("global");
  CHECK_THAT(e, Catch::StartsWith(at_line("leaked = 1") + "cannot set global 'leaked'") &&
                    Catch::Contains("frozen"));
  CHECK_THAT(s.script_error("read_global"),
             Catch::StartsWith(at_line("undeclared_thing") + "unknown global 'undeclared_thing'"));
}

TEST_CASE("an undeclared variable is refused with a suggestion, at the calling line") {
  Sandbox s;
  CHECK_THAT(s.script_error("typo"), Catch::StartsWith(at_line("\"scroe\"") +
                                                       "unknown variable 'scroe' (did you mean 'score'?)"));
}

TEST_CASE("a reading hook may not change the game") {
  Sandbox s;
  s.ok("arm");
  std::vector<std::string> legal;
  Status st = s.engine.legal(s.state, 0, legal);
  CHECK_FALSE(st.ok);
  CHECK_THAT(st.message, Catch::StartsWith(at_line("game:set(\"mode\", nil)") +
                                           "the game cannot be changed in actions()"));
  CHECK(s.var("mode") == Value{"mutate"});
  CHECK_THAT(s.script_error("inc"), Catch::Contains("cannot be changed in actions()"));
}

TEST_CASE("rules that do not load say where and why") {
  CHECK_THAT(load_error("bad-lua-load"),
             Catch::StartsWith("bad-lua-load/rules.lua:2: ") && Catch::Contains("global 'io'"));
  CHECK_THAT(load_error("bad-lua-hooks"),
             Catch::Contains("bad-lua-hooks/rules.lua: the returned table has unknown rule 'aply' "
                             "(did you mean 'apply'?)"));
  CHECK(load_error("sandbox") == "");
  LuaRules rules(load_ruleset(kFixtures + "/counter"), kFixtures + "/scripts", kLimits);
  CHECK(rules.hooks() ==
        std::vector<std::string>{"round_start", "apply", "round_order", "actions", "accepts"});
}

TEST_CASE("a module that keeps the parser busy is stopped at the time limit, and the game goes on") {
  // Each label of a function is checked against all the others: seven functions of 32,700
  // labels (3.7 MB, under the 4 MiB a file may hold) take the parser seconds, in one C call.
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("arbiter-slow-parse-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  fs::copy_file(kFixtures + "/pattern-budget/game.yaml", dir / "game.yaml",
                fs::copy_options::overwrite_existing);
  std::ofstream(dir / "rules.lua") << "return { actions = function(game, seat) return {'inc', 'req'} end,\n"
                                      "  apply = function(game, seat, action)\n"
                                      "    if action.name == 'req' then require('slow') end\n"
                                      "    game:set('count', game:get('count') + 1) end }\n";
  std::ofstream slow(dir / "slow.lua");
  for (int f = 0; f < 7; ++f) {
    slow << "local function f" << f << "()";
    for (int i = 0; i < 32700; ++i) slow << " ::a" << i << ":: do end";
    slow << " end\n";
  }
  slow.close();
  auto ruleset = load_ruleset(dir.string());
  LuaRules rules(ruleset, kFixtures + "/scripts",
                 SandboxLimits{1'000'000'000'000LL, 64u << 20, std::chrono::milliseconds(200)});
  auto table = make_table(ruleset, {});
  Engine engine(table, rules);
  State state(table);
  REQUIRE(engine.start(state).ok);
  ActionResult o = engine.apply(state, state.active(), "req");
  CHECK(o.refusal == Refusal::ScriptError);
  CHECK_THAT(o.message, Catch::Contains("/rules.lua:3: time limit exceeded (200 ms) in apply()"));
  CHECK(engine.apply(state, state.active(), "inc").ok());
  fs::remove_all(dir);
}
