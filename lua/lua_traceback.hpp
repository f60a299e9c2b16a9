// The message handler of every protected call into a ruleset's Lua.
#pragma once

struct lua_State;

namespace arbiter {

// Keeps the error message and the ruleset's own frames of the traceback (lines naming a
// .lua file). For lua_pcall's message handler; the state must be a sandbox's (context.hpp).
int traceback_handler(lua_State* L);

}  // namespace arbiter
