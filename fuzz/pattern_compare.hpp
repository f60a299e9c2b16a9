// Runs string.find (with and without plain), match, gmatch and gsub (with a text, a table
// and a function as the replacement) both as Lua's string library and as ours
// (lua/lua_pattern.hpp) in one plain Lua state, and says where they differ: in the
// results, or in whether and with what message they fail. Shared by the pattern fuzz
// target and tests/lua/lua_pattern_test.cpp.
#pragma once
#include <lua.hpp>

#include <optional>
#include <stdexcept>
#include <string>

#include "lua/lua_pattern.hpp"

namespace arbiter::fuzz {

struct PatternCase {
  std::string subject, pattern, replacement;
  std::optional<lua_Integer> init;  // string.find/match/gmatch's third argument
  std::optional<lua_Integer> n;     // string.gsub's fourth
};

// Both sides are called from the same Lua line with the same name (`f`), so an argument
// error reads the same. A call of ours that takes more than kMaxTicks ticks is given up
// (and the library's is not run): it would take the library as long.
inline const char* const kPatternDuel = R"lua(
local ours, give_budget, s, p, r, init, n = ...
local function pack(...) return { n = select("#", ...), ... } end
local function show(t)
  local out = {}
  for i = 1, t.n do
    local v = t[i]
    out[i] = type(v) == "string" and string.format("%q", v) or (math.type(v) or type(v)) .. " " .. tostring(v)
  end
  return table.concat(out, ", ")
end
local function call(f, ...) local results = pack(f(...)) return results end
local function gmatch_all(f, ...)
  local it, out = f(...), {}
  for _ = 1, 100000 do
    local results = pack(it())
    out[#out + 1] = "(" .. show(results) .. ")"
    if results[1] == nil then break end
  end
  return { n = 1, table.concat(out, " ") }
end
local function replacer(...) local args = pack(...)
  if args[1] == "" then return nil elseif args[1] == "!" then return {} elseif args[1] == "?" then return false end
  return show(args)
end
local tables = setmetatable({ a = "A", [1] = "one", ["%"] = 7 }, { __index = function(_, k)
  if k == "!" then return {} elseif type(k) == "number" then return k * 2 end
  return #k % 2 == 0 and k:upper() or nil end })
local function run(lib, what, ...)
  local f, g = lib[what], what == "gmatch" and gmatch_all or call
  local ok, results = pcall(g, f, ...)
  if not ok then return "error " .. tostring(results) end
  return show(results)
end
local runs = {
  { "find", s, p, init }, { "find", s, p, init or 1, true }, { "match", s, p, init }, { "gmatch", s, p, init },
  { "gsub", s, p, r, n }, { "gsub", s, p, tables, n }, { "gsub", s, p, replacer, n },
}
for _, args in ipairs(runs) do
  give_budget()
  local mine = run(ours, table.unpack(args, 1, 5))
  if not mine:find("over the fuzz budget", 1, true) then
    local theirs = run(string, table.unpack(args, 1, 5))
    if mine ~= theirs then
      return string.format("%s(%s):\n  library: %s\n  ours:    %s", args[1], show(pack(table.unpack(args, 2, 5))), theirs, mine)
    end
  end
end
return nil
)lua";

constexpr long long kMaxTicks = 200;  // 200,000 steps: longer inputs would slow the fuzzer ten times
inline long long g_ticks_left = 0;

inline void charge_duel(lua_State* L, long long ticks) {
  if ((g_ticks_left -= ticks) >= 0) return;
  lua_pushliteral(L, "over the fuzz budget");
  lua_error(L);
}
inline const PatternBudget kDuelBudget{charge_duel};

inline int give_budget(lua_State*) {
  g_ticks_left = kMaxTicks;
  return 0;
}

// A plain Lua state (every standard library) holding the duel's chunk and our functions.
class PatternDuel {
 public:
  PatternDuel() {
    L_ = luaL_newstate();
    luaL_openlibs(L_);
    if (luaL_loadstring(L_, kPatternDuel) != LUA_OK) throw std::runtime_error(lua_tostring(L_, -1));
    chunk_ = luaL_ref(L_, LUA_REGISTRYINDEX);
    lua_newtable(L_);
    set_pattern_functions(L_, -1, &kDuelBudget);
    ours_ = luaL_ref(L_, LUA_REGISTRYINDEX);
  }
  ~PatternDuel() { lua_close(L_); }
  PatternDuel(const PatternDuel&) = delete;
  PatternDuel& operator=(const PatternDuel&) = delete;

  // "" when every call agrees; else the first that does not, with both answers.
  std::string differences(const PatternCase& c) {
    lua_settop(L_, 0);
    lua_rawgeti(L_, LUA_REGISTRYINDEX, chunk_);
    lua_rawgeti(L_, LUA_REGISTRYINDEX, ours_);
    lua_pushcfunction(L_, give_budget);
    for (const std::string* text : {&c.subject, &c.pattern, &c.replacement})
      lua_pushlstring(L_, text->data(), text->size());
    for (const auto& number : {c.init, c.n}) number ? lua_pushinteger(L_, *number) : lua_pushnil(L_);
    if (lua_pcall(L_, 7, 1, 0) != LUA_OK) return std::string("the duel failed: ") + lua_tostring(L_, -1);
    std::string out = lua_isstring(L_, -1) ? lua_tostring(L_, -1) : "";
    lua_settop(L_, 0);
    lua_gc(L_, LUA_GCCOLLECT);
    return out;
  }

  // Puts the library's function `theirs` in our place as `name`: a test of the duel itself.
  void swap_in(const char* name, const char* theirs) {
    lua_rawgeti(L_, LUA_REGISTRYINDEX, ours_);
    lua_getglobal(L_, "string");
    lua_getfield(L_, -1, theirs);
    lua_setfield(L_, -3, name);
    lua_pop(L_, 2);
  }

 private:
  lua_State* L_ = nullptr;
  int chunk_ = LUA_NOREF;
  int ours_ = LUA_NOREF;
};

}  // namespace arbiter::fuzz
