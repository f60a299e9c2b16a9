// Rebuilding a whole state from one seat's view: what the seat sees stays as it is, and the
// components it cannot see are dealt at random into the places it cannot see into. Search
// bots play on such samples, so they never read the true hidden state.
#pragma once
#include <memory>

#include "interpreter/state.hpp"
#include "interpreter/view.hpp"

namespace arbiter {

// A state consistent with `view` (made by make_view for this table). Its RNG is reseeded from
// `rng`, so future shuffles are unknown too, and its log is off. Throws RuleError if the view
// does not fit the table.
State sample_state(std::shared_ptr<const Table> table, const View& view, Rng& rng);

}  // namespace arbiter
