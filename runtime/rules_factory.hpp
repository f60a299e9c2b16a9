// How a driver that runs many games (sim, perft, scenarios, mutate) gets a ruleset's
// behaviour without knowing it is written in Lua: the command line passes the binding's.
#pragma once
#include <functional>
#include <memory>

#include "runtime/rules.hpp"

namespace arbiter {

// Makes the behaviour for a ruleset; throws InputError when its scripts do not load.
using RulesFactory = std::function<std::unique_ptr<Rules>(std::shared_ptr<const Ruleset>)>;

}  // namespace arbiter
