// A variable set within the limit on their text (vars.hpp).
#include "interpreter/vars.hpp"

#include <string>

#include "interpreter/limits.hpp"

namespace arbiter {

void set_var_checked(State& s, int def, int seat, Value value) {
  std::size_t slot = s.table->var_slot_of(def, s.table->ruleset->vars[def].per_seat ? seat : 0);
  // Only a text is counted: numbers cost nothing to check.
  if (value.is_string()) {
    std::size_t total = value.as_string().size();
    for (std::size_t i = 0; i < s.vars.size(); ++i)
      if (i != slot && s.vars[i].is_string()) total += s.vars[i].as_string().size();
    if (total > kMaxVarTextTotal)
      throw RuleError("the game's variables would hold " + std::to_string(total) +
                      " bytes of text; together they hold at most " + std::to_string(kMaxVarTextTotal));
  }
  s.vars[slot] = std::move(value);
}

}  // namespace arbiter
