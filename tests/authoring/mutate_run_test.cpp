// Tests of authoring/mutate/plan.cpp, eval.cpp and run.cpp, end to end on
// two fixture rulesets whose every mutant was judged by hand (tests/fixtures/mutate/):
// which are killed, which survive, which are accepted, and that a weaker suite scores lower.
#include <catch2/catch.hpp>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "lua/lua_rules.hpp"
#include "runtime/diagnostics.hpp"
#include "authoring/mutate/rekey.hpp"
#include "authoring/mutate/run.hpp"

using namespace arbiter;
namespace fs = std::filesystem;

namespace {

const std::string kFixtures = ARBITER_SOURCE_DIR "/tests/fixtures/mutate/";
const std::string kScripts = ARBITER_SOURCE_DIR "/scripts";

MutateOptions options(int threads) {
  MutateOptions o;
  o.threads = threads;
  o.search_path = {ARBITER_SOURCE_DIR "/rulesets"};
  o.scripts_dir = kScripts;
  o.make_rules = [](std::shared_ptr<const Ruleset> r) { return std::make_unique<LuaRules>(r, kScripts); };
  return o;
}

MutationPlan plan(const std::string& dir, std::size_t max = 0, std::uint64_t seed = 1) {
  return plan_mutants(load_ruleset(dir, kScripts), max, seed);
}

// "file:line: change" of each chosen mutant with the verdict `v`.
std::vector<std::string> with(const MutationPlan& p, const MutateResult& r, MutantVerdict v) {
  std::vector<std::string> out;
  for (std::size_t k = 0; k < p.chosen.size(); ++k)
    if (r.outcomes[k].verdict == v) {
      const Mutant& m = p.candidates[p.chosen[k]];
      out.push_back(m.file + ":" + std::to_string(m.line) + ": " + m.change);
    }
  return out;
}

// A copy of a fixture in a scratch folder, removed at the end.
struct Scratch {
  fs::path dir;
  explicit Scratch(const std::string& fixture) {
    dir = fs::temp_directory_path() / ("arbiter-mutate-" + std::to_string(::getpid())) / fixture;
    fs::remove_all(dir);
    fs::create_directories(dir.parent_path());
    fs::copy(kFixtures + fixture, dir, fs::copy_options::recursive);
  }
  ~Scratch() { fs::remove_all(dir.parent_path()); }
  void write(const std::string& name, const std::string& text) const { std::ofstream(dir / name) << text; }
};

using V = std::vector<std::string>;

// Nim's 25 mutants, judged by hand against both its scenarios (tests/fixtures/mutate/nim):
// every one is killed but these.
const V kNimSurvivors = {"rules.lua:6: '1' -> '0'", "game.yaml:4: players.min: '2' -> '1'",
                         "game.yaml:4: players.max: '2' -> '3'"};
const V kNimNoLoad = {"game.yaml:4: players.min: '2' -> '3'", "game.yaml:4: players.max: '2' -> '1'"};

}  // namespace

TEST_CASE("mutate run: Nim's suite kills every mutant judged killable, and names the survivors") {
  MutationPlan p = plan(kFixtures + "nim");
  REQUIRE(p.candidates.size() == 25);
  CHECK(p.files == V{"rules.lua", "game.yaml"});
  MutateResult r = run_mutants(p, options(2));
  REQUIRE(r.baseline_passed);
  CHECK(with(p, r, MutantVerdict::Survived) == kNimSurvivors);
  CHECK(with(p, r, MutantVerdict::NoLoad) == kNimNoLoad);
  CHECK(with(p, r, MutantVerdict::Killed).size() == 20);
  // mutate.yaml accepts the third survivor.
  std::size_t accepted = 0;
  for (std::size_t i = 0; i < p.candidates.size(); ++i) accepted += !p.accepted[i].empty();
  CHECK(accepted == 1);
  CHECK(p.accepted[22] == "the scenarios play two seats; a third is the test's accepted survivor");
  CHECK(p.stale.empty());
}

TEST_CASE("mutate run: a weaker suite kills fewer of the same mutants") {
  MutationPlan p = plan(kFixtures + "nim");
  p.scenario_files = {kFixtures + "nim/scenarios/weak.yaml"};  // only that the game ends
  MutateResult r = run_mutants(p, options(2));
  REQUIRE(r.baseline_passed);
  V survivors = kNimSurvivors;
  survivors.insert(survivors.begin() + 1, "rules.lua:6: '2' -> '3'");  // offering take 3 goes unseen
  CHECK(with(p, r, MutantVerdict::Survived) == survivors);
  CHECK(with(p, r, MutantVerdict::Killed).size() == 19);
}

TEST_CASE(
    "mutate run: the verdicts do not depend on the threads, and loading once equals loading per scenario") {
  MutationPlan p = plan(kFixtures + "nim");
  MutateResult one = run_mutants(p, options(1));
  MutateOptions fresh = options(3);
  fresh.fresh_rules = true;
  MutateResult three = run_mutants(p, fresh);
  REQUIRE(one.outcomes.size() == three.outcomes.size());
  for (std::size_t k = 0; k < one.outcomes.size(); ++k) {
    CHECK(one.outcomes[k].verdict == three.outcomes[k].verdict);
    CHECK(one.outcomes[k].by == three.outcomes[k].by);
  }
  CHECK(one.threads == 1);
  CHECK(three.threads == 3);
}

