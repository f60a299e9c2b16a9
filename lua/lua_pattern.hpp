// string.find, string.match, string.gmatch and string.gsub with a matcher of our own for
// Lua 5.4's patterns (lua_pattern_match.cpp), which gives what Lua's string library gives
// but counts its steps, so a pattern that backtracks on a long text can be stopped like
// any other runaway script. Internal to lua/ (and its tests and fuzz target).
#pragma once
#include <lua.hpp>

namespace arbiter {

// What a match's steps are charged to. `charge` is called with the number of ticks spent
// (one tick is kPatternTick steps, about as long as that many Lua instructions) and stops
// the match by raising a Lua error (lua_error); if it returns, the match goes on.
struct PatternBudget {
  void (*charge)(lua_State* L, long long ticks);
};

constexpr long long kPatternTick = 1000;

// Sets find, match, gmatch and gsub in the table at `index` (the string library's own
// table, which is also what strings' metatable indexes) to ours, charging `budget`
// (nullptr: nothing is charged). The budget must outlive the Lua state.
void set_pattern_functions(lua_State* L, int index, const PatternBudget* budget);

}  // namespace arbiter
