// A seat's view as a plain Lua table, for a ruleset's own bots:
// {seat, active, round, over, seats = {{name, status, vars = {...}}, ...},
//  globals = {...}, zones = {[name] = {count = N, items = {top first; "?" unseen}}}}
#include "binding/context.hpp"

namespace arbiter {

namespace {

void set_pairs(lua_State* L, const std::vector<std::pair<std::string, std::string>>& pairs) {
  lua_createtable(L, 0, static_cast<int>(pairs.size()));
  for (const auto& [k, v] : pairs) {
    Value value = parse_value(v);
    if (value.is_int()) lua_pushinteger(L, value.as_int());
    else if (value.is_bool()) lua_pushboolean(L, value.as_bool());
    else if (value.is_nil()) lua_pushnil(L);
    else lua_pushstring(L, v.c_str());
    lua_setfield(L, -2, k.c_str());
  }
}

}  // namespace

void push_view(lua_State* L, const View& v) {
  lua_createtable(L, 0, 8);
  lua_pushinteger(L, v.seat + 1);
  lua_setfield(L, -2, "seat");
  if (v.active >= 0) lua_pushinteger(L, v.active + 1), lua_setfield(L, -2, "active");
  lua_pushinteger(L, v.round);
  lua_setfield(L, -2, "round");
  lua_pushboolean(L, v.over);
  lua_setfield(L, -2, "over");
  lua_createtable(L, static_cast<int>(v.seats.size()), 0);
  for (std::size_t i = 0; i < v.seats.size(); ++i) {
    lua_createtable(L, 0, 3);
    lua_pushstring(L, v.seats[i].name.c_str());
    lua_setfield(L, -2, "name");
    lua_pushstring(L, v.seats[i].status.c_str());
    lua_setfield(L, -2, "status");
    set_pairs(L, v.seats[i].vars);
    lua_setfield(L, -2, "vars");
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  lua_setfield(L, -2, "seats");
  set_pairs(L, v.globals);
  lua_setfield(L, -2, "globals");
  lua_createtable(L, 0, static_cast<int>(v.zones.size()));
  for (const auto& z : v.zones) {
    lua_createtable(L, 0, 2);
    lua_pushinteger(L, z.count);
    lua_setfield(L, -2, "count");
    lua_createtable(L, static_cast<int>(z.items.size()), 0);
    for (std::size_t k = 0; k < z.items.size(); ++k) {
      lua_pushstring(L, z.items[k].c_str());
      lua_rawseti(L, -2, static_cast<lua_Integer>(k + 1));
    }
    lua_setfield(L, -2, "items");
    lua_setfield(L, -2, z.name.c_str());
  }
  lua_setfield(L, -2, "zones");
}

}  // namespace arbiter
