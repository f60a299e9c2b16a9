// A search bot for every ruleset: Monte Carlo tree search through the runtime alone (copy a
// state, list legal actions, apply). With hidden information it searches over states sampled
// from its seat's view (determinised, single-observer ISMCTS), so it never reads what its
// seat cannot see. Chance decisions and out-of-turn opportunities are part of the search.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "play/bot.hpp"
#include "runtime/engine.hpp"

namespace arbiter {

struct MctsBudget {
  int iterations = 300;       // per decision; deterministic for a given seed
  int milliseconds = 0;       // if set, search this long instead (not deterministic)
  int playout_actions =
      2000;  // a playout stops after this many actions (the ruleset's search.playout if it has one)
};

// "mcts" -> defaults, "mcts:2000" -> iterations, "mcts:200ms" -> time. False if malformed.
bool parse_mcts_budget(const std::string& spec, MctsBudget& budget, std::string& error);

// What a playout that stopped at `s` is worth to each seat: the winners' shares at the end;
// short of the end, the seats with the highest score share the win (equal shares when the
// scores are not numbers).
std::vector<double> playout_rewards(Engine& engine, const State& s);

class MctsBot final : public Bot {
 public:
  // `engine` must outlive the bot.
  MctsBot(Engine& engine, MctsBudget budget, std::uint64_t seed)
      : engine_(engine), budget_(budget), rng_(seed) {}
  std::string choose(const View& view, const std::vector<std::string>& legal, bool on_turn) override;
  Rng* random_stream() override { return &rng_; }

 private:
  Engine& engine_;
  MctsBudget budget_;
  Rng rng_;
};

}  // namespace arbiter
