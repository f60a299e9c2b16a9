// Scenarios written by a test: the text run as a scenario file of its own, and cases that
// must fail at their place (tests/authoring/scenario*_test.cpp).
#pragma once
#include <catch2/catch.hpp>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "lua/lua_rules.hpp"
#include "authoring/scenario/scenario.hpp"

namespace arbiter::scenario_text {

// Writes `text` to NAME.yaml in a fresh folder, runs it as a scenario, and removes it.
inline ScenarioResult run_text(const std::string& name, const std::string& text) {
  std::string dir =
      std::filesystem::temp_directory_path() / ("arbiter-scenario-test-" + std::to_string(::getpid()));
  std::filesystem::create_directories(dir);
  std::string file = dir + "/" + name + ".yaml";
  std::ofstream(file) << text;
  RulesFactory factory = [](std::shared_ptr<const Ruleset> r) {
    return std::make_unique<LuaRules>(r, ARBITER_SOURCE_DIR "/scripts");
  };
  ScenarioResult result = run_scenario(file, {ARBITER_SOURCE_DIR "/rulesets"}, factory);
  std::filesystem::remove_all(dir);
  UNSCOPED_INFO(name << ": " << result.detail);
  return result;
}

// A scenario of Stacks (Andy and Bill, the deck arranged as in pass.yaml) whose steps are
// `steps`: "steps:" is on line 6, the first step on line 7.
inline ScenarioResult run_steps(const std::string& name, const std::string& steps) {
  return run_text(
      name,
      "ruleset: stacks\nplayers: [Andy, Bill]\nseed: 7\narrange:\n  deck: [\"4\", \"1\", \"2\", \"3\"]\n"
      "steps:\n" +
          steps);
}

struct Malformed {
  const char* name;
  const char* steps;  // from line 6, "steps:"
  const char* where;  // file:LINE:COLUMN
  const char* says;
};

// Each case must fail, at its place and saying what it says: run as `head` and its text, or,
// with no head, as the steps of run_steps' Stacks game.
template <std::size_t N>
inline void expect_failures(const Malformed (&cases)[N], const std::string& head = "") {
  for (const auto& c : cases) {
    INFO(c.name);
    ScenarioResult r = head.empty() ? run_steps(c.name, c.steps) : run_text(c.name, head + c.steps);
    CHECK(r.verdict == ScenarioResult::Verdict::Fail);
    CHECK_THAT(r.detail, Catch::Contains(std::string(c.name) + ".yaml" + c.where) && Catch::Contains(c.says));
  }
}

}  // namespace arbiter::scenario_text
