// The game kept for the one end Arbiter cannot recover from: a script stuck inside a C
// function past its time limit (binding/watchdog.hpp), after which the process must end.
// A front end that holds a game keeps a save of it here after each accepted action; the
// process writes it to its file before it ends, so the game is not lost.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "interpreter/engine.hpp"

namespace arbiter {

// Keeps `text` (a save, interpreter/save.hpp) to be written to `file` if the process must
// end; an empty `file` forgets it. Thread-safe.
void keep_for_rescue(const std::string& file, const std::string& text);

// Writes what was kept to a new file (only the owner may read it: a save shows every hand) and
// says where, as a sentence ending in a newline; "" when nothing was kept. Called from the
// thread that ends the process, while another may be stuck.
std::string write_rescue();

// Keeps a save of `state` (interpreter/save.hpp) as `arbiter-rescue-PID.yaml` in the current
// folder; keeps nothing under --no-undo (a save shows every hand), before the first action or
// once the game is over. `kept_at` is the caller's: a key of the game last kept (its hash
// and length), so that an unchanged game is not saved again. For a front end, each time it waits for a person: it
// replays the game to write the save, a cost in proportion to the game's length.
void keep_game_for_rescue(Engine& engine, const State& state, const std::vector<std::string>& kinds, bool no_undo,
                          std::uint64_t& kept_at);

}  // namespace arbiter
