// A ruleset's own bots (bots.lua, listed under bots: in game.yaml). They are bots, not
// rules: the runtime asks them to choose as it asks any bot (bots/make_bot.cpp), and the
// rules' hooks (rules.hpp) know nothing of them. The Lua binding implements this.
#pragma once
#include <string>
#include <vector>

#include "runtime/rng.hpp"
#include "runtime/rules.hpp"
#include "runtime/view.hpp"

namespace arbiter {

class RulesetBots {
 public:
  virtual ~RulesetBots() = default;
  // The bot `name` chooses from `legal` (non-empty), seeing only `view`; "" passes an
  // out-of-turn chance. A bot the ruleset does not have is an error. `rng` is the bot's own
  // generator (its math.random), seeded by whoever seats the bot and kept from call to call,
  // so a bot may play a mixed strategy and the same seed still gives the same game.
  virtual Status choose(const std::string& name, const View& view, const std::vector<std::string>& legal,
                        bool on_turn, Rng& rng, std::string& choice) = 0;
};

}  // namespace arbiter
