// The `game` object every hook receives: thin wrappers that check arguments, call the
// state, and push results. Seats, zones and components are 1-based numbers in Lua.
#include <algorithm>
#include <cmath>
#include <cstring>

#include "binding/context.hpp"
#include "interpreter/diagnostics.hpp"
#include "interpreter/limits.hpp"

namespace arbiter {

namespace {

// Limits on what a hook may hand the state (docs/limits.md): the Lua heap's cap does not
// reach memory the runtime holds for a script.
constexpr std::size_t kLineMax = 4096;       // bytes of one narration line
constexpr int kLinesPerCall = 1000;          // narration lines one hook call may add
constexpr std::size_t kLogMax = 64u << 20;   // bytes of narration in one game

// Whether the value at `index` is the `game` object (game:f(...) rather than f(...)).
bool is_game(lua_State* L, int index) {
  if (lua_type(L, index) != LUA_TTABLE) return false;
  lua_rawgeti(L, LUA_REGISTRYINDEX, context(L).game_ref);
  bool same = lua_rawequal(L, index, -1);
  lua_pop(L, 1);
  return same;
}

// Argument checks that throw (guarded<> raises the Lua error once C++ objects are gone),
// with the messages of luaL_check*.
[[noreturn]] void bad_argument(lua_State* L, int arg, const char* expected) {
  int shown = is_game(L, 1) ? arg - 1 : arg;  // game:f(x): x is #1
  throw RuleError("bad argument #" + std::to_string(shown) + " (" + expected + " expected, got " +
                  luaL_typename(L, arg) + ")");
}
lua_Integer arg_integer(lua_State* L, int arg) {
  int is_integer = 0;
  lua_Integer n = lua_tointegerx(L, arg, &is_integer);
  if (!is_integer) bad_argument(L, arg, lua_type(L, arg) == LUA_TNUMBER ? "an integer" : "number");
  return n;
}
std::string_view arg_text(lua_State* L, int arg) {
  if (lua_type(L, arg) != LUA_TSTRING && lua_type(L, arg) != LUA_TNUMBER) bad_argument(L, arg, "string");
  std::size_t length = 0;
  const char* text = lua_tolstring(L, arg, &length);
  return {text, length};
}
void arg_table(lua_State* L, int arg) {
  if (lua_type(L, arg) != LUA_TTABLE) bad_argument(L, arg, "table");
}

const State& reading(lua_State* L) {
  const LuaContext& ctx = context(L);
  if (!ctx.reading) throw RuleError("the game can only be used inside a hook");
  return *ctx.reading;
}

State& writing(lua_State* L) {
  LuaContext& ctx = context(L);
  if (!ctx.writing) throw RuleError(std::string("the game cannot be changed in ") + ctx.hook + "()");
  return *ctx.writing;
}

int check_seat(lua_State* L, int arg) {
  const State& s = reading(L);
  lua_Integer seat = arg_integer(L, arg);
  if (seat < 1 || seat > s.seat_count())
    throw RuleError("seat " + std::to_string(seat) + " does not exist (1.." + std::to_string(s.seat_count()) + ")");
  return static_cast<int>(seat) - 1;
}

int check_component(lua_State* L, int arg) {
  const State& s = reading(L);
  lua_Integer c = arg_integer(L, arg);
  if (c < 1 || c > s.table->component_count())
    throw RuleError("component " + std::to_string(c) + " does not exist");
  return static_cast<int>(c) - 1;
}

// The name caches (NameCache): what the string at `arg` was found to be, or -1.
std::intptr_t cached(lua_State* L, const NameCache& cache, int arg) {
  return lua_type(L, arg) == LUA_TSTRING ? cache.find(lua_tostring(L, arg)) : -1;
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
// Empties the caches of one table's names when the state read is of another table.
void cache_table(LuaContext& ctx, const Table& t) {
  if (ctx.names_table == t.serial) return;
  ctx.zone_names.clear();
  ctx.param_values.clear();
  ctx.names_table = t.serial;
}

// A zone argument: a zone id from game:zone(), or a shared zone's name.
int check_zone(lua_State* L, int arg) {
  const State& s = reading(L);
  if (lua_type(L, arg) == LUA_TSTRING) {
    LuaContext& ctx = context(L);
    cache_table(ctx, *s.table);
    if (auto z = cached(L, ctx.zone_names, arg); z >= 0) return static_cast<int>(z);
    std::size_t length = 0;
    const char* text = lua_tolstring(L, arg, &length);
    int z = s.table->zone_by_name(std::string_view(text, length));
    if (z < 0) {
      std::string name(text, length);
      throw RuleError("unknown zone " + quote(name) + did_you_mean(name, s.table->zone_names()));
    }
    remember(L, ctx.zone_names, arg, z);
    return z;
  }
  lua_Integer z = arg_integer(L, arg);
  if (z < 1 || z > static_cast<lua_Integer>(s.table->zones.size()))
    throw RuleError("zone " + std::to_string(z) + " does not exist");
  return static_cast<int>(z) - 1;
}

// A name argument, without copying it.
std::string_view check_name(lua_State* L, int arg) { return arg_text(L, arg); }

int check_var(lua_State* L, int arg) {
  const State& s = reading(L);
  LuaContext& ctx = context(L);
  if (auto v = cached(L, ctx.var_names, arg); v >= 0) return static_cast<int>(v);
  std::string_view view = check_name(L, arg);
  int v = s.table->ruleset->var_index(view);
  if (v < 0) {
    std::string name(view);
    throw RuleError("unknown variable " + quote(name) + did_you_mean(name, s.table->ruleset->var_names()) +
                    " (declare it under vars: in game.yaml)");
  }
  remember(L, ctx.var_names, arg, v);
  return v;
}

void push_value(lua_State* L, const Value& v) {
  if (v.is_nil()) lua_pushnil(L);
  else if (v.is_bool()) lua_pushboolean(L, v.as_bool());
  else if (v.is_int()) lua_pushinteger(L, v.as_int());
  else lua_pushlstring(L, v.as_string().data(), v.as_string().size());
}

Value to_value(lua_State* L, int arg) {
  switch (lua_type(L, arg)) {
    case LUA_TNIL: case LUA_TNONE: return Value{};
    case LUA_TBOOLEAN: return Value{static_cast<bool>(lua_toboolean(L, arg))};
    case LUA_TNUMBER:
      if (!lua_isinteger(L, arg)) throw RuleError("variables hold whole numbers, not " + std::to_string(lua_tonumber(L, arg)));
      return Value{static_cast<std::int64_t>(lua_tointeger(L, arg))};
    case LUA_TSTRING: {
      std::size_t length = 0;
      const char* text = lua_tolstring(L, arg, &length);
      if (length > kMaxVarText)
        throw RuleError("a text of " + std::to_string(length) + " bytes is longer than a variable holds (" +
                        std::to_string(kMaxVarText) + ")");
      return Value{std::string(text, length)};
    }
    default: throw RuleError(std::string("variables hold plain values, not a ") + luaL_typename(L, arg));
  }
}

// A seat, zone or component index as Lua's 1-based number; nil for -1 (none).
int push_index(lua_State* L, int i) {
  if (i < 0) lua_pushnil(L);
  else lua_pushinteger(L, i + 1);
  return 1;
}

void push_ids(lua_State* L, const std::vector<int>& ids) {
  lua_createtable(L, static_cast<int>(ids.size()), 0);
  for (std::size_t i = 0; i < ids.size(); ++i) {
    lua_pushinteger(L, ids[i] + 1);
    lua_rawseti(L, -2, static_cast<lua_Integer>(i + 1));
  }
}

// --- seats and turns ---
int g_seats(lua_State* L) { lua_pushinteger(L, reading(L).seat_count()); return 1; }
int g_seat_name(lua_State* L) { int s = check_seat(L, 2); lua_pushstring(L, reading(L).table->seats[s].name.c_str()); return 1; }
int g_active(lua_State* L) { return push_index(L, reading(L).active()); }
int g_round(lua_State* L) { lua_pushinteger(L, reading(L).round); return 1; }
int g_turn(lua_State* L) { lua_pushinteger(L, reading(L).turn); return 1; }
int g_order(lua_State* L) {
  const State& s = reading(L);
  push_ids(L, std::vector<int>(s.order.begin(), s.order.end()));
  return 1;
}
int g_in_play(lua_State* L) { int s = check_seat(L, 2); lua_pushboolean(L, reading(L).status[s] == SeatStatus::In); return 1; }
int g_eliminated(lua_State* L) { int s = check_seat(L, 2); lua_pushboolean(L, reading(L).status[s] == SeatStatus::OutForGame); return 1; }
int g_youngest_first(lua_State* L) { push_ids(L, reading(L).table->by_age(true)); return 1; }
int g_oldest_first(lua_State* L) { push_ids(L, reading(L).table->by_age(false)); return 1; }
int g_end_turn(lua_State* L) { writing(L).pending |= kTurnEnd; return 0; }
int g_end_round(lua_State* L) { writing(L).pending |= kRoundEnd; return 0; }
int g_fold(lua_State* L) { int s = check_seat(L, 2); writing(L).status[s] = SeatStatus::OutForRound; return 0; }
int g_eliminate(lua_State* L) { int s = check_seat(L, 2); writing(L).status[s] = SeatStatus::OutForGame; return 0; }
// game:finish{results = {r1, r2, ...}}: a result in [0, 1] per seat. The winners are the
// seats with the best result, unless every seat has the same (a draw: no winner).
std::vector<double> finish_results(lua_State* L, const State& s, std::vector<int>& winners) {
  if (lua_rawlen(L, 2) > 0) throw RuleError("game:finish takes a list of winners or {results = ...}, not both");
  if (lua_type(L, -1) != LUA_TTABLE) throw RuleError("game:finish: results should be a list of one result per seat");
  auto n = static_cast<lua_Integer>(lua_rawlen(L, -1));
  if (n != s.seat_count())
    throw RuleError("game:finish: results gives " + std::to_string(n) + " results for " +
                    std::to_string(s.seat_count()) + " seats: one per seat, each from 0 to 1");
  std::vector<double> results;
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, -1, i);
    int is_number = 0;
    double r = lua_tonumberx(L, -1, &is_number);
    lua_pop(L, 1);
    if (!is_number || !(r >= 0 && r <= 1))
      throw RuleError("game:finish: seat " + std::to_string(i) + "'s result should be a number from 0 to 1");
    results.push_back(r);
  }
  double best = *std::max_element(results.begin(), results.end());
  bool all_same = std::all_of(results.begin(), results.end(), [&](double r) { return r == best; });
  for (int seat = 0; seat < s.seat_count() && !all_same; ++seat)
    if (results[seat] == best) winners.push_back(seat);
  return results;
}

int g_finish(lua_State* L) {
  arg_table(L, 2);
  std::vector<int> winners;
  std::vector<double> results;
  lua_pushliteral(L, "results");
  if (lua_rawget(L, 2) != LUA_TNIL) {
    results = finish_results(L, reading(L), winners);
  } else {
    for (lua_Integer i = 1; i <= static_cast<lua_Integer>(lua_rawlen(L, 2)); ++i) {
      lua_rawgeti(L, 2, i);
      winners.push_back(check_seat(L, -1));
      lua_pop(L, 1);
    }
  }
  State& s = writing(L);
  std::sort(winners.begin(), winners.end());
  s.winners = winners;
  s.results = std::move(results);
  s.over = true;
  return 0;
}

// --- parameters and variables ---
int g_param(lua_State* L) {
  const State& s = reading(L);
  LuaContext& ctx = context(L);
  cache_table(ctx, *s.table);
  if (auto found = cached(L, ctx.param_values, 2); found >= 0) {
    push_value(L, *reinterpret_cast<const Value*>(found));
    return 1;
  }
  std::string name(arg_text(L, 2));
  auto it = s.table->params.find(name);
  if (it == s.table->params.end())
    throw RuleError("unknown parameter " + quote(name) + did_you_mean(name, s.table->ruleset->param_names()));
  remember(L, ctx.param_values, 2, reinterpret_cast<std::intptr_t>(&it->second));
  push_value(L, it->second);
  return 1;
}
int g_get(lua_State* L) {
  int v = check_var(L, 2);
  const State& s = reading(L);
  bool per_seat = s.table->ruleset->vars[v].per_seat;
  if (per_seat && lua_isnoneornil(L, 3)) throw RuleError("variable " + quote(s.table->ruleset->vars[v].name) + " is per seat: give the seat");
  push_value(L, s.var(v, per_seat ? check_seat(L, 3) : 0));
  return 1;
}
// Refuses a text that would take the game's text variables past kMaxVarTextTotal bytes, the
// text in `slot` replaced. Only a text is counted: numbers cost nothing to check.
void check_var_text(const State& s, std::size_t slot, const Value& value) {
  if (!value.is_string()) return;
  std::size_t total = value.as_string().size();
  for (std::size_t i = 0; i < s.vars.size(); ++i)
    if (i != slot && s.vars[i].is_string()) total += s.vars[i].as_string().size();
  if (total > kMaxVarTextTotal)
    throw RuleError("the game's variables would hold " + std::to_string(total) + " bytes of text; together they hold at most " +
                    std::to_string(kMaxVarTextTotal));
}

int g_set(lua_State* L) {
  int v = check_var(L, 2);
  State& s = writing(L);
  bool per_seat = s.table->ruleset->vars[v].per_seat;
  if (per_seat && lua_gettop(L) < 4)
    throw RuleError("variable " + quote(s.table->ruleset->vars[v].name) + " is per seat: game:set(name, seat, value)");
  int seat = per_seat ? check_seat(L, 3) : 0;
  Value value = to_value(L, per_seat ? 4 : 3);
  std::size_t slot = s.table->var_slot_of(v, seat);
  check_var_text(s, slot, value);
  s.vars[slot] = std::move(value);
  return 0;
}

// --- zones and components ---
int g_zone(lua_State* L) {
  const State& s = reading(L);
  const Ruleset& r = *s.table->ruleset;
  LuaContext& ctx = context(L);
  auto cached_def = cached(L, ctx.zone_defs, 2);
  const ZoneDef* def = cached_def >= 0 ? &r.zones[static_cast<std::size_t>(cached_def)] : nullptr;
  if (!def) {
    std::string_view view = check_name(L, 2);
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
      throw RuleError("zone " + quote(def->name) + " belongs to a seat: game:zone(" + quote(def->name) + ", seat)");
    seat = check_seat(L, 3);
  }
  lua_pushinteger(L, s.table->zone_id(static_cast<int>(def - r.zones.data()), seat) + 1);
  return 1;
}
int g_zone_name(lua_State* L) { int z = check_zone(L, 2); lua_pushstring(L, reading(L).table->zones[z].name.c_str()); return 1; }
int g_owner(lua_State* L) { int z = check_zone(L, 2); return push_index(L, reading(L).table->zones[z].owner); }
int g_count(lua_State* L) { int z = check_zone(L, 2); lua_pushinteger(L, reading(L).count(z)); return 1; }
int g_cards(lua_State* L) { int z = check_zone(L, 2); push_ids(L, reading(L).contents(z)); return 1; }
int g_top(lua_State* L) { int z = check_zone(L, 2); return push_index(L, reading(L).top(z)); }
int g_bottom(lua_State* L) { int z = check_zone(L, 2); return push_index(L, reading(L).bottom(z)); }
int g_name(lua_State* L) { int c = check_component(L, 2); lua_pushstring(L, reading(L).name(c).c_str()); return 1; }
// A property name passed by the rules, with its number in the context's PropTable (-1:
// no kind has it).
struct PropKey {
  std::string_view name;
  int id = -1;
  const PropTable* props = nullptr;
};

const PropTable& prop_table(LuaContext& ctx) {
  PropTable& t = ctx.props;
  if (!t.of_kind.empty() || ctx.ruleset->kinds.empty()) return t;
  for (const auto& kind : ctx.ruleset->kinds)
    for (const auto& [name, value] : kind.props)
      if (std::find(t.names.begin(), t.names.end(), name) == t.names.end()) t.names.push_back(name);
  for (const auto& kind : ctx.ruleset->kinds) {
    auto& row = t.of_kind.emplace_back(t.names.size(), nullptr);
    for (std::size_t i = 0; i < t.names.size(); ++i) {
      auto it = kind.props.find(t.names[i]);
      if (it != kind.props.end()) row[i] = &it->second;
    }
  }
  return t;
}

PropKey prop_key(lua_State* L, int arg) {
  LuaContext& ctx = context(L);
  PropKey key{check_name(L, arg), -1, &prop_table(ctx)};
  if (auto id = cached(L, ctx.prop_names, arg); id >= 0) {
    key.id = static_cast<int>(id);
    return key;
  }
  const auto& names = key.props->names;
  auto it = std::find(names.begin(), names.end(), key.name);
  if (it != names.end()) {
    key.id = static_cast<int>(it - names.begin());
    remember(L, ctx.prop_names, arg, key.id);
  }
  return key;
}

// Component `c`'s property `key`, or nullptr when its kind has none.
const Value* prop_of(const State& s, int c, const PropKey& key) {
  return key.id < 0 ? nullptr : key.props->of_kind[s.kind(c)][key.id];
}

// A property that no kind has is a slip in the rules (`"vaule"`), not a component without it:
// nil would read as "has none" and play on wrongly.
void check_known_prop(const State& s, const PropKey& prop) {
  if (prop.id >= 0) return;
  std::string_view key = prop.name;
  std::vector<std::string> known;
  for (const auto& kind : s.table->ruleset->kinds)
    for (const auto& [name, value] : kind.props) {
      if (name == key) return;
      if (std::find(known.begin(), known.end(), name) == known.end()) known.push_back(name);
    }
  std::sort(known.begin(), known.end());
  std::string k(key);
  throw RuleError("no component kind has the property " + quote(k) + did_you_mean(k, known) +
                  (known.empty() ? "; no kind has any property" : "; properties: " + join_choices(known, ", ")));
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
int g_where(lua_State* L) { int c = check_component(L, 2); lua_pushinteger(L, reading(L).zone_of(c) + 1); return 1; }
int g_sum(lua_State* L) {
  int z = check_zone(L, 2);
  PropKey key = prop_key(L, 3);
  const State& s = reading(L);
  std::int64_t total = 0;
  bool found = false;
  for (int i = s.zone_begin(z); i < s.zone_end[z]; ++i) {
    const Value* v = prop_of(s, s.items[i], key);
    found = found || v;
    if (v && v->is_int()) total += v->as_int();
  }
  if (!found) check_known_prop(s, key);
  lua_pushinteger(L, total);
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
  std::string_view view = check_name(L, 3);
  std::string name(view);  // no Lua error may be raised while it lives: only exceptions
  int k = s.table->kind_by_name(name);
  if (k < 0) {
    std::vector<std::string> kinds;
    for (const auto& kind : s.table->ruleset->kinds) kinds.push_back(kind.name);
    throw RuleError("unknown kind " + quote(name) + did_you_mean(name, kinds) + " (kinds are listed under components: in game.yaml)");
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
// Whether component `c`'s property `key` equals `value` (nil: it has none).
bool has_value(const State& s, int c, const PropKey& key, const Value& value) {
  const Value* v = prop_of(s, c, key);
  return v ? *v == value : value.is_nil();
}
// The components of zone `z`, top first, whose property `key` equals `value`. In one
// buffer per thread, valid until the next call: a playout's hot loop allocates nothing.
const std::vector<int>& matching(const State& s, int z, const PropKey& key, const Value& value) {
  thread_local std::vector<int> found;
  found.clear();
  for (int i = s.zone_end[z] - 1; i >= s.zone_begin(z); --i) {
    if (has_value(s, s.items[i], key, value)) found.push_back(s.items[i]);
  }
  return found;
}
int g_matching(lua_State* L) {
  int z = check_zone(L, 2);
  push_ids(L, matching(reading(L), z, prop_key(L, 3), to_value(L, 4)));
  return 1;
}
// How many of zone `z`'s components have property `key` equal to `value`: no list is made.
int g_count_matching(lua_State* L) {
  int z = check_zone(L, 2);
  PropKey key = prop_key(L, 3);
  Value value = to_value(L, 4);
  const State& s = reading(L);
  lua_Integer n = 0;
  for (int i = s.zone_begin(z); i < s.zone_end[z]; ++i) n += has_value(s, s.items[i], key, value);
  lua_pushinteger(L, n);
  return 1;
}
// game:move_matching(from, to, key, value): moves the matching components onto `to` in the
// order they lay, the first found on top; returns them (matching()'s buffer).
const std::vector<int>& move_matching(lua_State* L) {
  int from = check_zone(L, 2);
  int to = check_zone(L, 3);
  State& s = writing(L);
  const std::vector<int>& found = matching(s, from, prop_key(L, 4), to_value(L, 5));
  for (auto c = found.rbegin(); c != found.rend(); ++c) s.move(*c, to, false, from);
  return found;
}
int g_move_matching(lua_State* L) {
  push_ids(L, move_matching(L));
  return 1;
}
// The same, returning how many moved rather than a list.
int g_move_matching_count(lua_State* L) {
  lua_pushinteger(L, static_cast<lua_Integer>(move_matching(L).size()));
  return 1;
}
// Orders a zone in place so that game:cards lists it by property `key`, lowest first
// ("descending": highest first), ties by component number in the same direction. Faces and
// reveals stay as they are.
int g_sort(lua_State* L) {
  int z = check_zone(L, 2);
  PropKey key = prop_key(L, 3);
  bool descending = false;
  if (!lua_isnoneornil(L, 4)) {
    std::string_view order = check_name(L, 4);
    if (order != "ascending" && order != "descending")
      throw RuleError("game:sort orders 'ascending' or 'descending', not " + quote(std::string(order)));
    descending = order == "descending";
  }
  State& s = writing(L);
  int begin = s.zone_begin(z), end = s.zone_end[z];
  // Rulesets tidy a zone after every change, so it is often in order already. One buffer
  // per thread: the hot loop of a simulation allocates nothing here.
  thread_local std::vector<std::pair<const Value*, int>> keyed;
  keyed.clear();
  for (int i = end - 1; i >= begin; --i) {  // top first, the order game:cards lists
    int c = s.items[i];
    const Value* v = prop_of(s, c, key);
    if (!v || !(v->is_int() || v->is_string()))
      throw RuleError("game:sort: " + s.name(c) + " (component " + std::to_string(c + 1) +
                      ") has no number or text " + quote(std::string(key.name)) + " to sort by");
    if (!keyed.empty() && v->is_int() != keyed[0].first->is_int())
      throw RuleError("game:sort: " + quote(std::string(key.name)) + " mixes numbers and text in " + s.table->zones[z].name);
    keyed.emplace_back(v, c);
  }
  auto ascending = [](const std::pair<const Value*, int>& a, const std::pair<const Value*, int>& b) {
    const Value &x = *a.first, &y = *b.first;
    if (x != y) return x.is_int() ? x.as_int() < y.as_int() : x.as_string() < y.as_string();
    return a.second < b.second;
  };
  auto before = [&](const auto& a, const auto& b) { return descending ? ascending(b, a) : ascending(a, b); };
  if (std::is_sorted(keyed.begin(), keyed.end(), before)) return 0;
  std::sort(keyed.begin(), keyed.end(), before);
  // items run bottom to top, so the first of the order goes on top.
  for (std::size_t k = 0; k < keyed.size(); ++k) s.items[end - 1 - k] = static_cast<std::uint16_t>(keyed[k].second);
  return 0;
}
int g_shuffle(lua_State* L) { int z = check_zone(L, 2); writing(L).shuffle(z); return 0; }
int g_face(lua_State* L) {
  int c = check_component(L, 2);
  std::string f(arg_text(L, 3));
  if (f != "up" && f != "down" && f != "default") throw RuleError("face is 'up', 'down' or 'default', not " + quote(f));
  writing(L).face[c] = f == "up" ? Face::Up : f == "down" ? Face::Down : Face::Default;
  return 0;
}
int g_reveal(lua_State* L) {
  int z = check_zone(L, 2);
  std::uint32_t to = lua_isnoneornil(L, 3) ? kEveryone : (1u << check_seat(L, 3));
  State& s = writing(L);
  s.revealed[z] |= to;
  s.record({Event::Kind::Say, -1, "(" + s.table->zones[z].name + " is revealed)", to});
  return 0;
}
// game:show(c [, seat [, say]]): the seat (every seat, without one) sees which component c
// is until it moves; the runtime's line saying so is left out when `say` is false.
int g_show(lua_State* L) {
  int c = check_component(L, 2);
  int seat = lua_isnoneornil(L, 3) ? -1 : check_seat(L, 3);
  bool say = lua_isnoneornil(L, 4) || lua_toboolean(L, 4);
  State& s = writing(L);
  std::uint32_t to = seat < 0 ? kEveryone : (1u << seat);
  s.shown[c] |= to;
  if (say && s.logging) {
    const std::string& zone = s.table->zones[s.zone_of(c)].name;
    s.record({Event::Kind::Say, -1, "(" + s.name(c) + " in " + zone + " is shown " + (seat < 0 ? "to everyone" : "to " + s.table->seats[seat].name) + ")", to});
  }
  return 0;
}
int g_conceal(lua_State* L) { int z = check_zone(L, 2); writing(L).revealed[z] = 0; return 0; }

// --- the board ---
int check_cell(lua_State* L, int arg) {
  int z = check_zone(L, arg);
  int p = reading(L).table->zone_position[z];
  if (p < 0) throw RuleError("zone " + quote(reading(L).table->zones[z].name) + " is not a board cell");
  return p;
}
void push_cells(lua_State* L, const std::vector<int>& positions) {
  std::vector<int> zones;
  for (int p : positions) zones.push_back(reading(L).table->position_zone[p]);
  push_ids(L, zones);
}
const Board& board(lua_State* L) {
  const Board& b = reading(L).table->ruleset->board;
  if (!b.present()) throw RuleError("this ruleset has no board");
  return b;
}
// game:tops([key]): the whole board in one call, in game:cells() order: each cell's top
// component, or that component's property `key`; false for an empty cell (or no such property).
int g_tops(lua_State* L) {
  const Board& b = board(L);
  const State& s = reading(L);
  bool by_key = !lua_isnoneornil(L, 2);
  PropKey key = by_key ? prop_key(L, 2) : PropKey{};
  lua_createtable(L, b.size(), 0);
  lua_Integer i = 0;
  for (int p = 0; p < b.size(); ++p) {
    if (!b.exists[p]) continue;
    int c = s.top(s.table->position_zone[p]);
    const Value* v = c >= 0 && by_key ? prop_of(s, c, key) : nullptr;
    if (c < 0 || (by_key && !v)) lua_pushboolean(L, 0);
    else if (by_key) push_value(L, *v);
    else lua_pushinteger(L, c + 1);
    lua_rawseti(L, -2, ++i);
  }
  return 1;
}
// game:hash(): where every component is, its face and kind, and the seat on turn, as an integer.
int g_hash(lua_State* L) {
  const State& s = reading(L);
  std::uint64_t h = s.position_hash();
  lua_pushinteger(L, static_cast<lua_Integer>(h));
  return 1;
}
// game:neighbours(cell [, "orthogonal" | "diagonal"]): adjacent cells (zone ids).
int g_neighbours(lua_State* L) {
  const Board& b = board(L);
  int p = check_cell(L, 2);
  std::string kind = lua_isnoneornil(L, 3) ? "all" : std::string(arg_text(L, 3));
  if (kind != "all" && kind != "orthogonal" && kind != "diagonal")
    throw RuleError("neighbours are 'orthogonal', 'diagonal' or 'all', not " + quote(kind));
  std::vector<int> out;
  if (kind != "diagonal") out = b.orthogonal[p];
  if (kind != "orthogonal") out.insert(out.end(), b.diagonal[p].begin(), b.diagonal[p].end());
  push_cells(L, out);
  return 1;
}
// game:cells([tag]): every cell, or the cells with that tag.
int g_cells(lua_State* L) {
  const Board& b = board(L);
  std::vector<int> out;
  if (lua_isnoneornil(L, 2)) {
    for (int p = 0; p < b.size(); ++p) if (b.exists[p]) out.push_back(p);
  } else {
    std::string tag(arg_text(L, 2));
    auto it = b.tags.find(tag);
    if (it == b.tags.end()) {
      std::vector<std::string> known;
      for (const auto& [k, v] : b.tags) known.push_back(k);
      throw RuleError("no cells are tagged " + quote(tag) + did_you_mean(tag, known));
    }
    out = it->second;
  }
  push_cells(L, out);
  return 1;
}
int g_tagged(lua_State* L) {
  const Board& b = board(L);
  int p = check_cell(L, 2);
  auto it = b.tags.find(std::string(arg_text(L, 3)));
  lua_pushboolean(L, it != b.tags.end() && std::find(it->second.begin(), it->second.end(), p) != it->second.end());
  return 1;
}
// game:coords(cell) -> file, rank (1-based indices into board.files / board.ranks).
int g_coords(lua_State* L) {
  const Board& b = board(L);
  int p = check_cell(L, 2);
  lua_pushinteger(L, b.file_of(p) + 1);
  lua_pushinteger(L, b.rank_of(p) + 1);
  return 2;
}
int g_cell_at(lua_State* L) {
  const Board& b = board(L);
  lua_Integer file = arg_integer(L, 2), rank = arg_integer(L, 3);
  bool inside = file >= 1 && rank >= 1 && file <= b.size() && rank <= b.size();  // no int overflow below
  int p = inside ? b.at(static_cast<int>(file) - 1, static_cast<int>(rank) - 1) : -1;
  return push_index(L, p < 0 ? -1 : reading(L).table->position_zone[p]);
}
int g_distance(lua_State* L) {
  const Board& b = board(L);
  int d = b.distance(check_cell(L, 2), check_cell(L, 3));
  if (d < 0) lua_pushnil(L); else lua_pushinteger(L, d);
  return 1;
}

// --- the log and chance ---
// game:chance(name, {outcome = weight, ...} [, {key = text, ...}]): the table decides next.
int g_chance(lua_State* L) {
  const State& r = reading(L);
  arg_table(L, 3);
  std::string name(arg_text(L, 2));
  const Ruleset& rs = *r.table->ruleset;
  int def = rs.chance_index(name);
  if (def < 0) {
    std::vector<std::string> names;
    for (const auto& c : rs.chances) names.push_back(c.name);
    throw RuleError("unknown chance decision " + quote(name) + did_you_mean(name, names) + " (declare it under chance: in game.yaml)");
  }
  const ChanceDef& c = rs.chances[def];
  PendingChance p;
  p.def = def;
  p.weights.assign(c.outcomes.size(), 0.0);
  double total = 0;
  lua_pushnil(L);
  while (lua_next(L, 3)) {
    std::string outcome = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?";
    int i = c.outcome_index(outcome);
    std::vector<std::string> names;
    for (const auto& o : c.outcomes) names.push_back(o.first);
    if (i < 0) throw RuleError("chance " + quote(name) + " has no outcome " + quote(outcome) + did_you_mean(outcome, names));
    if (lua_type(L, -1) != LUA_TNUMBER || !std::isfinite(lua_tonumber(L, -1)) || lua_tonumber(L, -1) < 0)
      throw RuleError("chance weights are finite numbers, 0 or more");
    p.weights[i] = lua_tonumber(L, -1);
    total += p.weights[i];
    lua_pop(L, 1);
  }
  if (total <= 0) throw RuleError("chance " + quote(name) + ": every outcome has weight 0");
  p.question = c.ask.empty() ? name : c.ask;
  if (lua_istable(L, 4)) {
    lua_pushnil(L);
    while (lua_next(L, 4)) {
      // Keys and values are texts or numbers: a __tostring could raise over these strings.
      if (lua_type(L, -2) != LUA_TSTRING || !(lua_type(L, -1) == LUA_TSTRING || lua_type(L, -1) == LUA_TNUMBER))
        throw RuleError("game:chance's texts are {key = text or number, ...}");
      lua_pushvalue(L, -2);  // lua_tolstring on a copy: a number key would confuse lua_next
      std::string key = std::string("{") + lua_tostring(L, -1) + "}";
      lua_pop(L, 1);
      std::string text = lua_tostring(L, -1);
      lua_pop(L, 1);
      // On after each text put in: a text holding its own key would be put in for ever.
      for (std::size_t at = 0; (at = p.question.find(key, at)) != std::string::npos; at += text.size()) {
        p.question.replace(at, key.size(), text);
        if (p.question.size() > kLineMax)
          throw RuleError("chance " + quote(name) + ": the question would be longer than " + std::to_string(kLineMax) + " bytes");
      }
    }
  }
  writing(L).chance = std::move(p);
  return 0;
}

// A narration pattern as string.format takes it: `%S` (a seat) and `%C` (a component),
// with any flags, width or precision, become `%s`. `kinds` gets each conversion's letter,
// in order ('%%' is none), so that the values of S and C can be named (name_values).
std::string plain_pattern(std::string_view pattern, std::string& kinds) {
  std::string out(pattern);
  for (std::size_t i = 0; i < out.size(); ++i) {
    if (out[i] != '%') continue;
    if (++i < out.size() && out[i] == '%') continue;
    while (i < out.size() && std::strchr("-+ #0123456789.", out[i])) ++i;
    if (i == out.size()) break;
    kinds += out[i];
    if (out[i] == 'S' || out[i] == 'C') out[i] = 's';
  }
  return out;
}
// Replaces, among the values pushed for string.format (arguments arg+1..top of the call,
// now at the top of the stack), those of `%S` and `%C` by the seat's or component's name.
void name_values(lua_State* L, int arg, int top, const std::string& kinds, const State& s) {
  int values = top - arg, first = lua_gettop(L) - values + 1;
  for (int i = 0; i < values && i < static_cast<int>(kinds.size()); ++i) {
    if (kinds[i] != 'S' && kinds[i] != 'C') continue;
    int at = first + i;
    const std::string& name = kinds[i] == 'S' ? s.table->seats[check_seat(L, at)].name : s.name(check_component(L, at));
    lua_pushlstring(L, name.data(), name.size());
    lua_replace(L, at);
  }
}

// The narration from argument `arg` on: the text alone, or string.format(text, ...) with
// the arguments after it. Nothing is formatted when the log is off (simulations, search),
// which is why the rules pass the pieces rather than a finished string. False then.
bool narration(lua_State* L, int arg, std::string& out) {
  if (lua_type(L, arg) != LUA_TSTRING) bad_argument(L, arg, "string");
  LuaContext& ctx = context(L);
  State& s = writing(L);
  if (!s.logging) return false;
  if (++ctx.said > kLinesPerCall)
    throw RuleError("more than " + std::to_string(kLinesPerCall) + " narration lines in one call of " + ctx.hook + "()");
  int top = lua_gettop(L);
  if (top > arg) {
    std::size_t length = 0;
    const char* text = lua_tolstring(L, arg, &length);
    std::string kinds;
    std::string pattern = plain_pattern(std::string_view(text, length), kinds);
    lua_getfield(L, LUA_REGISTRYINDEX, "arbiter.format");
    lua_pushlstring(L, pattern.data(), pattern.size());
    for (int i = arg + 1; i <= top; ++i) lua_pushvalue(L, i);
    name_values(L, arg, top, kinds, s);
    // A value's __tostring is the ruleset's Lua: under the memory cap again while it runs.
    int depth = ctx.in_binding;
    ctx.in_binding = 0;
    int rc = lua_pcall(L, top - arg + 1, 1, 0);
    ctx.in_binding = depth;
    if (rc == LUA_ERRMEM) kill_call(&ctx.watch, Kill::Memory);  // as sandbox_pcall: not to be caught
    if (rc != LUA_OK) {
      std::string message = lua_tostring(L, -1) ? lua_tostring(L, -1) : "formatting failed";
      lua_pop(L, 1);
      throw RuleError("the narration's text and values do not fit: " + message);
    }
  } else {
    lua_pushvalue(L, arg);
  }
  std::size_t length = 0;
  const char* text = lua_tolstring(L, -1, &length);
  if (length > kLineMax)
    throw RuleError("a narration line of " + std::to_string(length) + " bytes is longer than " + std::to_string(kLineMax));
  if (s.log.bytes() + length > kLogMax)
    throw RuleError("the game's narration is full (" + std::to_string(kLogMax >> 20) + " MiB)");
  out.assign(text, length);
  lua_pop(L, 1);
  return true;
}
int g_narrating(lua_State* L) {
  lua_pushboolean(L, reading(L).logging);
  return 1;
}
int g_say(lua_State* L) {
  std::string t;
  if (narration(L, 2, t)) writing(L).record({Event::Kind::Say, -1, std::move(t), kEveryone});
  return 0;
}
int g_tell(lua_State* L) {
  int seat = check_seat(L, 2);
  std::string t;
  if (narration(L, 3, t)) writing(L).record({Event::Kind::Say, -1, std::move(t), 1u << seat});
  return 0;
}
int g_tell_others(lua_State* L) {
  int seat = check_seat(L, 2);
  std::string t;
  if (narration(L, 3, t)) writing(L).record({Event::Kind::Say, -1, std::move(t), kEveryone & ~(1u << seat)});
  return 0;
}
// game:random(n) and math.random(n): 1..n from the game's own generator.
int g_random(lua_State* L) {
  int arg = lua_gettop(L) >= 2 && is_game(L, 1) ? 2 : 1;
  lua_Integer lo = 1, hi = 1;
  if (lua_gettop(L) >= arg + 1) lo = arg_integer(L, arg), hi = arg_integer(L, arg + 1);
  else hi = arg_integer(L, arg);
  if (hi < lo) throw RuleError("random: empty interval");
  State& s = writing(L);
  // In unsigned arithmetic: hi - lo overflows a signed integer on the widest ranges.
  std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
  std::uint64_t pick = span == UINT64_MAX ? s.rng.next() : s.rng.below(span + 1);
  lua_pushinteger(L, static_cast<lua_Integer>(static_cast<std::uint64_t>(lo) + pick));
  return 1;
}

const luaL_Reg kMethods[] = {
    {"seats", guarded<g_seats>}, {"seat_name", guarded<g_seat_name>}, {"active", guarded<g_active>},
    {"round", guarded<g_round>}, {"turn", guarded<g_turn>}, {"order", guarded<g_order>},
    {"in_play", guarded<g_in_play>}, {"eliminated", guarded<g_eliminated>},
    {"youngest_first", guarded<g_youngest_first>}, {"oldest_first", guarded<g_oldest_first>},
    {"end_turn", guarded<g_end_turn>}, {"end_round", guarded<g_end_round>}, {"fold", guarded<g_fold>},
    {"eliminate", guarded<g_eliminate>}, {"finish", guarded<g_finish>},
    {"param", guarded<g_param>}, {"get", guarded<g_get>}, {"set", guarded<g_set>},
    {"zone", guarded<g_zone>}, {"zone_name", guarded<g_zone_name>}, {"owner", guarded<g_owner>},
    {"count", guarded<g_count>}, {"cards", guarded<g_cards>}, {"top", guarded<g_top>}, {"bottom", guarded<g_bottom>},
    {"name", guarded<g_name>}, {"prop", guarded<g_prop>}, {"where", guarded<g_where>}, {"sum", guarded<g_sum>},
    {"move", guarded<g_move>}, {"become", guarded<g_become>}, {"draw", guarded<g_draw>}, {"move_all", guarded<g_move_all>},
    {"matching", guarded<g_matching>}, {"move_matching", guarded<g_move_matching>},
    {"count_matching", guarded<g_count_matching>}, {"move_matching_count", guarded<g_move_matching_count>}, {"sort", guarded<g_sort>},
    {"shuffle", guarded<g_shuffle>}, {"face", guarded<g_face>}, {"reveal", guarded<g_reveal>},
    {"conceal", guarded<g_conceal>}, {"show", guarded<g_show>}, {"say", guarded<g_say>}, {"narrating", guarded<g_narrating>}, {"tell", guarded<g_tell>},
    {"tell_others", guarded<g_tell_others>}, {"random", guarded<g_random>}, {"chance", guarded<g_chance>},
    {"neighbours", guarded<g_neighbours>}, {"cells", guarded<g_cells>}, {"tagged", guarded<g_tagged>},
    {"coords", guarded<g_coords>}, {"cell_at", guarded<g_cell_at>}, {"distance", guarded<g_distance>},
    {"tops", guarded<g_tops>}, {"hash", guarded<g_hash>},
    {nullptr, nullptr}};

}  // namespace

// What the `game` object raises when a ruleset writes to it.
int refuse_write(lua_State* L) { return luaL_error(L, "the game object cannot be changed"); }

void register_game(lua_State* L) {
  // A plain table of the C functions, so that game:count(z) is one table read; the
  // metatable refuses new fields and cannot be replaced.
  luaL_newlib(L, kMethods);
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
  lua_pushcfunction(L, guarded<g_random>);
  lua_setfield(L, -2, "random");
  lua_pop(L, 1);
}

void push_game(lua_State* L) { lua_rawgeti(L, LUA_REGISTRYINDEX, context(L).game_ref); }

}  // namespace arbiter
