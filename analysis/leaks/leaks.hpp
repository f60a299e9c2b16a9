// Looking for leaks of hidden information (`arbiter check --leaks`). For a seat, two worlds it
// cannot tell apart: the real one, and a second drawn from its view by the sampler search bots
// use (play/sample.hpp). Both are driven with the real game's next actions and chance outcomes
// (by text) while these are legal in both, but for an outcome the seat does not read (a secret
// deal), which the second world draws for itself; while what the seat legitimately observes stays the
// same in both (facts.hpp: observed), everything it receives must stay the same too (received).
// The first difference is a leak: the seat could tell the worlds apart by what the runtime or
// the rules handed it, not by what it may see.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "runtime/rules.hpp"
#include "runtime/ruleset.hpp"

namespace arbiter {

struct LeakOptions {
  int games = 6;                // seeded random games, from first_seed on
  int players = 0;              // 0: every count the ruleset allows, in turn
  std::uint64_t first_seed = 1;
  std::string variant;          // as for play: a named variant, then the parameters set
  std::map<std::string, std::string> set;
  int worlds = 3;               // second worlds drawn per seat at each step compared
  int horizon = 6;              // steps each second world is driven along the real game
  int max_actions = 2000;       // per game: a longer one is compared as far as it went
};

// One leak: the first difference in what `seat` received between the real world and a second
// one, while its legitimate observations were the same in both.
struct Leak {
  std::uint64_t seed = 0;             // the game's: `arbiter check --seed` replays it
  std::vector<std::string> seats;     // the seats' names, in order
  int seat = 0;
  int step = 0;                       // steps taken when it differed (0: before the first)
  int drawn_at = 0;                   // the step at which the second world was drawn
  std::vector<std::string> history;   // the real game's steps 1..step: "P1: guard P2 Priest", "chance: heads"
  std::string field;                  // "zone P3.hand", "log line 2", "legal actions", ...
  std::string real;                   // its value in the real world
  std::string other;                  // and in the second one
};

struct LeakReport {
  bool nothing_hidden = false;        // anything_hidden() says no: nothing was compared
  int games = 0;
  long long pairs = 0;                // second worlds drawn
  long long steps = 0;                // steps compared in them (the drawing included)
  long long failed = 0;               // second worlds a script error ended (the pair with it)
  long long found = 0;                // leaks: distinct by game, seat, step and field
  std::vector<Leak> leaks;            // the first kKeptLeaks of them
  std::string error;                  // a ruleset error: the search stopped
  static constexpr std::size_t kKeptLeaks = 20;
};

// Plays `options.games` seeded random games (the random bots of `arbiter check`, seeded as it
// seeds them) and at every step, for every seat, compares the real world with
// `options.worlds` second worlds over the next `options.horizon` steps. Deterministic: the
// same options give the same report.
LeakReport find_leaks(std::shared_ptr<const Ruleset> ruleset, Rules& rules, const LeakOptions& options);

}  // namespace arbiter
