// A game replayed on other rules (the REPL's :reload, after the ruleset was edited): its
// steps with the hash each left, and how far the other rules follow them.
#pragma once
#include <string>
#include <vector>

#include "play/save.hpp"

namespace arbiter {

// A game's steps as its log holds them (actions, chance outcomes, undos' re-deals), each
// with the hash of the state after it, from replaying them on a fresh state of `engine`'s
// table (the rules the game was played with); `start_hash` is that fresh state's. Throws
// InputError if the replay refuses a step.
struct GameSteps {
  std::uint64_t start_hash = 0;
  std::vector<SavedStep> steps;
  // The log as it was: [0] what the setup said, [i + 1] step i's entry and what followed it.
  std::vector<std::vector<Event>> said;
};
GameSteps game_steps(Engine& engine, const State& state);

// How far `engine` (other rules) follows a game: it replays the steps on a fresh state of
// its table while each is accepted, leaves the state the step's hash says, and adds to the
// log what it added before, as each seat reads it and as everyone does. So the log of the
// state it stops at holds nothing the game's log did not: edited rules that would tell a
// seat the deck part ways with the game there.
struct Replay {
  State state;                 // after the last step that agreed (the fresh state if none did)
  std::size_t agreed = 0;      // steps replayed alike
  bool setup_differs = false;  // the fresh states differ already (another deal, table or setup)
  bool setup_said_otherwise = false;  // the same setup, said otherwise: `state` shows what the game did not
  std::string
      problem;  // why step agreed + 1 stopped it ("refused by the edited rules (...)"); empty when all agreed
  std::vector<State> before;   // the state before each agreed step
};
// Throws InputError if the game cannot even be set up.
Replay replay_while_same(Engine& engine, const GameSteps& game);

// "step 7 (Bill: play 3 bid 4)", "step 3 (chance: held)", "step 5 (a re-deal, after an undo or a reload)".
std::string describe_step(const Table& table, const std::vector<SavedStep>& steps, std::size_t index);

}  // namespace arbiter
