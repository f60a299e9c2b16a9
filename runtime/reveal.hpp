// What the rules let seats see beyond the zones' visibility (game:reveal, game:show,
// game:conceal), and the log lines that tell those seats so.
#pragma once
#include <cstdint>

#include "runtime/state.hpp"

namespace arbiter {

// Reveals zone `z` to the seats of the mask `to` (kEveryone: all) and tells them what it holds:
// "(Bill.hand is revealed): K".
void reveal_zone(State& s, int z, std::uint32_t to);
// Hides zone `z` again from every seat it was revealed to.
void conceal_zone(State& s, int z);
// Shows component `c` to `seat` (-1: every seat) until it moves; tells them so unless `say`
// is false.
void show_component(State& s, int c, int seat, bool say);

}  // namespace arbiter
