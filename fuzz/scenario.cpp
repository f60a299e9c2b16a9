// libFuzzer target: the input is a scenario file (docs/scenarios.md), run by run_scenario
// against the shipped rulesets (the corpus names one with `ruleset:`). run_scenario
// promises never to throw: a verdict, whatever the file says. Anything else is a finding.
//
// Making a ruleset's Lua state was most of each run, so each ruleset folder's LuaRules is
// made once and every later scenario of that folder is played on it through a SharedRules
// handle (runtime/rules.hpp). The Lua state carries nothing of a game between runs (the
// game lives in State), so a finding still replays on its own.
#include <map>

#include "lua/lua_rules.hpp"
#include "fuzz/scratch.hpp"
#include "authoring/scenario/scenario.hpp"

using namespace arbiter;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string file = fuzz::scratch_dir() + "/scenario.yaml";
  static std::map<std::string, std::unique_ptr<LuaRules>> made;
  static const RulesFactory factory = [](std::shared_ptr<const Ruleset> r) -> std::unique_ptr<Rules> {
    auto& rules = made[r->dir];
    if (!rules) rules = std::make_unique<LuaRules>(r, fuzz::kScripts);
    return std::make_unique<SharedRules>(*rules);
  };
  fuzz::write_file(file, data, size);
  run_scenario(file, {fuzz::kRulesets}, factory, fuzz::kScripts);
  return 0;
}
