// A variable set within the limit on their text (vars.hpp).
#include "runtime/vars.hpp"

#include <algorithm>
#include <string>

#include "runtime/diagnostics.hpp"
#include "runtime/limits.hpp"

namespace arbiter {

namespace {

// "1, 2, 3", or the first few and how many more.
std::string values_text(const std::vector<Value>& values) {
  constexpr std::size_t kShown = 8;
  std::string out;
  for (std::size_t i = 0; i < values.size() && i < kShown; ++i)
    out += (i ? ", " : "") + shortened(to_text(values[i]), 40);
  if (values.size() > kShown) out += ", … (" + std::to_string(values.size()) + " in all)";
  return out;
}

}  // namespace

void set_var_checked(State& s, int def, int seat, Value value) {
  // A declared `values:` is what a search samples the variable from: a value outside it
  // would make the samples lie.
  const VarDef& d = s.table->ruleset->vars[def];
  const std::vector<Value>& values = s.table->var_values[def];
  if (!values.empty() && std::find(values.begin(), values.end(), value) == values.end())
    throw RuleError("variable " + quote(d.name) + " holds one of its values in game.yaml (" +
                    values_text(values) + "), not " + quote(to_text(value)));
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
