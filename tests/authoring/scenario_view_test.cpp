// Tests of authoring/scenario/view.cpp: a scenario's `view` check of what one seat, or
// everyone (`public`), sees of variables as well as zones. Each check passes where it holds
// and fails, at its line, where it does not.
#include <catch2/catch.hpp>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "lua/lua_rules.hpp"
#include "authoring/scenario/scenario.hpp"

using namespace arbiter;

namespace {

using Verdict = ScenarioResult::Verdict;

RulesFactory lua_factory() {
  return [](std::shared_ptr<const Ruleset> r) {
    return std::make_unique<LuaRules>(r, ARBITER_SOURCE_DIR "/scripts");
  };
}

// A scenario of the bot-view probe (Andy's hidden secret "5", Bill's "6") whose one step is `expect`.
ScenarioResult run_expect(const std::string& name, const std::string& expect,
                          const std::string& players = "[Andy, Bill]") {
  std::string dir =
      std::filesystem::temp_directory_path() / ("arbiter-view-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::string file = dir + "/" + name + ".yaml";
  std::ofstream(file) << "ruleset: " ARBITER_SOURCE_DIR "/tests/fixtures/bot-view\nplayers: " << players
                      << "\nsteps:\n"
                      << "  - expect: " << expect << "\n";
  ScenarioResult r = run_scenario(file, {ARBITER_SOURCE_DIR "/rulesets"}, lua_factory());
  std::filesystem::remove_all(dir);
  UNSCOPED_INFO(name << ": " << r.detail);
  return r;
}

struct Case {
  const char* name;
  const char* expect;  // on line 4, from column 13
  const char* where;   // :LINE:COLUMN:
  const char* says;
};

}  // namespace

TEST_CASE("a view check of variables passes where the seat and the public view show what it says") {
  ScenarioResult r = run_scenario(ARBITER_SOURCE_DIR "/tests/fixtures/scenarios/view-vars.yaml",
                                  {ARBITER_SOURCE_DIR "/rulesets"}, lua_factory());
  INFO(r.detail);
  CHECK(r.verdict == Verdict::Pass);
  // A seat called `public` keeps the word: its view shows its own hidden secret.
  CHECK(run_expect("seat-public", "{view: {public: {vars: {public.secret: \"5\"}}}}", "[public, Bill]")
            .verdict == Verdict::Pass);
}

TEST_CASE("each view check of variables can fail, at its line") {
  const Case cases[] = {
      {"other-secret", "{view: {Andy: {vars: {Bill.secret: \"6\"}}}}",
       ":4:35:", "expected Andy's view to show Bill.secret, but it is hidden there"},
      {"wrong-value", "{view: {Bill: {vars: {Bill.secret: \"7\"}}}}",
       ":4:48:", "expected Bill.secret in Bill's view to be 7, found 6"},
      {"wrong-type", "{view: {Andy: {vars: {Andy.secret: 5}}}}", ":4:48:", "(expected a number, found text)"},
      {"public-secret", "{view: {public: {vars: {Andy.secret: \"5\"}}}}",
       ":4:37:", "expected the public view to show Andy.secret, but it is hidden there"},
      {"unseen-own", "{view: {Andy: {unseen: [Andy.secret]}}}",
       ":4:37:", "expected Andy's view not to show Andy.secret, but it shows 5"},
      {"unseen-public", "{view: {public: {unseen: [Andy.score]}}}",
       ":4:39:", "expected the public view not to show Andy.score, but it shows 3"},
      {"public-zone", "{view: {public: {pile: [\"?\"]}}}",
       ":4:36:", "expected the public view of pile to hold [?], found [token]"},
  };
  for (const auto& c : cases) {
    INFO(c.name);
    ScenarioResult r = run_expect(c.name, c.expect);
    CHECK(r.verdict == Verdict::Fail);
    CHECK_THAT(r.detail, Catch::Contains(std::string(c.name) + ".yaml" + c.where) && Catch::Contains(c.says));
  }
}

TEST_CASE("a malformed view check of variables fails, never passes") {
  const Case cases[] = {
      {"vars-empty", "{view: {Andy: {vars: {}}}}", ":4:34:", "a view's vars is empty"},
      {"vars-list", "{view: {Andy: {vars: [secret]}}}", ":4:34:", "a view's vars is a map"},
      {"vars-unknown", "{view: {Andy: {vars: {Andy.secert: 1}}}}",
       ":4:35:", "unknown variable 'secert' (did you mean 'secret'?)"},
      {"vars-per-seat", "{view: {Andy: {vars: {secret: 1}}}}",
       ":4:35:", "variable 'secret' is per seat: write SEAT.secret"},
      {"vars-value-list", "{view: {Andy: {vars: {count: [7]}}}}", ":4:42:", "a variable's value is a number"},
      {"unseen-empty", "{view: {Andy: {unseen: []}}}",
       ":4:36:", "unseen is a list of one or more SEAT.NAME variables"},
      {"unseen-unknown-seat", "{view: {Andy: {unseen: [Bil.secret]}}}", ":4:37:", "unknown seat 'Bil'"},
      {"public-typo", "{view: {pubic: {pile: [token]}}}", ":4:21:", "unknown seat 'pubic'"},
  };
  for (const auto& c : cases) {
    INFO(c.name);
    ScenarioResult r = run_expect(c.name, c.expect);
    CHECK(r.verdict == Verdict::Fail);
    CHECK_THAT(r.detail, Catch::Contains(std::string(c.name) + ".yaml" + c.where) && Catch::Contains(c.says));
  }
}