TEST_CASE("mutate plan: --max picks the same mutants for the same seed, others for another") {
  MutationPlan all = plan(kFixtures + "nim");
  CHECK(all.chosen.size() == 25);
  MutationPlan a = plan(kFixtures + "nim", 5, 1), b = plan(kFixtures + "nim", 5, 1),
               c = plan(kFixtures + "nim", 5, 2);
  CHECK(a.chosen.size() == 5);
  CHECK(a.chosen == b.chosen);
  CHECK(a.chosen != c.chosen);
  CHECK(std::is_sorted(a.chosen.begin(), a.chosen.end()));
  CHECK(plan(kFixtures + "nim", 99, 1).chosen.size() == 25);
}

TEST_CASE(
    "mutate plan: mutate.yaml entries that match nothing are stale, whatever the sample; a words file is not mutated") {
  Scratch s("nim");
  s.write("mutate.yaml",
          "words:\n  - {file: gone.lua, reason: r}\n  - {file: rules.lua, function: describe, reason: r}\n"
          "accepted:\n  - {file: rules.lua, line: 99, change: \"'<' -> '<='\", reason: r}\n"
          "  - {file: rules.lua, function: rules.apply, near: n < 3, change: \"'<' -> '<='\", reason: r}\n");
  MutationPlan p = plan(s.dir.string(), 1, 1);
  REQUIRE(p.stale.size() == 4);
  CHECK_THAT(p.stale[0], Catch::Contains("mutate.yaml:2: words: nim has no Lua file 'gone.lua'"));
  CHECK_THAT(p.stale[1], Catch::Contains("mutate.yaml:3: words: rules.lua defines no function 'describe'"));
  CHECK_THAT(p.stale[2],
             Catch::Contains("mutate.yaml:5: stale: no mutant rules.lua:99: '<' -> '<=' (this entry is "
                             "keyed by line"));
  CHECK_THAT(p.stale[3],
             Catch::Contains("mutate.yaml:6: stale: no mutant of rules.lua in rules.apply() near 'n < 3': "
                             "'<' -> '<='"));
  s.write("mutate.yaml", "words:\n  - {file: rules.lua, reason: \"all of it is words, for the test\"}\n");
  MutationPlan words = plan(s.dir.string());
  CHECK(words.files == V{"game.yaml"});
  CHECK(words.candidates.size() == 6);
}

namespace {

// The reasons mutate.yaml gives, per candidate "file:line: change", of those it accepts.
std::vector<std::string> accepted_of(const MutationPlan& p) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < p.candidates.size(); ++i)
    if (!p.accepted[i].empty())
      out.push_back(p.candidates[i].file + ":" + std::to_string(p.candidates[i].line) + ": " +
                    p.candidates[i].change);
  return out;
}

const char* const kNimAccepted =
    "accepted:\n"
    "  - file: rules.lua\n    function: rules.actions\n    near: \"for n = 1, math.\"\n    change: \"'1' -> '0'\"\n"
    "    reason: by code\n"
    "  - file: rules.lua\n    line: 6\n    change: \"'2' -> '3'\"\n    reason: by line\n"
    "  - file: game.yaml\n    change: \"players.min: '2' -> '1'\"\n    reason: by change\n";

}  // namespace

