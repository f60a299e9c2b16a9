// The `game` object's zones and components: where they are, their properties, moving,
// matching and sorting them (runtime/props.hpp), their faces, and what is revealed or
// shown (runtime/reveal.hpp).
#include <bit>
#include <cstring>

#include "lua/wrap_game.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/marks.hpp"
#include "runtime/reveal.hpp"

namespace arbiter::game_api {

namespace {

int g_zone(lua_State* L) {
  const State& s = reading(L);
  const Ruleset& r = *s.table->ruleset;
  LuaContext& ctx = context(L);
  auto cached_def = cached(L, ctx.zone_defs, 2);
  const ZoneDef* def = cached_def >= 0 ? &r.zones[static_cast<std::size_t>(cached_def)] : nullptr;
  if (!def) {
    std::string_view view = arg_text(L, 2);
    def = r.zone(view);
    if (!def) {
      std::string name(view);
      throw RuleError("unknown zone " + quote(name) + did_you_mean(name, r.zone_names()));
    }
    remember(L, ctx.zone_defs, 2, static_cast<int>(def - r.zones.data()));
  }
  int seat = -1;
  if (def->per_seat) {
    if (lua_isnoneornil(L, 3))
      throw RuleError("zone " + quote(def->name) + " belongs to a seat: game:zone(" + quote(def->name) +
                      ", seat)");
    seat = check_seat(L, 3);
  }
  lua_pushinteger(L, s.table->zone_id(static_cast<int>(def - r.zones.data()), seat) + 1);
  return 1;
}
int g_zone_name(lua_State* L) {
  int z = check_zone(L, 2);
  lua_pushstring(L, reading(L).table->zones[z].name.c_str());
  return 1;
}
int g_owner(lua_State* L) {
  int z = check_zone(L, 2);
  return push_index(L, reading(L).table->zones[z].owner);
}
int g_count(lua_State* L) { int z = check_zone(L, 2); lua_pushinteger(L, reading(L).count(z)); return 1; }
int g_cards(lua_State* L) { int z = check_zone(L, 2); push_ids(L, reading(L).contents(z)); return 1; }
int g_top(lua_State* L) { int z = check_zone(L, 2); return push_index(L, reading(L).top(z)); }
int g_bottom(lua_State* L) { int z = check_zone(L, 2); return push_index(L, reading(L).bottom(z)); }
int g_name(lua_State* L) {
  int c = check_component(L, 2);
  lua_pushstring(L, reading(L).name(c).c_str());
  return 1;
}
int g_prop(lua_State* L) {
  int c = check_component(L, 2);
  PropKey key = prop_key(L, 3);
  const Value* v = prop_of(reading(L), c, key);
  if (!v) check_known_prop(reading(L), key);
  if (!v) lua_pushnil(L);
  else push_value(L, *v);
  return 1;
}
int g_where(lua_State* L) {
  int c = check_component(L, 2);
  lua_pushinteger(L, reading(L).zone_of(c) + 1);
  return 1;
}
int g_sum(lua_State* L) {
  int z = check_zone(L, 2);
  PropKey key = prop_key(L, 3);
  lua_pushinteger(L, sum_prop(reading(L), z, key));
  return 1;
}
// Whether argument `arg` asks for the bottom of a zone: "bottom", or "top" or nothing for its
// top; anything else is a slip in the rules ("Bottom"), not a quiet move to the top.
bool to_bottom(lua_State* L, int arg) {
  if (lua_isnoneornil(L, arg)) return false;
  if (lua_type(L, arg) == LUA_TSTRING) {
    const char* where = lua_tostring(L, arg);
    if (std::strcmp(where, "bottom") == 0) return true;
    if (std::strcmp(where, "top") == 0) return false;
  }
  throw RuleError("a component goes on 'top' (the default) or to the 'bottom' of a zone, not " +
                  (lua_type(L, arg) == LUA_TSTRING ? quote(lua_tostring(L, arg))
                                                   : "a " + std::string(luaL_typename(L, arg))));
}
int g_move(lua_State* L) {
  int c = check_component(L, 2);
  int z = check_zone(L, 3);
  writing(L).move(c, z, to_bottom(L, 4));
  return 0;
}
// A component changes kind (a pawn promoted): its name and properties are the new kind's.
int g_become(lua_State* L) {
  int c = check_component(L, 2);
  State& s = writing(L);
  std::string name(arg_text(L, 3));  // no Lua error may be raised while it lives: only exceptions
  int k = s.table->kind_by_name(name);
  if (k < 0) {
    std::vector<std::string> kinds;
    for (const auto& kind : s.table->ruleset->kinds) kinds.push_back(kind.name);
    throw RuleError("unknown kind " + quote(name) + did_you_mean(name, kinds) +
                    " (kinds are listed under components: in game.yaml)");
  }
  s.become(c, k);
  return 0;
}
int g_draw(lua_State* L) {
  int from = check_zone(L, 2);
  int to = check_zone(L, 3);
  State& s = writing(L);
  int c = s.top(from);
  if (c < 0) { lua_pushnil(L); return 1; }
  s.move(c, to, to_bottom(L, 4), from);
  lua_pushinteger(L, c + 1);
  return 1;
}
int g_move_all(lua_State* L) {
  int from = check_zone(L, 2);
  int to = check_zone(L, 3);
  State& s = writing(L);
  int n = s.count(from);
  for (int c : s.contents(from)) s.move(c, to, false, from);
  lua_pushinteger(L, n);
  return 1;
}
int g_matching(lua_State* L) {
  int z = check_zone(L, 2);
  push_ids(L, matching(reading(L), z, prop_key(L, 3), to_value(L, 4)));
  return 1;
}
int g_count_matching(lua_State* L) {
  int z = check_zone(L, 2);
  PropKey key = prop_key(L, 3);
  Value value = to_value(L, 4);
  lua_pushinteger(L, count_matching(reading(L), z, key, value));
  return 1;
}
// game:move_matching(from, to, key, value), whose moved components both wrappers answer with.
const std::vector<int>& move_matching(lua_State* L) {
  int from = check_zone(L, 2);
  int to = check_zone(L, 3);
  State& s = writing(L);
  return move_matching(s, from, to, prop_key(L, 4), to_value(L, 5));
}
int g_move_matching(lua_State* L) {
  push_ids(L, move_matching(L));
  return 1;
}
int g_move_matching_count(lua_State* L) {
  lua_pushinteger(L, static_cast<lua_Integer>(move_matching(L).size()));
  return 1;
}
// game:sort(zone, key [, "ascending" | "descending"]).
int g_sort(lua_State* L) {
  int z = check_zone(L, 2);
  PropKey key = prop_key(L, 3);
  bool descending = false;
  if (!lua_isnoneornil(L, 4)) {
    std::string_view order = arg_text(L, 4);
    if (order != "ascending" && order != "descending")
      throw RuleError("game:sort orders 'ascending' or 'descending', not " + quote(std::string(order)));
    descending = order == "descending";
  }
  sort_zone(writing(L), z, key, descending);
  return 0;
}
int g_shuffle(lua_State* L) { int z = check_zone(L, 2); writing(L).shuffle(z); return 0; }
int g_face(lua_State* L) {
  int c = check_component(L, 2);
  std::string f(arg_text(L, 3));
  if (f != "up" && f != "down" && f != "default")
    throw RuleError("face is 'up', 'down' or 'default', not " + quote(f));
  writing(L).face[c] = f == "up" ? Face::Up : f == "down" ? Face::Down : Face::Default;
  return 0;
}
// game:reveal(zone [, seat]): to the seat, or to everyone.
int g_reveal(lua_State* L) {
  int z = check_zone(L, 2);
  std::uint32_t to = lua_isnoneornil(L, 3) ? kEveryone : (1u << check_seat(L, 3));
  reveal_zone(writing(L), z, to);
  return 0;
}
// game:show(c [, seat [, say]]): the line saying so is left out when `say` is false.
int g_show(lua_State* L) {
  int c = check_component(L, 2);
  int seat = lua_isnoneornil(L, 3) ? -1 : check_seat(L, 3);
  bool say = lua_isnoneornil(L, 4) || lua_toboolean(L, 4);
  show_component(writing(L), c, seat, say);
  return 0;
}
// game:clue's options (its fifth argument): whom it tells, the mark's label, and whether the
// runtime says so.
struct ClueOptions {
  std::uint32_t to = kEveryone;
  std::string label;
  bool say = true;
};
ClueOptions clue_options(lua_State* L, int arg, const Value& value) {
  ClueOptions o;
  o.label = value.is_nil() ? "none" : to_text(value);
  if (lua_isnoneornil(L, arg)) return o;
  arg_table(L, arg);
  lua_pushnil(L);
  while (lua_next(L, arg)) {
    lua_pop(L, 1);
    std::string key = lua_type(L, -1) == LUA_TSTRING ? lua_tostring(L, -1) : luaL_typename(L, -1);
    if (key != "to" && key != "label" && key != "say")
      throw RuleError("game:clue: no option " + quote(key.substr(0, 40)) + " (the options are to, label and say)");
  }
  if (lua_getfield(L, arg, "to") != LUA_TNIL) o.to = 1u << check_seat(L, -1);
  if (lua_getfield(L, arg, "label") != LUA_TNIL) o.label = std::string(arg_text(L, -1));
  if (lua_getfield(L, arg, "say") != LUA_TNIL) o.say = lua_toboolean(L, -1);
  lua_pop(L, 3);
  if (o.label.empty() || o.label.size() > kMaxActionText)
    throw RuleError("game:clue: a label is a text of 1 to " + std::to_string(kMaxActionText) + " bytes");
  return o;
}
// The kinds whose `key` is `value`; `name` stands for the kind's name where no kind has a
// property of that name.
std::vector<std::uint16_t> kinds_with(const State& s, const PropKey& key, const Value& value) {
  const auto& kinds = s.table->ruleset->kinds;
  bool by_name = key.id < 0 && key.name == "name";
  if (!by_name) check_known_prop(s, key);
  std::vector<std::uint16_t> out;
  for (std::size_t k = 0; k < kinds.size(); ++k) {
    const Value* v = by_name ? nullptr : key.props->of_kind[k][key.id];
    bool is = by_name ? value.is_string() && kinds[k].name == value.as_string()
              : v     ? *v == value
                      : value.is_nil();
    if (is) out.push_back(static_cast<std::uint16_t>(k));
  }
  return out;
}
// game:clue(zone, key, value [, {to = seat, label = text, say = false}]): marks.hpp's clue_zone.
int g_clue(lua_State* L) {
  int z = check_zone(L, 2);
  PropKey key = prop_key(L, 3);
  Value value = to_value(L, 4);
  ClueOptions o = clue_options(L, 5, value);
  std::vector<std::uint16_t> kinds = kinds_with(reading(L), key, value);
  State& s = writing(L);
  std::vector<int> matched = clue_zone(s, z, o.to, o.label, kinds);
  if (o.say && s.logging) {
    std::string whom = o.to == kEveryone ? "everyone" : s.table->seats[std::countr_zero(o.to)].name;
    s.record({Event::Kind::Say, -1,
              "(" + whom + " learns which of " + s.table->zones[z].name + " are " + o.label + ": " +
                  std::to_string(matched.size()) + " of " + std::to_string(s.count(z)) + ")",
              o.to});
  }
  push_ids(L, matched);
  return 1;
}
int g_conceal(lua_State* L) { int z = check_zone(L, 2); conceal_zone(writing(L), z); return 0; }

}  // namespace

const luaL_Reg kZoneMethods[] = {{"zone", guarded<g_zone>},
                                 {"zone_name", guarded<g_zone_name>},
                                 {"owner", guarded<g_owner>},
                                 {"count", guarded<g_count>},
                                 {"cards", guarded<g_cards>},
                                 {"top", guarded<g_top>},
                                 {"bottom", guarded<g_bottom>},
                                 {"name", guarded<g_name>},
                                 {"prop", guarded<g_prop>},
                                 {"where", guarded<g_where>},
                                 {"sum", guarded<g_sum>},
                                 {"move", guarded<g_move>},
                                 {"become", guarded<g_become>},
                                 {"draw", guarded<g_draw>},
                                 {"move_all", guarded<g_move_all>},
                                 {"matching", guarded<g_matching>},
                                 {"move_matching", guarded<g_move_matching>},
                                 {"count_matching", guarded<g_count_matching>},
                                 {"move_matching_count", guarded<g_move_matching_count>},
                                 {"sort", guarded<g_sort>},
                                 {"shuffle", guarded<g_shuffle>},
                                 {"face", guarded<g_face>},
                                 {"reveal", guarded<g_reveal>},
                                 {"conceal", guarded<g_conceal>},
                                 {"show", guarded<g_show>},
                                 {"clue", guarded<g_clue>},
                                 {nullptr, nullptr}};

}  // namespace arbiter::game_api
