// libFuzzer target: the input is a scenario file (docs/scenarios.md), run by run_scenario
// against the shipped rulesets (the corpus names one with `ruleset:`). run_scenario
// promises never to throw: a verdict, whatever the file says. Anything else is a finding.
//
// Making a ruleset's Lua state was most of each run, so each ruleset folder's LuaRules is
// made once and every later scenario of that folder is played on it through a Shared
// forwarder. The Lua state carries nothing of a game between runs (the game lives in
// State), so a finding still replays on its own.
#include <map>

#include "binding/lua_rules.hpp"
#include "fuzz/scratch.hpp"
#include "interpreter/scenario.hpp"

using namespace arbiter;

namespace {

class Shared : public Rules {
 public:
  explicit Shared(Rules& r) : r_(r) {}
  Status setup(State& s) override { return r_.setup(s); }
  Status round_start(State& s) override { return r_.round_start(s); }
  Status turn_start(State& s) override { return r_.turn_start(s); }
  Status round_end(State& s) override { return r_.round_end(s); }
  Status apply(State& s, int seat, const std::string& a) override { return r_.apply(s, seat, a); }
  Status outcome(State& s, const std::string& d, const std::string& r) override { return r_.outcome(s, d, r); }
  Status round_order(const State& s, std::vector<int>& o) override { return r_.round_order(s, o); }
  Status actions(const State& s, int seat, std::vector<std::string>& out) override { return r_.actions(s, seat, out); }
  Status accepts(const State& s, int seat, const std::string& a, bool& ok, std::string& c, std::string& why) override {
    return r_.accepts(s, seat, a, ok, c, why);
  }
  Status expand(const State& s, int seat, const std::string& line, std::vector<std::string>& steps) override {
    return r_.expand(s, seat, line, steps);
  }
  Status bot_choose(const std::string& name, const View& v, const std::vector<std::string>& legal, bool on_turn,
                    std::string& choice) override {
    return r_.bot_choose(name, v, legal, on_turn, choice);
  }
  Status score(const State& s, int seat, Value& out) override { return r_.score(s, seat, out); }

 private:
  Rules& r_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static const std::string file = fuzz::scratch_dir() + "/scenario.yaml";
  static std::map<std::string, std::unique_ptr<LuaRules>> made;
  static const RulesFactory factory = [](std::shared_ptr<const Ruleset> r) -> std::unique_ptr<Rules> {
    auto& rules = made[r->dir];
    if (!rules) rules = std::make_unique<LuaRules>(r, fuzz::kScripts);
    return std::make_unique<Shared>(*rules);
  };
  fuzz::write_file(file, data, size);
  run_scenario(file, {fuzz::kRulesets}, factory, fuzz::kScripts);
  return 0;
}
