// `sim --tally` taken from the action history rather than a variable: a game's line of play
// (`--tally actions`), or how many times each seat took one action (`--tally action:NAME`).
#pragma once
#include <string>
#include <vector>

#include "play/match.hpp"
#include "analysis/sim/sim.hpp"

namespace arbiter {

// Whether `spec` names an action tally ("actions", or "action:NAME" with a NAME); the ruleset's
// variables come first, so this is asked only of a name that is no variable.
bool is_action_tally(const std::string& spec);

// One game's tally of its actions, fed every step play_out takes.
class ActionTally {
 public:
  // `spec` is what is_action_tally accepted; "" tallies nothing.
  ActionTally(const Table& table, const std::string& spec);
  void step(const MatchStep& m);
  // The game's tallied values, into rec.tallied: the line (cut at 256 bytes), or per seat "Andy=2".
  void finish(GameRecord& rec) const;

 private:
  const Table& table_;
  bool line_ = false;
  std::string name_;           // the action counted (its first word), when not the line
  std::string played_;         // the line of play so far: "Andy check, Bill bet"
  std::vector<int> taken_;     // per seat, how often it took name_
};

}  // namespace arbiter
