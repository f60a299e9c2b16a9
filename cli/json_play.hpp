// The JSON front door (`arbiter play RULESET --json`): a game spoken in JSON lines, one
// object a line, for programs (a web page, a chat bot, a learning harness). Every message
// to a seat carries only that seat's view, legal actions and the log lines it may read.
// The protocol is described in docs/protocol.md.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "cli/terminal/input_line.hpp"
#include "play/bot.hpp"
#include "runtime/engine.hpp"

namespace arbiter::cli {

struct JsonSeats {
  std::vector<std::string> kinds;            // per seat: a bot kind, or "" for a seat the driver plays
  std::uint64_t seed = 1;                    // the bots' seeds derive from it
  bool ask_chance = false;                   // the driver makes every chance decision
  bool ask_physical = true;                  // ... or only those game.yaml marks physical
  // The driver knew the seed (given on the command line, or in a save): `start` says it.
  // Otherwise only `over` does, since the seed fixes every shuffle, the bots' hands too.
  bool seed_known = true;
  bool no_undo = false;                      // --no-undo: undo refused, and save until the game is over
  std::uint32_t passed = 0;                  // a loaded game's passes (SavedGame::passed): not asked again
};

// The two ends of the conversation: `read` gives the driver's next line (false: input ended;
// a line with a refusal is answered with an error, cli/terminal/input_line.hpp),
// `write` sends one message line. `audit`, when set, sees every message with the true state
// and the seat it is for (-1: everyone), for tests of what reaches whom.
struct JsonChannel {
  std::function<bool(InputLine&)> read;
  std::function<void(const std::string&)> write;
  std::function<void(const State&, int seat, const std::string&)> audit;
};

// Plays `state` to its end (or until the driver quits or its input ends). `engine`'s rules
// must outlive the call. The turn driver (play/driver.hpp) plays it; this door reads and writes
// the lines. Returns the exit status: 0, or 1 after an `error` message or an `over` with an error.
int play_json(Engine& engine, State state, const JsonSeats& seats, JsonChannel& channel);

}  // namespace arbiter::cli
