// Playing a game to the end with a bot in every seat, on the turn driver (play/driver.hpp):
// out-of-turn opportunities are offered before the seat on turn acts. Used by `check`,
// `sim`, `playthrough`, the conformance test and the benchmarks.
#pragma once
#include <functional>
#include <memory>
#include <vector>

#include "play/bot.hpp"
#include "runtime/engine.hpp"

namespace arbiter {

struct MatchStep {
  int seat;
  std::string action;
  int options = 0;  // the legal actions the seat chose among (0 for chance)
  std::string tag;  // the ruleset's tag of the action (Rules::tag), read before it was taken; "" for none
};

// Plays `state` on until the game ends or `max_actions` have been applied. `bots` has one
// bot per seat. `after` (optional) sees each state after an action. Returns the first
// error, or one saying that nobody could act or the limit was hit.
Status play_out(Engine& engine, State& state, std::vector<std::unique_ptr<Bot>>& bots, int max_actions,
                const std::function<void(const State&, const MatchStep&)>& after = {});

}  // namespace arbiter
