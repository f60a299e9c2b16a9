// Tests of interpreter/scenario.cpp: the runner passes what holds and fails, with the file,
// line and step, everything else — never a crash, never a false pass.
#include <catch2/catch.hpp>

#include "binding/lua_rules.hpp"
#include "interpreter/scenario.hpp"

using namespace arbiter;

namespace {

const std::string kScenarios = ARBITER_SOURCE_DIR "/tests/fixtures/scenarios/";

ScenarioResult run(const std::string& file) {
  RulesFactory factory = [](std::shared_ptr<const Ruleset> r) {
    return std::make_unique<LuaRules>(r, ARBITER_SOURCE_DIR "/scripts");
  };
  ScenarioResult result = run_scenario(kScenarios + file, {ARBITER_SOURCE_DIR "/rulesets"}, factory);
  UNSCOPED_INFO(file << ": " << result.detail);
  return result;
}

using Verdict = ScenarioResult::Verdict;

}  // namespace

TEST_CASE("a scenario that holds passes") {
  ScenarioResult r = run("pass.yaml");
  CHECK(r.verdict == Verdict::Pass);
  CHECK(r.detail == "");
  CHECK(r.name == "A truthful bid, called");
  CHECK(r.file == kScenarios + "pass.yaml");
}

TEST_CASE("a failed expectation names the step, what was expected and what was found") {
  ScenarioResult r = run("fail-expect.yaml");
  CHECK(r.verdict == Verdict::Fail);
  CHECK(r.name == "A wrong score");
  CHECK_THAT(r.detail, Catch::StartsWith(kScenarios + "fail-expect.yaml:13:") &&
                           Catch::Contains("step 4: (expect)") &&
                           Catch::Contains("expected Andy's score to be 5, found 4"));
}

TEST_CASE("a rejected action that is accepted fails") {
  ScenarioResult r = run("reject-accepted.yaml");
  CHECK(r.verdict == Verdict::Fail);
  CHECK_THAT(r.detail, Catch::Contains("reject-accepted.yaml:9:") && Catch::Contains("step 2:") &&
                           Catch::Contains("expected 'Andy: play 4 bid 4' to be refused, but it was accepted"));
}

TEST_CASE("unknown names fail with the place and a suggestion") {
  SECTION("a seat") {
    ScenarioResult r = run("unknown-seat.yaml");
    CHECK(r.verdict == Verdict::Fail);
    CHECK_THAT(r.detail, Catch::Contains("unknown-seat.yaml:5:5: step 1:") &&
                             Catch::Contains("unknown step or seat 'Andi' (did you mean 'Andy'?)"));
  }
  SECTION("a zone") {
    ScenarioResult r = run("unknown-zone.yaml");
    CHECK(r.verdict == Verdict::Fail);
    CHECK_THAT(r.detail, Catch::Contains("unknown-zone.yaml:6:") && Catch::Contains("step 1:") &&
                             Catch::Contains("unknown zone 'Andy.hnd' (did you mean 'Andy.hand'?)"));
  }
  SECTION("a component") {
    ScenarioResult r = run("unknown-component.yaml");
    CHECK(r.verdict == Verdict::Fail);
    CHECK_THAT(r.detail, Catch::Contains("unknown-component.yaml:5:") &&
                             Catch::Contains("unknown component '-11' (did you mean '-10'?)"));
  }
  SECTION("an expect key") {
    ScenarioResult r = run("unknown-expect-key.yaml");
    CHECK(r.verdict == Verdict::Fail);
    CHECK_THAT(r.detail, Catch::Contains("unknown-expect-key.yaml:6:7:") &&
                             Catch::Contains("unknown key 'scores' in expect (did you mean 'score'?)"));
  }
  SECTION("a ruleset") {
    RulesFactory factory = [](std::shared_ptr<const Ruleset> r) {
      return std::make_unique<LuaRules>(r, ARBITER_SOURCE_DIR "/scripts");
    };
    ScenarioResult r = run_scenario(kScenarios + "pass.yaml", {ARBITER_SOURCE_DIR "/tests/fixtures"}, factory);
    CHECK(r.verdict == Verdict::Fail);
    CHECK_THAT(r.detail, Catch::Contains("pass.yaml:3:10:") && Catch::Contains("unknown ruleset 'stacks'"));
  }
}

TEST_CASE("a file that is not YAML fails, naming the place") {
  ScenarioResult r = run("syntax-error.yaml");
  CHECK(r.verdict == Verdict::Fail);
  CHECK_THAT(r.detail, Catch::StartsWith(kScenarios + "syntax-error.yaml:4:"));
}

TEST_CASE("a missing file fails") {
  ScenarioResult r = run("no-such-scenario.yaml");
  CHECK(r.verdict == Verdict::Fail);
  CHECK_THAT(r.detail, Catch::Contains("no-such-scenario.yaml: cannot be read"));
}

TEST_CASE("an outcome with no chance decision pending fails") {
  ScenarioResult r = run("outcome.yaml");
  CHECK(r.verdict == Verdict::Fail);
  CHECK_THAT(r.detail, Catch::Contains("outcome.yaml:5:") && Catch::Contains("step 1: (outcome: held)") &&
                           Catch::Contains("no chance decision is pending"));
}

TEST_CASE("skip: is a skip, with its reason, and runs nothing") {
  ScenarioResult r = run("skip.yaml");
  CHECK(r.verdict == Verdict::Skip);
  CHECK(r.name == "Skipped for now");
  CHECK(r.detail == "waiting for the three-player rules");
}
