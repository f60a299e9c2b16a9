// A ruleset's behaviour, run by Lua 5.4 in a sandbox. This header does not include lua.h:
// everything else in Arbiter sees only the Rules interface.
#pragma once
#include <chrono>
#include <memory>
#include <string>
#include <vector>

#include "runtime/rules.hpp"
#include "runtime/ruleset_bots.hpp"

struct lua_State;

namespace arbiter {

struct SandboxLimits {
  long long instructions = 20'000'000;      // per hook call
  std::size_t memory = 64u << 20;           // bytes the Lua heap may hold (docs/limits.md)
  std::chrono::milliseconds cpu_time{2000}; // per hook call, on its thread's CPU clock, whatever it does
};

// Whether a ruleset's print() reaches standard error (the default) or is dropped, for the
// whole process: at the table, players read that terminal.
void set_lua_print(bool on);

// The rules' hooks (rules.lua) and the ruleset's own bots (bots.lua), in one Lua state.
class LuaRules final : public Rules, public RulesetBots {
 public:
  // Loads `ruleset`'s Lua entry file. `scripts_dir` holds the shared scripts that `require`
  // may find. Throws InputError (with file:line) if the file does not load or run.
  LuaRules(std::shared_ptr<const Ruleset> ruleset, std::string scripts_dir, SandboxLimits limits = {});
  ~LuaRules() override;
  LuaRules(const LuaRules&) = delete;
  LuaRules& operator=(const LuaRules&) = delete;

  Status setup(State& state) override;
  Status round_start(State& state) override;
  Status turn_start(State& state) override;
  Status round_end(State& state) override;
  Status apply(State& state, int seat, const std::string& action) override;
  Status outcome(State& state, const std::string& decision, const std::string& result) override;
  Status resolve(State& state, const std::vector<std::string>& choices) override;
  Status round_order(const State& state, std::vector<int>& order) override;
  Status actions(const State& state, int seat, std::vector<std::string>& out) override;
  Status accepts(const State& state, int seat, const std::string& action, bool& accepted,
                 std::string& canonical, std::string& why) override;
  Status score(const State& state, int seat, Value& out) override;
  bool scores_by_hook() const override;
  bool tags_actions() const override;
  Status tag(const State& state, int seat, const std::string& action, std::string& out) override;
  Status expand(const State& state, int seat, const std::string& line,
                std::vector<std::string>& steps) override;
  Status completions(const State& state, int seat, std::vector<std::string>& out) override;
  RulesetBots* bots() override { return this; }
  // RulesetBots: the bot `name` of bots.lua chooses.
  Status choose(const std::string& name, const View& view, const std::vector<std::string>& legal,
                bool on_turn, Rng& rng, std::string& choice) override;

  // The names of the hooks the rules table defines (for `arbiter check`).
  std::vector<std::string> hooks() const;
  struct Impl;

 private:
  std::unique_ptr<Impl> impl_;
};

}  // namespace arbiter
