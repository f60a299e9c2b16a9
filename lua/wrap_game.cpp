// The `game` object every hook receives: its methods, gathered from the files of each
// concept (wrap_seats, wrap_zones, wrap_board, wrap_chance_log), and the argument checks
// they share that only a slip in the rules reaches (the common paths are in wrap_game.hpp).
#include "lua/wrap_game.hpp"

#include "runtime/diagnostics.hpp"
#include "runtime/limits.hpp"

namespace arbiter {

namespace game_api {

bool is_game(lua_State* L, int index) {
  if (lua_type(L, index) != LUA_TTABLE) return false;
  lua_rawgeti(L, LUA_REGISTRYINDEX, context(L).game_ref);
  bool same = lua_rawequal(L, index, -1);
  lua_pop(L, 1);
  return same;
}

void bad_argument(lua_State* L, int arg, const char* expected) {
  int shown = is_game(L, 1) ? arg - 1 : arg;  // game:f(x): x is #1
  throw RuleError("bad argument #" + std::to_string(shown) + " (" + expected + " expected, got " +
                  luaL_typename(L, arg) + ")");
}

void not_in_hook() { throw RuleError("the game can only be used inside a hook"); }
void read_only(lua_State* L) {
  throw RuleError(std::string("the game cannot be changed in ") + context(L).hook + "()");
}

void no_such(const char* what, lua_Integer n, int count) {
  throw RuleError(std::string(what) + " " + std::to_string(n) + " does not exist" +
                  (count < 0 ? "" : " (1.." + std::to_string(count) + ")"));
}

// Only a short string is cached: a long one (over 40 bytes, LUAI_MAXSHORTLEN) is a new object
// each time, and the registry, which compares long keys by content, would anchor only the
// first of equal ones, leaving this one's address free for another string once collected.
constexpr std::size_t kInternedMax = 40;
void remember(lua_State* L, NameCache& cache, int arg, std::intptr_t value) {
  if (lua_type(L, arg) != LUA_TSTRING || lua_rawlen(L, arg) > kInternedMax) return;
  lua_rawgeti(L, LUA_REGISTRYINDEX, context(L).anchors);
  lua_pushvalue(L, arg);
  lua_pushboolean(L, 1);
  lua_rawset(L, -3);
  lua_pop(L, 1);
  cache.put(lua_tostring(L, arg), value);
}

int zone_by_name(lua_State* L, int arg) {
  const State& s = reading(L);
  std::size_t length = 0;
  const char* text = lua_tolstring(L, arg, &length);
  int z = s.table->zone_by_name(std::string_view(text, length));
  if (z < 0) {
    std::string name(text, length);
    throw RuleError("unknown zone " + quote(name) + did_you_mean(name, s.table->zone_names()));
  }
  remember(L, context(L).zone_names, arg, z);
  return z;
}

int var_by_name(lua_State* L, int arg) {
  const Ruleset& r = *reading(L).table->ruleset;
  std::string_view view = arg_text(L, arg);
  int v = r.var_index(view);
  if (v < 0) {
    std::string name(view);
    throw RuleError("unknown variable " + quote(name) + did_you_mean(name, r.var_names()) +
                    " (declare it under vars: in game.yaml)");
  }
  remember(L, context(L).var_names, arg, v);
  return v;
}

void not_a_value(lua_State* L, int arg) {
  if (lua_type(L, arg) == LUA_TNUMBER)
    throw RuleError("variables hold whole numbers, not " + std::to_string(lua_tonumber(L, arg)));
  if (lua_type(L, arg) == LUA_TSTRING)
    throw RuleError("a text of " + std::to_string(lua_rawlen(L, arg)) +
                    " bytes is longer than a variable holds (" + std::to_string(kMaxVarText) + ")");
  throw RuleError(std::string("variables hold plain values, not a ") + luaL_typename(L, arg));
}

}  // namespace game_api

namespace {

// What the `game` object raises when a ruleset writes to it.
int refuse_write(lua_State* L) { return luaL_error(L, "the game object cannot be changed"); }

int count_of(const luaL_Reg* methods) {
  int n = 0;
  while (methods[n].name) ++n;
  return n;
}

}  // namespace

void register_game(lua_State* L) {
  using namespace game_api;
  // A plain table of the C functions, so that game:count(z) is one table read; the
  // metatable refuses new fields and cannot be replaced.
  const luaL_Reg* concepts[] = {kSeatMethods, kZoneMethods, kLogMethods, kBoardMethods};
  int methods = 0;
  for (const luaL_Reg* m : concepts) methods += count_of(m);
  luaL_checkversion(L);
  lua_createtable(L, 0, methods);
  for (const luaL_Reg* m : concepts) luaL_setfuncs(L, m, 0);
  lua_createtable(L, 0, 3);
  lua_pushcfunction(L, refuse_write);
  lua_setfield(L, -2, "__newindex");
  lua_pushliteral(L, "game");
  lua_setfield(L, -2, "__name");
  lua_pushliteral(L, "locked");
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
  LuaContext& ctx = context(L);
  ctx.game_ref = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_newtable(L);
  ctx.anchors = luaL_ref(L, LUA_REGISTRYINDEX);
  lua_getglobal(L, "string");
  lua_getfield(L, -1, "format");
  lua_setfield(L, LUA_REGISTRYINDEX, "arbiter.format");
  lua_pop(L, 1);
  lua_getglobal(L, "math");
  lua_pushcfunction(L, guarded<game_api::random_number>);
  lua_setfield(L, -2, "random");
  lua_pop(L, 1);
}

void push_game(lua_State* L) { lua_rawgeti(L, LUA_REGISTRYINDEX, context(L).game_ref); }

}  // namespace arbiter