TEST_CASE(
    "mutate plan: an entry keyed by function and near still matches when lines are added above it, one keyed by line goes stale") {
  Scratch s("nim");
  s.write("mutate.yaml", kNimAccepted);
  MutationPlan before = plan(s.dir.string());
  CHECK(before.stale.empty());
  CHECK(accepted_of(before) ==
        V{"rules.lua:6: '1' -> '0'", "rules.lua:6: '2' -> '3'", "game.yaml:4: players.min: '2' -> '1'"});
  std::ifstream in(kFixtures + "nim/rules.lua");
  std::string rules((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  s.write("rules.lua", "-- two lines\n-- added above\n" + rules);
  MutationPlan after = plan(s.dir.string());
  CHECK(accepted_of(after) == V{"rules.lua:8: '1' -> '0'", "game.yaml:4: players.min: '2' -> '1'"});
  REQUIRE(after.stale.size() == 1);
  CHECK_THAT(after.stale[0], Catch::Contains("mutate.yaml:7: stale: no mutant rules.lua:6: '2' -> '3'"));
}

TEST_CASE(
    "mutate rekey: line-keyed entries that match are keyed by their code, the others left out, the rest kept") {
  Scratch s("nim");
  s.write("mutate.yaml",
          std::string("# kept\nmin_score: 50\n") + kNimAccepted +
              "  - file: rules.lua\n    line: 99\n    change: x\n    reason: |\n      stale\n\n"
              "  - file: game.yaml\n    line: 4\n    change: \"players.max: '2' -> '3'\"\n    reason: r\n");
  Rekeyed r = rekey_mutate_config(plan(s.dir.string()));
  CHECK(
      r.text ==
      "# kept\nmin_score: 50\naccepted:\n"
      "  - file: rules.lua\n    function: rules.actions\n    near: \"for n = 1, math.\"\n    change: \"'1' -> '0'\"\n"
      "    reason: by code\n"
      "  - file: rules.lua\n    function: rules.actions\n    near: \".min(2, game:\"\n"
      "    change: \"'2' -> '3'\"\n    reason: by line\n"
      "  - file: game.yaml\n    change: \"players.min: '2' -> '1'\"\n    reason: by change\n\n"
      "  - file: game.yaml\n    change: \"players.max: '2' -> '3'\"\n    reason: r\n");
  CHECK(r.changed.size() == 2);
  REQUIRE(r.dropped.size() == 1);
  CHECK_THAT(r.dropped[0], Catch::Contains("mutate.yaml:16: rules.lua:99: x"));
  s.write("mutate.yaml", r.text);
  MutationPlan p = plan(s.dir.string());
  CHECK(p.stale.empty());
  CHECK(accepted_of(p).size() == 4);
  s.write("mutate.yaml", "accepted:\n  - {file: rules.lua, line: 6, change: \"'1' -> '0'\", reason: r}\n"
                         "  - {file: game.yaml, line: 4, change: \"players.min: '2' -> '1'\", reason: r}\n"
                         "  - {file: game.yaml, change: \"players.max: '2' -> '3'\", reason: r, line: 4}\n");
  CHECK(
      rekey_mutate_config(plan(s.dir.string())).text ==
      "accepted:\n  - {file: rules.lua, function: rules.actions, near: \"for n = 1, math.\", change: \"'1' -> '0'\", "
      "reason: r}\n  - {file: game.yaml, change: \"players.min: '2' -> '1'\", reason: r}\n"
      "  - {file: game.yaml, change: \"players.max: '2' -> '3'\", reason: r}\n");
  CHECK(
      accepted_entry_yaml(p.candidates[0], "") ==
      "  - file: rules.lua\n    function: rules.actions\n    near: \"if seat ~= game:active() then return {}\"\n"
      "    change: \"negated 'seat ~= game:active()'\"\n    reason: \"\"\n");
}

TEST_CASE("mutate run: a suite that fails without a mutant is reported, naming the scenario") {
  Scratch s("nim");
  s.write("scenarios/wrong.yaml",
          "name: A wrong expectation\nplayers: [Andy, Bill]\nsteps:\n  - expect: {over: true}\n");
  MutationPlan p = plan(s.dir.string());
  MutateResult r = run_mutants(p, options(2));
  CHECK_FALSE(r.baseline_passed);
  CHECK_THAT(r.baseline_failure, Catch::StartsWith("A wrong expectation: "));
  CHECK_THROWS_WITH(plan_mutants(load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/counter", kScripts), 0, 1),
                    Catch::Contains("counter: has no scenarios/ folder"));
}

TEST_CASE("mutate run: a mutant that backtracks in a pattern is stopped and killed, and the run goes on") {
  // This process watches a Lua state already, as after other tests: a worker forked from it
  // must start a watchdog of its own, or no limit would stop anything in it.
  LuaRules watched(load_ruleset(kFixtures + "nim", kScripts), kScripts);
  MutationPlan p = plan(kFixtures + "stubborn");
  REQUIRE(p.candidates.size() == 24);
  MutateResult r = run_mutants(p, options(2));
  REQUIRE(r.baseline_passed);
  // STUCK backtracks in string.find, which the sandbox's own matcher stops at the budget like
  // any runaway: the mutant fails its scenario (killed) and no worker has to end.
  CHECK(with(p, r, MutantVerdict::Crashed).empty());
  CHECK(with(p, r, MutantVerdict::NoLoad).size() == 3);
  CHECK(with(p, r, MutantVerdict::Killed).size() == 11);
  V survivors = with(p, r, MutantVerdict::Survived);
  REQUIRE(survivors.size() == 10);
  CHECK(survivors[0] == "rules.lua:3: '0' -> '-1'");  // SPIN: no loop at all, the same game
  CHECK(survivors[1] == "rules.lua:3: '0' -> '1'");   // SPIN: slower, within every limit, the same game
}

TEST_CASE("mutate run: a mutant that runs past its time limit is stopped and killed; the others run again") {
  MutationPlan p = plan(kFixtures + "stubborn");
  p.chosen = {1, 5, 6, 7};  // SPIN, and three that finish at once
  MutateOptions o = options(2);
  o.time_limit = 0.3;
  MutateResult r = run_mutants(p, o);
  REQUIRE(r.baseline_passed);
  CHECK(with(p, r, MutantVerdict::TimedOut) == V{"rules.lua:3: '0' -> '1'"});
  CHECK(with(p, r, MutantVerdict::Survived).size() == 3);
}
