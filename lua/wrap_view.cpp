// A seat's view as a plain Lua table, for a ruleset's own bots:
// {seat, active, round, over, seats = {{name, status, vars = {...}}, ...},
//  globals = {...}, zones = {[name] = {count = N, items = {top first; "?" unseen}}}}
#include "lua/context.hpp"

namespace arbiter {

namespace {

// The variables a view lists (`listed`: their names, in the order of `values`) as a table of
// name = value. Values keep the type the rules gave them, whatever text the table shows for
// them; a `type: seat` variable holding a seat gives that seat's name.
void set_vars(lua_State* L, const std::vector<std::pair<std::string, std::string>>& listed,
              const std::vector<Value>& values, const std::vector<SeatView>& seats) {
  const Ruleset& ruleset = *context(L).ruleset;
  lua_createtable(L, 0, static_cast<int>(listed.size()));
  for (std::size_t i = 0; i < listed.size() && i < values.size(); ++i) {
    const std::string& name = listed[i].first;
    const Value& value = values[i];
    int def = ruleset.var_index(name);
    bool seat = def >= 0 && ruleset.vars[def].holds_seat && value.is_int() && value.as_int() >= 1 &&
                static_cast<std::uint64_t>(value.as_int()) <= seats.size();
    if (seat) lua_pushstring(L, seats[value.as_int() - 1].name.c_str());
    else if (value.is_string()) lua_pushlstring(L, value.as_string().data(), value.as_string().size());
    else if (value.is_int()) lua_pushinteger(L, value.as_int());
    else if (value.is_bool()) lua_pushboolean(L, value.as_bool());
    else lua_pushnil(L);
    lua_setfield(L, -2, name.c_str());
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
    set_vars(L, v.seats[i].vars, v.seats[i].values, v.seats);
    lua_setfield(L, -2, "vars");
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
  lua_setfield(L, -2, "seats");
  set_vars(L, v.globals, v.global_values, v.seats);
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
