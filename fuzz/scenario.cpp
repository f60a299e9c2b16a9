// libFuzzer target: the input is a scenario file (docs/scenarios.md), run by run_scenario
// against the shipped rulesets (the corpus names one with `ruleset:`). run_scenario
// promises never to throw: a verdict, whatever the file says. Anything else is a finding.
#include "binding/lua_rules.hpp"
#include "fuzz/scratch.hpp"
#include "interpreter/scenario.hpp"

using namespace arbiter;

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string file = fuzz::scratch_dir() + "/scenario.yaml";
  static const RulesFactory factory = [](std::shared_ptr<const Ruleset> r) {
    return std::make_unique<LuaRules>(r, fuzz::kScripts);
  };
  fuzz::write_file(file, data, size);
  run_scenario(file, {fuzz::kRulesets}, factory, fuzz::kScripts);
  return 0;
}
