// Keeping a game in progress for the one end Arbiter cannot recover from (runtime/rescue.hpp):
// a save of it, written to its file if the process must end.
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "runtime/engine.hpp"

namespace arbiter {

// Keeps a save of `state` (play/save.hpp) as `arbiter-rescue-PID.yaml` in the current
// folder; keeps nothing under --no-undo (a save shows every hand), before the first action or
// once the game is over. `kept_at` is the caller's: a key of the game last kept (its hash
// and length), so that an unchanged game is not saved again. For a front end, each time it waits for a
// person: it replays the game to write the save, a cost in proportion to the game's length.
void keep_game_for_rescue(Engine& engine, const State& state, const std::vector<std::string>& kinds,
                          bool no_undo, std::uint64_t& kept_at);

}  // namespace arbiter
