// Setting a variable as the rules ask (game:set), within the limit on the text all the
// game's variables hold together: every state copy (undo, search, a view) copies them.
#pragma once
#include "runtime/state.hpp"

namespace arbiter {

// Sets variable `def` (of `seat`, for a per-seat one; `seat` is ignored otherwise) to
// `value`. Throws RuleError, leaving the state as it was, when the game's text variables
// would hold more than kMaxVarTextTotal bytes together, or when the variable declares its
// `values:` and `value` is not one of them.
void set_var_checked(State& s, int def, int seat, Value value);

}  // namespace arbiter
