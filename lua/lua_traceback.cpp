// The message handler of protected calls into a ruleset (lua_traceback.hpp).
#include "lua/lua_traceback.hpp"

#include <string>

#include "lua/context.hpp"

namespace arbiter {

// Keeps the error message and the ruleset's own frames of the traceback. The Lua calls
// that may raise (a __tostring) come before any C++ object.
int traceback_handler(lua_State* L) {
  const char* msg = lua_tostring(L, 1);
  if (!msg) msg = luaL_tolstring(L, 1, nullptr);
  ++context(L).in_binding;  // the allocations below do not fail: no longjmp past the strings
  luaL_traceback(L, L, msg, 1);
  std::string full = lua_tostring(L, -1);
  std::string out;
  std::size_t start = 0;
  bool first = true;
  while (start <= full.size()) {
    std::size_t end = full.find('\n', start);
    std::string line = full.substr(start, end == std::string::npos ? std::string::npos : end - start);
    if (first || (line.find(".lua:") != std::string::npos)) out += (first ? "" : "\n") + line;
    first = false;
    if (end == std::string::npos) break;
    start = end + 1;
  }
  lua_pushstring(L, out.c_str());
  --context(L).in_binding;
  return 1;
}

}  // namespace arbiter
