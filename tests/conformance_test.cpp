// The one conformance test: every ruleset found under rulesets/ plays seeded random games
// to the end with every invariant checked at every step. A new ruleset needs no new C++.
#include <catch2/catch.hpp>

#include <filesystem>

#include "binding/lua_rules.hpp"
#include "interpreter/conformance.hpp"

using namespace arbiter;
namespace fs = std::filesystem;

TEST_CASE("every ruleset keeps the invariants over 1000 random games") {
  std::vector<fs::path> dirs;
  for (const auto& entry : fs::directory_iterator(ARBITER_SOURCE_DIR "/rulesets"))
    if (entry.is_directory() && fs::exists(entry.path() / "game.yaml")) dirs.push_back(entry.path());
  std::sort(dirs.begin(), dirs.end());
  REQUIRE_FALSE(dirs.empty());

  for (const auto& dir : dirs) {
    INFO("ruleset " << dir.filename().string());
    std::shared_ptr<const Ruleset> ruleset;
    REQUIRE_NOTHROW(ruleset = load_ruleset(dir.string()));
    std::unique_ptr<LuaRules> rules;
    REQUIRE_NOTHROW(rules = std::make_unique<LuaRules>(ruleset, ARBITER_SOURCE_DIR "/scripts"));
    ConformanceReport report = run_conformance(ruleset, *rules, ConformanceOptions{.games = 1000});
    INFO(report.error);
    CAPTURE(report.games, report.actions);
    REQUIRE(report.ok());
    CHECK(report.games == 1000);
    CHECK(report.actions > 0);
  }
}
