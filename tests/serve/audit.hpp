// The truth the loopback tests check messages against: a game's save (exported by the host
// over HTTP) replayed step by step, so that the state a message with `seq` N was built from
// is known, and with it exactly what that seat may see.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "lua/lua_rules.hpp"
#include "harness.hpp"
#include "runtime/engine.hpp"

namespace serve_test {

struct Truth {
  std::shared_ptr<const arbiter::Ruleset> ruleset;
  std::unique_ptr<arbiter::LuaRules> rules;
  std::unique_ptr<arbiter::Engine> engine;
  std::vector<arbiter::State> states;  // [n]: after n steps
  // The save text of the game, replayed.
  explicit Truth(const std::string& save_text);
  int seat(const std::string& name) const;
  // "" when `message` (a state, or over) is what `seat` (-1: watching) may be sent; else what is wrong.
  std::string check(const Json& message, int seat) const;
};

}  // namespace serve_test
