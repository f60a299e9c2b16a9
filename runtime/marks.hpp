// What seats are told of components without seeing them (game:clue): marks, each the kinds a
// component may be under a label the table shows ("1", "not Priest"). A mark stays with its
// component as it moves; it is forgotten when the component is shuffled or lies in plain
// sight, and merged away when a hand's cards leave it unseen (forget_marks_leaving).
#pragma once
#include <cstdint>
#include <string>
#include <vector>

#include "runtime/state.hpp"

namespace arbiter {

// Tells the seats `to` (kEveryone: all) that component `c` is of one of `kinds` (ascending),
// marked `label`. A mark those seats hold already is not added twice.
void add_mark(State& s, int c, std::uint32_t to, const std::string& label, std::vector<std::uint16_t> kinds);
// The marks `seat` holds of component `c`, oldest first (seat -1: those every seat holds).
std::vector<const Mark*> marks_of(const State& s, int c, int seat);
// Forgets every mark of component `c`.
void drop_marks(State& s, int c);
// Component `leaving` goes from hand `from` to zone `to`. A seat other than the hand's owner
// that cannot tell which of the hand's components left (more than one could be the one it
// saw arrive, or it did not see it) keeps, of each, only the marks every one of them had.
void forget_marks_leaving(State& s, int leaving, int from, int to);

// game:clue: tells `to` of every component in zone `z` whether it is of one of `kinds`
// (ascending): those that are get the mark `label`, the others "not <label>". Returns those
// that are, top first.
std::vector<int> clue_zone(State& s, int z, std::uint32_t to, const std::string& label,
                           const std::vector<std::uint16_t>& kinds);

}  // namespace arbiter
