// Tests of authoring/scenario/scenario.cpp: the runner passes what holds and fails, with the file,
// line and step, everything else — never a crash, never a false pass.
#include <catch2/catch.hpp>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "lua/lua_rules.hpp"
#include "authoring/scenario/scenario.hpp"
#include "tests/authoring/scenario_text.hpp"

using namespace arbiter;
using namespace arbiter::scenario_text;

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
  CHECK_THAT(r.detail,
             Catch::Contains("reject-accepted.yaml:9:") && Catch::Contains("step 2:") &&
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
    ScenarioResult r =
        run_scenario(kScenarios + "pass.yaml", {ARBITER_SOURCE_DIR "/tests/fixtures"}, factory);
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


// Each of these once passed (or failed by luck, with a misleading message): a reader
// that recorded an error and returned a fallback (false, 0, none) that happened to hold.
TEST_CASE("a malformed expectation fails where it stands, never passes") {
  const Malformed cases[] = {
      {"over-maybe", "  - expect: {over: maybe}\n", ":7:20:", "over should be true or false"},
      {"over-quoted", "  - expect: {over: \"false\"}\n", ":7:20:", "over should be true or false"},
      {"over-null", "  - expect: {over: }\n", ":7:", "over should be true or false"},
      {"count-lots", "  - expect: {zones: {Bill.stack: {count: lots}}}\n",
       ":7:42:", "count should be a whole number, not 'lots'"},
      {"count-negative", "  - expect: {zones: {Bill.stack: {count: -1}}}\n",
       ":7:42:", "count should be 0 or more"},
      {"count-huge", "  - expect: {zones: {Bill.stack: {count: 99999999999999999999}}}\n",
       ":7:42:", "count should be a whole number"},
      {"round-huge", "  - expect: {round: 99999999999999999999999}\n",
       ":7:21:", "round should be a whole number"},
      {"winners-map", "  - expect: {winners: {Andy: 1}}\n", ":7:23:", "winners is a list of seats"},
      {"winners-scalar", "  - expect: {winners: Andy}\n", ":7:23:", "winners is a list of seats"},
      {"var-list", "  - expect: {vars: {last_bid: [3]}}\n", ":7:31:", "not a list or map"},
      {"var-map", "  - expect: {vars: {last_bid: {a: 1}}}\n", ":7:31:", "not a list or map"},
      {"var-quoted-number", "  - expect: {vars: {Andy.score: \"0\"}}\n",
       ":7:33:", "expected Andy.score to be 0, found 0 (expected text, found a number)"},
      {"score-fraction", "  - expect: {score: {Andy: 1.5}}\n",
       ":7:28:", "a score should be a whole number, not '1.5'"},
      {"score-list", "  - expect: {score: {Andy: [0]}}\n", ":7:28:", "a score should be a whole number"},
      {"excludes-nested", "  - expect: {legal: {Andy: {excludes: [[call]]}}}\n",
       ":7:40:", "an action should be a single value"},
      {"expect-empty", "  - expect: {}\n", ":7:13:", "expect is empty"},
      {"expect-null", "  - Andy: play 4 bid 4\n  - expect:\n", ":", "expect is a map of checks"},
      {"legal-empty", "  - expect: {legal: {Andy: {}}}\n", ":7:", "a legal check is empty"},
      {"top-empty", "  - expect: {zones: {deck: {top: []}}}\n", ":7:", "top is empty"},
      {"seat-zero", "  - 0: fold\n", ":7:5:", "unknown step or seat '0'"},
      {"seat-99", "  - expect: {active: 99}\n", ":7:22:", "unknown seat '99'"},
      {"step-text", "  - \"Andy: fold\"\n", ":7:5:", "a step is a map with exactly one key"},
      {"step-two-keys", "  - Andy: play 4 bid 4\n    expect: {over: true}\n",
       ":7:5:", "a step is a map with exactly one key"},
      {"after-last-step", "  - Andy: play 4 bid 4\nexpect: {over: true}\n",
       ":8:1:", "unknown key 'expect' in the scenario"},
      // A second document is a second scenario (docs/scenarios.md): steps cut off by a '---'
      // or '...' are read as one, and fail as one, never dropped.
      {"second-document", "  - Andy: play 4 bid 4\n...\n---\n- expect: {over: true}\n",
       ":10:3:", "unknown key 'expect' in the scenario"},
      {"document-end", "  - Andy: play 4 bid 4\n...\n  - expect: {over: true}\n",
       ":9:5:", "unknown key 'expect' in the scenario"},
      {"steps-empty", "  []\n", ":7:3:", "steps is empty"},
  };
  expect_failures(cases);
}

TEST_CASE("a duplicate top-level key fails, naming both lines") {
  ScenarioResult r =
      run_steps("duplicate-steps", "  - expect: {over: true}\nsteps:\n  - expect: {over: false}\n");
  CHECK(r.verdict == Verdict::Fail);
  CHECK_THAT(r.detail, Catch::Contains("duplicate-steps.yaml:8:1:") &&
                           Catch::Contains("duplicate key 'steps' (first given at line 6)"));
}

TEST_CASE("the scenario's own keys are read strictly") {
  const Malformed cases[] = {
      {"skip-false", "skip: false\n", ":2:7:", "skip takes the reason"},
      {"skip-empty", "skip:\n", ":3:1:", "skip takes the reason"},
      {"players-negative", "players: -3\n", ":2:10:", "players should be a number from 1 to 32, not -3"},
      {"players-huge", "players: 99999999999\n", ":2:10:", "players should be a number from 1 to 32"},
      {"players-empty", "players: []\n", ":2:10:", "players should be a list of names or a number"},
      {"player-name-list", "players: [Andy, {name: [x]}]\n",
       ":2:24:", "a player's name should be a single value"},
      {"player-age-huge", "players: [Andy, {name: Bill, age: 99999999999}]\n",
       ":2:35:", "an age is a whole number"},
      {"seed-negative", "seed: -1\n",
       ":2:7:", "seed should be a whole number from 0 to 18446744073709551615"},
      {"name-list", "name: [a, b]\n", ":2:7:", "name should be a single value"},
      {"steps-map", "steps: {Andy: fold}\n", ":2:8:", "steps should be a list"},
  };
  for (const auto& c : cases) {
    std::string text = std::string("ruleset: stacks\n") + c.steps;
    if (text.find("steps:") == std::string::npos) text += "steps:\n  - expect: {over: false}\n";
    ScenarioResult r = run_text(c.name, text);
    CHECK(r.verdict == Verdict::Fail);
    CHECK_THAT(r.detail, Catch::Contains(std::string(c.name) + ".yaml" + c.where) && Catch::Contains(c.says));
  }
}

TEST_CASE("a seed of 2^63 or more is a seed") {
  ScenarioResult r = run_text(
      "big-seed", "ruleset: stacks\nseed: 18446744073709551615\nsteps:\n  - expect: {over: false}\n");
  CHECK(r.verdict == Verdict::Pass);
}

TEST_CASE("an arrangement that no shuffle uses fails, naming its line") {
  SECTION("at the top, of a zone never shuffled") {
    ScenarioResult r = run_text("arrange-top", "ruleset: stacks\narrange:\n  Player1.hand: [\"4\"]\nsteps:\n"
                                               "  - expect: {over: false}\n");
    CHECK(r.verdict == Verdict::Fail);
    CHECK_THAT(r.detail, Catch::Contains("arrange-top.yaml:3:3: arrange:") &&
                             Catch::Contains("this arrangement of Player1.hand was never used"));
  }
  SECTION("at the top, used by the first deal") {
    CHECK(run_steps("arrange-used", "  - expect: {over: false}\n").verdict == Verdict::Pass);
  }
  SECTION("in a step") {
    ScenarioResult r = run_steps("arrange-step", "  - arrange: {deck: [\"5\"]}\n  - Andy: play 4 bid 4\n");
    CHECK(r.verdict == Verdict::Fail);
    CHECK_THAT(r.detail, Catch::Contains("arrange-step.yaml:7:15: step 1: (arrange)") &&
                             Catch::Contains("this arrangement of deck was never used"));
  }
  SECTION("two for one zone, neither used: the first is named") {
    ScenarioResult r =
        run_steps("arrange-two", "  - arrange: {deck: [\"5\"]}\n  - arrange: {deck: [\"6\"]}\n");
    CHECK(r.verdict == Verdict::Fail);
    CHECK_THAT(r.detail, Catch::Contains("arrange-two.yaml:7:15: step 1:"));
  }
  SECTION("an arrangement naming nothing") {
    ScenarioResult r = run_steps("arrange-none", "  - arrange: {deck: []}\n");
    CHECK(r.verdict == Verdict::Fail);
    CHECK_THAT(r.detail, Catch::Contains("arrange-none.yaml:7:21:") && Catch::Contains("names none"));
  }
}

namespace {

std::vector<ScenarioResult> run_all(const std::string& file) {
  RulesFactory factory = [](std::shared_ptr<const Ruleset> r) {
    return std::make_unique<LuaRules>(r, ARBITER_SOURCE_DIR "/scripts");
  };
  return run_scenarios(kScenarios + file, {ARBITER_SOURCE_DIR "/rulesets"}, factory);
}

}  // namespace

TEST_CASE("one file holds several scenarios as --- documents or as a list") {
  SECTION("documents") {
    auto all = run_all("seat-view.yaml");
    REQUIRE(all.size() == 3);
    for (const auto& r : all) CHECK(r.verdict == Verdict::Pass);
    CHECK(all[1].name == "A seat reads its own actions and what the rules say to all");
  }
  SECTION("a list") {
    auto all = run_all("play-on.yaml");
    REQUIRE(all.size() == 3);
    for (const auto& r : all) CHECK(r.verdict == Verdict::Pass);
  }
  SECTION("unnamed ones are numbered; one failure fails the file as a whole, named") {
    ScenarioResult r = run_text("several", "- {ruleset: stacks, steps: [expect: {over: false}]}\n"
                                           "- {ruleset: stacks, steps: [expect: {over: true}]}\n");
    CHECK(r.verdict == Verdict::Fail);
    CHECK_THAT(r.detail, Catch::StartsWith("several.yaml #2: ") && Catch::Contains("several.yaml:2:44:"));
  }
  SECTION("a trailing '---' is no scenario") {
    CHECK(run_text("trailing", "ruleset: stacks\nsteps: [expect: {over: false}]\n---\n").verdict ==
          Verdict::Pass);
  }
}

TEST_CASE("view and log and legal count check what a seat sees and has read and may do") {
  const Malformed cases[] = {
      {"view-other-hand", "  - expect: {view: {Bill: {Andy.hand: [\"4\", \"2\"]}}}\n",
       ":7:39:", "expected Bill's view of Andy.hand to hold [2, 4], found [?, ?]"},
      {"view-count", "  - expect: {view: {Bill: {Andy.hand: {count: 3}}}}\n",
       ":7:47:", "expected Bill's view of Andy.hand to hold 3, found 2 [?, ?]"},
      {"log-hidden", "  - Andy: play 4 bid 4\n  - expect: {log: {Bill: {includes: [\"Andy: play 4\"]}}}\n",
       ":8:38:", "expected Bill's log to include 'Andy: play 4'"},
      {"log-read", "  - Andy: play 4 bid 4\n  - expect: {log: {Andy: {excludes: [bids 4]}}}\n", ":8:38:",
       "expected Andy's log not to include 'bids 4', but it reads 'Andy plays one card and bids 4.'"},
      {"legal-count", "  - expect: {legal: {Bill: {count: 1}}}\n",
       ":7:36:", "expected Bill to have 1 legal action, found 0 []"},
  };
  expect_failures(cases);
}

TEST_CASE("play: stops where the author said or fails") {
  const Malformed cases[] = {
      {"play-left-over",
       "  - play: {until: round, actions: [\"Andy: play 4 bid 4\", \"Bill: call\", \"Andy: fold\"]}\n",
       ":7:72:", "the round ended before this action (1 queued action left unplayed)"},
      {"play-ran-out", "  - play: {until: round, actions: [\"Andy: play 4 bid 4\"]}\n",
       ":7:11:", "the queued actions ran out before the round ended"},
      {"play-refused", "  - play: {until: round, actions: [\"Bill: call\"]}\n",
       ":7:36:", "action 1 (Bill: call): expected 'call' by Bill to be accepted"},
      {"play-over", "  - play: {until: end, then: first}\n  - play: {until: end, then: first}\n",
       ":8:11:", "the game is already over"},
  };
  expect_failures(cases);
  SECTION("until: round where the game is one round stops at its end") {
    ScenarioResult r = run_text("one-round",
                                "ruleset: tictactoe\nsteps:\n  - play: {until: round, then: first}\n"
                                "  - expect: {over: true, round: 1}\n");
    CHECK(r.verdict == Verdict::Pass);
  }
}

// Like the checks before them, the new keys read their values strictly.
TEST_CASE("malformed view and log and legal count and play fail at their line") {
  const Malformed cases[] = {
      {"legal-count-lots", "  - expect: {legal: {Andy: {count: lots}}}\n",
       ":7:36:", "count should be a whole number, not 'lots'"},
      {"legal-count-negative", "  - expect: {legal: {Andy: {count: -1}}}\n",
       ":7:36:", "count should be 0 or more"},
      {"legal-list", "  - expect: {legal: {Andy: [fold]}}\n", ":7:28:", "a legal check is a map"},
      {"view-count-lots", "  - expect: {view: {Bill: {Andy.hand: {count: lots}}}}\n",
       ":7:47:", "count should be a whole number, not 'lots'"},
      {"view-unknown-zone", "  - expect: {view: {Bill: {Andy.hnd: [\"?\"]}}}\n",
       ":7:28:", "unknown zone 'Andy.hnd' (did you mean 'Andy.hand'?)"},
      {"view-unknown-component", "  - expect: {view: {Bill: {Andy.hand: [\"?\", \"x\"]}}}\n",
       ":7:45:", "unknown component 'x'"},
      {"view-unknown-seat", "  - expect: {view: {Bil: {Andy.hand: [\"?\"]}}}\n",
       ":7:21:", "unknown seat 'Bil'"},
      {"view-list", "  - expect: {view: {Bill: [Andy.hand]}}\n", ":7:27:", "a seat's view check is a map"},
      {"view-empty", "  - expect: {view: {Bill: {}}}\n", ":7:27:", "a seat's view check is empty"},
      {"view-zone-scalar", "  - expect: {view: {Bill: {Andy.hand: 2}}}\n",
       ":7:39:", "a zone check is a list"},
      {"log-includes-text", "  - expect: {log: {Andy: {includes: Round}}}\n", ":7:37:", "includes is a list"},
      {"log-includes-empty", "  - expect: {log: {Andy: {includes: []}}}\n",
       ":7:37:", "includes is a list of one or more"},
      {"log-unknown-key", "  - expect: {log: {Andy: {include: [Round]}}}\n",
       ":7:27:", "unknown key 'include' in a log check (did you mean 'includes'?)"},
      {"log-nested", "  - expect: {log: {Andy: {includes: [[Round]]}}}\n",
       ":7:38:", "a text should be a single value"},
      {"log-empty", "  - expect: {log: {Andy: {}}}\n", ":7:26:", "a log check is empty"},
      // An empty text is in every line, and no player types an empty action: such a check
      // could not fail (or, excluded from the log, fails on any line at all).
      {"log-includes-empty-text", "  - expect: {log: {Andy: {includes: [\"Round\", \"\"]}}}\n",
       ":7:47:", "an empty text is in every line: it would check nothing"},
      {"log-excludes-empty-text", "  - expect: {log: {Andy: {excludes: [\"\"]}}}\n",
       ":7:38:", "an empty text is in every line"},
      {"legal-excludes-empty", "  - expect: {legal: {Andy: {excludes: [\" \"]}}}\n",
       ":7:40:", "an empty action names no action: it would check nothing"},
      {"legal-includes-empty", "  - expect: {legal: {Andy: {includes: [\"\"]}}}\n",
       ":7:40:", "an empty action names no action"},
      {"reject-empty", "  - reject: \"Andy: \"\n",
       ":7:13:", "reject names no action after 'Andy:': it would check nothing"},
      {"play-scalar", "  - play: round\n", ":7:11:", "play is a map"},
      {"play-no-until", "  - play: {actions: [\"Andy: fold\"]}\n", ":7:11:", "play needs until"},
      {"play-until-bogus", "  - play: {until: rond, actions: [\"Andy: fold\"]}\n",
       ":7:19:", "until 'rond' is not one of round or end (did you mean 'round'?)"},
      {"play-then-bogus", "  - play: {until: end, then: best}\n",
       ":7:30:", "then 'best' is not one of first or random"},
      {"play-nothing", "  - play: {until: end}\n", ":7:11:", "play needs actions to play, or then"},
      {"play-actions-empty", "  - play: {until: end, actions: []}\n",
       ":7:33:", "actions is a list of one or more"},
      {"play-action-no-seat", "  - play: {until: end, actions: [fold]}\n",
       ":7:34:", "a queued action is \"SEAT: ACTION\""},
      {"play-unknown-key", "  - play: {until: end, then: first, thne: first}\n",
       ":7:37:", "unknown key 'thne' in play"},
  };
  expect_failures(cases);
}

TEST_CASE("chance: checks the pending decision's weights, and fails on anything else") {
  const std::string coin = "ruleset: " ARBITER_SOURCE_DIR "/tests/fixtures/coin\nplayers: [Andy]\nsteps:\n";
  CHECK(run_text("chance-holds",
                 coin + "  - Andy: toss\n  - expect: {chance: {heads: 1, tails: 1.0, edge: 0}}\n")
            .verdict == Verdict::Pass);
  const Malformed cases[] = {
      {"chance-wrong", "  - Andy: toss\n  - expect: {chance: {heads: 2}}\n",
       ":5:30:", "expected the weight of 'heads' in 'toss' to be 2, found 1"},
      {"chance-none", "  - expect: {chance: {heads: 1}}\n",
       ":4:22:", "expected a pending chance decision, but none is"},
      {"chance-unknown", "  - Andy: toss\n  - expect: {chance: {head: 1}}\n",
       ":5:23:", "has no outcome 'head' (did you mean 'heads'?)"},
      {"chance-text", "  - Andy: toss\n  - expect: {chance: {heads: lots}}\n",
       ":5:30:", "a weight should be a number"},
      {"chance-empty", "  - Andy: toss\n  - expect: {chance: {}}\n", ":5:", "chance is empty"},
      {"chance-list", "  - Andy: toss\n  - expect: {chance: [heads]}\n", ":5:", "chance is a map"},
      {"chance-near", "  - Andy: toss\n  - expect: {chance: {heads: 1.000000001}}\n", ":5:30:", "found 1"},
      {"chance-zero", "  - Andy: toss\n  - expect: {chance: {edge: 1e-300}}\n", ":5:29:", "found 0"},
      {"chance-quoted", "  - Andy: toss\n  - expect: {chance: {heads: \"1\"}}\n",
       ":5:30:", "a weight should be a number"},
      {"chance-hex", "  - Andy: toss\n  - expect: {chance: {heads: 0x1p0}}\n",
       ":5:30:", "a weight should be a number"},
      {"chance-nan", "  - Andy: toss\n  - expect: {chance: {heads: .nan}}\n",
       ":5:30:", "a weight should be a number"},
  };
  expect_failures(cases, coin);
}
