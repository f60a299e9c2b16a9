// Rebuilding a whole state from one seat's view: what the seat sees stays as it is, and the
// components it cannot see are dealt at random into the places it cannot see into. Search
// bots play on such samples, so they never read the true hidden state.
#pragma once
#include <memory>

#include "runtime/state.hpp"
#include "runtime/view.hpp"

namespace arbiter {

// A state consistent with `view` (made by make_view for this table). Its RNG is reseeded from
// `rng`, so future shuffles are unknown too, and its log is off. Throws RuleError if the view
// does not fit the table.
State sample_state(std::shared_ptr<const Table> table, const View& view, Rng& rng);

// Undo without reading the future: the components that no seat of `seats` (a bit per seat)
// can see are dealt again at random among the places where such components lie (each place
// keeps its face), and the state's generator is reseeded, both from `seed`. What those seats
// learned by taking an action back (the next card of the deck) is then no longer true.
// Recorded in the log as a Redeal event nobody reads, so a replay (a save) repeats it.
void redeal_hidden(State& state, std::uint32_t seats, std::uint64_t seed);
// Repeats a Redeal event's re-deal; false if its text is malformed.
bool replay_redeal(State& state, const Event& e);
// Whether anything a ruleset puts on the table can be hidden from a seat: a zone that is
// not public, or a per-seat variable hidden from the others. (Stacks 5x5: nothing is.)
bool anything_hidden(const Ruleset& ruleset);

}  // namespace arbiter
