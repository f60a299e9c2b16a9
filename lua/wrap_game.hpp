// What the files of the `game` object (wrap_*.cpp) share: argument checks that throw (with
// luaL_check*'s messages; guarded<> raises the Lua error once C++ objects are gone), the
// state a hook may read or change, and pushing values. Seats, zones and components are
// 1-based numbers in Lua. The checks run on every call a ruleset makes, so the common path
// of each is inline here; what only a slip in the rules reaches is in wrap_game.cpp.
#pragma once
#include <string>
#include <string_view>
#include <vector>

#include "lua/context.hpp"
#include "runtime/limits.hpp"
#include "runtime/props.hpp"

namespace arbiter::game_api {

// The methods of `game`, one table a concept, each ended by {nullptr, nullptr}.
extern const luaL_Reg kSeatMethods[];   // wrap_seats.cpp: seats, turns, the end, variables
extern const luaL_Reg kZoneMethods[];   // wrap_zones.cpp: zones and components
extern const luaL_Reg kLogMethods[];    // wrap_chance_log.cpp: narration, randomness, chance
extern const luaL_Reg kBoardMethods[];  // wrap_board.cpp: the board
// game:random(n) and math.random(n): 1..n from the game's own generator.
int random_number(lua_State* L);

// Whether the value at `index` is the `game` object (game:f(...) rather than f(...)).
bool is_game(lua_State* L, int index);
[[noreturn]] void bad_argument(lua_State* L, int arg, const char* expected);

inline lua_Integer arg_integer(lua_State* L, int arg) {
  int is_integer = 0;
  lua_Integer n = lua_tointegerx(L, arg, &is_integer);
  if (!is_integer) bad_argument(L, arg, lua_type(L, arg) == LUA_TNUMBER ? "an integer" : "number");
  return n;
}
// A text argument (a number is taken as its text), without copying it.
inline std::string_view arg_text(lua_State* L, int arg) {
  if (lua_type(L, arg) != LUA_TSTRING && lua_type(L, arg) != LUA_TNUMBER) bad_argument(L, arg, "string");
  std::size_t length = 0;
  const char* text = lua_tolstring(L, arg, &length);
  return {text, length};
}
inline void arg_table(lua_State* L, int arg) {
  if (lua_type(L, arg) != LUA_TTABLE) bad_argument(L, arg, "table");
}

[[noreturn]] void not_in_hook();
[[noreturn]] void read_only(lua_State* L);
inline const State& reading(lua_State* L) {
  const LuaContext& ctx = context(L);
  if (!ctx.reading) not_in_hook();
  return *ctx.reading;
}
inline State& writing(lua_State* L) {
  LuaContext& ctx = context(L);
  if (!ctx.writing) read_only(L);
  return *ctx.writing;
}

[[noreturn]] void no_such(const char* what, lua_Integer n, int count);
inline int check_seat(lua_State* L, int arg) {
  const State& s = reading(L);
  lua_Integer seat = arg_integer(L, arg);
  if (seat < 1 || seat > s.seat_count()) no_such("seat", seat, s.seat_count());
  return static_cast<int>(seat) - 1;
}
inline int check_component(lua_State* L, int arg) {
  const State& s = reading(L);
  lua_Integer c = arg_integer(L, arg);
  if (c < 1 || c > s.table->component_count()) no_such("component", c, -1);
  return static_cast<int>(c) - 1;
}

// The name caches (NameCache): what the string at `arg` was found to be, or -1.
inline std::intptr_t cached(lua_State* L, const NameCache& cache, int arg) {
  return lua_type(L, arg) == LUA_TSTRING ? cache.find(lua_tostring(L, arg)) : -1;
}
// Caches what the string at `arg` was found to be (a short string only: see NameCache).
void remember(lua_State* L, NameCache& cache, int arg, std::intptr_t value);
// Empties the caches of one table's names when the state read is of another table.
inline void cache_table(LuaContext& ctx, const Table& t) {
  if (ctx.names_table == t.serial) return;
  ctx.zone_names.clear();
  ctx.param_values.clear();
  ctx.names_table = t.serial;
}

// A zone argument: a zone id from game:zone(), or a shared zone's name.
int zone_by_name(lua_State* L, int arg);  // the name not cached yet
inline int check_zone(lua_State* L, int arg) {
  const State& s = reading(L);
  if (lua_type(L, arg) == LUA_TSTRING) {
    LuaContext& ctx = context(L);
    cache_table(ctx, *s.table);
    if (auto z = cached(L, ctx.zone_names, arg); z >= 0) return static_cast<int>(z);
    return zone_by_name(L, arg);
  }
  lua_Integer z = arg_integer(L, arg);
  if (z < 1 || z > static_cast<lua_Integer>(s.table->zones.size())) no_such("zone", z, -1);
  return static_cast<int>(z) - 1;
}

// A variable's number, from its name.
int var_by_name(lua_State* L, int arg);  // the name not cached yet
inline int check_var(lua_State* L, int arg) {
  reading(L);
  if (auto v = cached(L, context(L).var_names, arg); v >= 0) return static_cast<int>(v);
  return var_by_name(L, arg);
}

// A property name, with its number in the context's PropTable (made on first use).
inline PropKey prop_key(lua_State* L, int arg) {
  LuaContext& ctx = context(L);
  if (ctx.props.of_kind.empty() && !ctx.ruleset->kinds.empty()) ctx.props = make_prop_table(*ctx.ruleset);
  std::string_view name = arg_text(L, arg);
  if (auto id = cached(L, ctx.prop_names, arg); id >= 0) return {name, static_cast<int>(id), &ctx.props};
  PropKey key = find_prop(ctx.props, name);
  if (key.id >= 0) remember(L, ctx.prop_names, arg, key.id);
  return key;
}

inline void push_value(lua_State* L, const Value& v) {
  if (v.is_nil()) lua_pushnil(L);
  else if (v.is_bool()) lua_pushboolean(L, v.as_bool());
  else if (v.is_int()) lua_pushinteger(L, v.as_int());
  else lua_pushlstring(L, v.as_string().data(), v.as_string().size());
}
// A Lua value as a variable holds it: nil, a boolean, a whole number or a text of at most
// kMaxVarText bytes.
[[noreturn]] void not_a_value(lua_State* L, int arg);
inline Value to_value(lua_State* L, int arg) {
  switch (lua_type(L, arg)) {
    case LUA_TNIL: case LUA_TNONE: return Value{};
    case LUA_TBOOLEAN: return Value{static_cast<bool>(lua_toboolean(L, arg))};
    case LUA_TNUMBER:
      if (!lua_isinteger(L, arg)) not_a_value(L, arg);
      return Value{static_cast<std::int64_t>(lua_tointeger(L, arg))};
    case LUA_TSTRING: {
      std::size_t length = 0;
      const char* text = lua_tolstring(L, arg, &length);
      if (length > kMaxVarText) not_a_value(L, arg);
      return Value{std::string(text, length)};
    }
    default: not_a_value(L, arg);
  }
}

// A seat, zone or component index as Lua's 1-based number; nil for -1 (none).
inline int push_index(lua_State* L, int i) {
  if (i < 0) lua_pushnil(L);
  else lua_pushinteger(L, i + 1);
  return 1;
}
inline void push_ids(lua_State* L, const std::vector<int>& ids) {
  lua_createtable(L, static_cast<int>(ids.size()), 0);
  for (std::size_t i = 0; i < ids.size(); ++i) {
    lua_pushinteger(L, ids[i] + 1);
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
}

}  // namespace arbiter::game_api
