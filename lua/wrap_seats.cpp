// The `game` object's seats and turns, the end of the game (runtime/finish.hpp),
// parameters and variables (runtime/vars.hpp).
#include <cmath>

#include "lua/wrap_game.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/finish.hpp"
#include "runtime/vars.hpp"

namespace arbiter::game_api {

namespace {

int g_seats(lua_State* L) { lua_pushinteger(L, reading(L).seat_count()); return 1; }
int g_seat_name(lua_State* L) {
  int s = check_seat(L, 2);
  lua_pushstring(L, reading(L).table->seats[s].name.c_str());
  return 1;
}
int g_active(lua_State* L) { return push_index(L, reading(L).active()); }
int g_round(lua_State* L) { lua_pushinteger(L, reading(L).round); return 1; }
int g_turn(lua_State* L) { lua_pushinteger(L, reading(L).turn); return 1; }
int g_order(lua_State* L) {
  const State& s = reading(L);
  push_ids(L, std::vector<int>(s.order.begin(), s.order.end()));
  return 1;
}
int g_in_play(lua_State* L) {
  int s = check_seat(L, 2);
  lua_pushboolean(L, reading(L).status[s] == SeatStatus::In);
  return 1;
}
int g_eliminated(lua_State* L) {
  int s = check_seat(L, 2);
  lua_pushboolean(L, reading(L).status[s] == SeatStatus::OutForGame);
  return 1;
}
int g_youngest_first(lua_State* L) { push_ids(L, reading(L).table->by_age(true)); return 1; }
int g_oldest_first(lua_State* L) { push_ids(L, reading(L).table->by_age(false)); return 1; }
int g_end_turn(lua_State* L) { writing(L).pending |= kTurnEnd; return 0; }
int g_end_round(lua_State* L) { writing(L).pending |= kRoundEnd; return 0; }
int g_fold(lua_State* L) {
  int s = check_seat(L, 2);
  writing(L).status[s] = SeatStatus::OutForRound;
  return 0;
}
int g_eliminate(lua_State* L) {
  int s = check_seat(L, 2);
  writing(L).status[s] = SeatStatus::OutForGame;
  return 0;
}

// game:finish{results = {r1, r2, ...}}, the list on the top of the stack: one result per
// seat, into `results`; what is not a number is NaN, which winners_of refuses.
std::vector<double> read_results(lua_State* L, const State& s) {
  if (lua_rawlen(L, 2) > 0)
    throw RuleError("game:finish takes a list of winners or {results = ...}, not both");
  if (lua_type(L, -1) != LUA_TTABLE)
    throw RuleError("game:finish: results should be a list of one result per seat");
  auto n = static_cast<lua_Integer>(lua_rawlen(L, -1));
  check_result_count(static_cast<std::size_t>(n), s.seat_count());
  std::vector<double> results;
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, -1, i);
    int is_number = 0;
    double r = lua_tonumberx(L, -1, &is_number);
    lua_pop(L, 1);
    results.push_back(is_number ? r : std::nan(""));
  }
  return results;
}
// The reason game:finish gives: its second argument, or the list's `reason` key; "" if none.
std::string finish_reason(lua_State* L) {
  if (!lua_isnoneornil(L, 3)) return std::string(arg_text(L, 3));
  lua_pushliteral(L, "reason");
  int type = lua_rawget(L, 2);
  std::string reason;
  if (type == LUA_TSTRING) reason = lua_tostring(L, -1);
  lua_pop(L, 1);
  if (type != LUA_TNIL && type != LUA_TSTRING) throw RuleError("game:finish: reason should be a text");
  return reason;
}

// game:finish{payoffs = {p1, p2, ...}}, the list on the top of the stack: one payoff per
// seat within game.yaml's bounds (payoffs.hpp).
std::vector<double> read_payoffs(lua_State* L, const State& s) {
  const PayoffDef& def = s.table->ruleset->payoffs;
  if (!def.declared) throw RuleError("game:finish: payoffs need game.yaml's payoffs: {min: N, max: N}");
  if (lua_rawlen(L, 2) > 0)
    throw RuleError("game:finish takes a list of winners or {payoffs = ...}, not both");
  if (lua_type(L, -1) != LUA_TTABLE)
    throw RuleError("game:finish: payoffs should be a list of one payoff per seat");
  std::vector<double> payoffs;
  for (lua_Integer i = 1; i <= static_cast<lua_Integer>(lua_rawlen(L, -1)); ++i) {
    lua_rawgeti(L, -1, i);
    int is_number = 0;
    double p = lua_tonumberx(L, -1, &is_number);
    lua_pop(L, 1);
    payoffs.push_back(is_number ? p : std::nan(""));
  }
  check_payoffs(def, payoffs, s.seat_count());
  return payoffs;
}
// game:finish({seat, ...}[, reason]), game:finish{results = {...}} or game:finish{payoffs =
// {...}} (with results or not), each with an optional `reason = ...` (finish.hpp).
// A field game:finish does not know is an error: {winners = {1}} must not end the game
// with nobody winning. The winners are the list itself; the other fields are named.
void check_finish_fields(lua_State* L) {
  const lua_Integer length = static_cast<lua_Integer>(lua_rawlen(L, 2));
  lua_pushnil(L);
  while (lua_next(L, 2)) {
    lua_pop(L, 1);
    if (lua_isinteger(L, -1) && lua_tointeger(L, -1) >= 1 && lua_tointeger(L, -1) <= length) continue;
    std::string key =
        lua_type(L, -1) == LUA_TSTRING ? std::string(lua_tostring(L, -1)) : std::string(luaL_typename(L, -1));
    if (key == "results" || key == "payoffs" || key == "reason" || key == "won") continue;
    if (key.size() > 40) key = key.substr(0, 40) + "...";
    throw RuleError("game:finish: no field '" + key +
                    "' (the winners are the list itself, game:finish{seat, ...}; "
                    "the fields are results, payoffs, won and reason)");
  }
}

// game:finish{won = true | false [, payoffs = {...}] [, reason = ...]} in a cooperative game
// (game.yaml `cooperative: true`): every seat wins, or every seat loses; payoffs are shared.
int finish_together(lua_State* L, std::string reason) {
  const State& s = reading(L);
  lua_pushliteral(L, "won");
  int type = lua_rawget(L, 2);
  bool won = lua_toboolean(L, -1);
  lua_pop(L, 1);
  if (type != LUA_TBOOLEAN || lua_rawlen(L, 2) > 0)
    throw RuleError("game:finish: a cooperative game ends with {won = true} or {won = false}: every seat wins "
                    "or every seat loses");
  lua_pushliteral(L, "results");
  if (lua_rawget(L, 2) != LUA_TNIL) throw RuleError("game:finish: a cooperative game gives won, not results");
  lua_pop(L, 1);
  std::vector<double> payoffs;
  lua_pushliteral(L, "payoffs");
  if (lua_rawget(L, 2) != LUA_TNIL) payoffs = read_payoffs(L, s);
  else if (s.table->ruleset->payoffs.declared)
    throw RuleError("game:finish: game.yaml declares payoffs, so the game ends with {payoffs = {...}} as well");
  lua_pop(L, 1);
  for (double p : payoffs)
    if (p != payoffs[0])
      throw RuleError("game:finish: a cooperative game's payoff is shared: every seat's should be the same");
  std::vector<int> winners;
  for (int seat = 0; won && seat < s.seat_count(); ++seat) winners.push_back(seat);
  finish_game(writing(L), std::move(winners), std::vector<double>(s.seat_count(), won ? 1.0 : 0.0),
              std::move(reason));
  writing(L).payoffs = std::move(payoffs);
  return 0;
}

int g_finish(lua_State* L) {
  arg_table(L, 2);
  check_finish_fields(L);
  std::string reason = finish_reason(L);
  if (reading(L).table->ruleset->cooperative) return finish_together(L, std::move(reason));
  lua_pushliteral(L, "won");
  if (lua_rawget(L, 2) != LUA_TNIL)
    throw RuleError("game:finish: won is for a cooperative game (game.yaml cooperative: true)");
  lua_pop(L, 1);
  std::vector<int> winners;
  std::vector<double> results, payoffs;
  lua_pushliteral(L, "payoffs");
  if (lua_rawget(L, 2) != LUA_TNIL) payoffs = read_payoffs(L, reading(L));
  else if (reading(L).table->ruleset->payoffs.declared)
    throw RuleError(
        "game:finish: game.yaml declares payoffs, so the game ends with {payoffs = {...}}, one per seat");
  lua_pop(L, 1);
  lua_pushliteral(L, "results");
  if (lua_rawget(L, 2) == LUA_TNIL && !payoffs.empty()) {
    results = results_of_payoffs(payoffs);
    winners = winners_of(results);
  } else if (lua_type(L, -1) != LUA_TNIL) {
    results = read_results(L, reading(L));
    winners = winners_of(results);
  } else {
    for (lua_Integer i = 1; i <= static_cast<lua_Integer>(lua_rawlen(L, 2)); ++i) {
      lua_rawgeti(L, 2, i);
      winners.push_back(check_seat(L, -1));
      lua_pop(L, 1);
    }
  }
  finish_game(writing(L), std::move(winners), std::move(results), std::move(reason));
  writing(L).payoffs = std::move(payoffs);
  return 0;
}

// game:simultaneous{seat, ...}: those seats choose at once; nobody reads another's choice
// until all have chosen and resolve(game, choices) gets them together (engine.hpp).
int g_simultaneous(lua_State* L) {
  arg_table(L, 2);
  State& s = writing(L);
  if (s.simultaneous.open()) throw RuleError("game:simultaneous: a simultaneous choice is already open");
  std::uint32_t seats = 0;
  for (lua_Integer i = 1; i <= static_cast<lua_Integer>(lua_rawlen(L, 2)); ++i) {
    lua_rawgeti(L, 2, i);
    int seat = check_seat(L, -1);
    lua_pop(L, 1);
    if (seats >> seat & 1u)
      throw RuleError("game:simultaneous: seat " + std::to_string(seat + 1) + " is listed twice");
    if (s.status[seat] == SeatStatus::OutForGame)
      throw RuleError("game:simultaneous: " + s.table->seats[seat].name + " is out of the game");
    seats |= 1u << seat;
  }
  if (!seats) throw RuleError("game:simultaneous: give the seats that choose, a list of at least one");
  s.simultaneous.seats = seats;
  s.simultaneous.choices.assign(s.seat_count(), "");
  return 0;
}

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
  if (per_seat && lua_isnoneornil(L, 3))
    throw RuleError("variable " + quote(s.table->ruleset->vars[v].name) + " is per seat: give the seat");
  push_value(L, s.var(v, per_seat ? check_seat(L, 3) : 0));
  return 1;
}
int g_set(lua_State* L) {
  int v = check_var(L, 2);
  State& s = writing(L);
  bool per_seat = s.table->ruleset->vars[v].per_seat;
  if (per_seat && lua_gettop(L) < 4)
    throw RuleError("variable " + quote(s.table->ruleset->vars[v].name) +
                    " is per seat: game:set(name, seat, value)");
  int seat = per_seat ? check_seat(L, 3) : 0;
  set_var_checked(s, v, seat, to_value(L, per_seat ? 4 : 3));
  return 0;
}

}  // namespace

const luaL_Reg kSeatMethods[] = {
    {"seats", guarded<g_seats>}, {"seat_name", guarded<g_seat_name>}, {"active", guarded<g_active>},
    {"round", guarded<g_round>}, {"turn", guarded<g_turn>}, {"order", guarded<g_order>},
    {"in_play", guarded<g_in_play>}, {"eliminated", guarded<g_eliminated>},
    {"youngest_first", guarded<g_youngest_first>}, {"oldest_first", guarded<g_oldest_first>},
    {"end_turn", guarded<g_end_turn>}, {"end_round", guarded<g_end_round>}, {"fold", guarded<g_fold>},
    {"eliminate", guarded<g_eliminate>}, {"finish", guarded<g_finish>},
    {"simultaneous", guarded<g_simultaneous>},
    {"param", guarded<g_param>}, {"get", guarded<g_get>}, {"set", guarded<g_set>},
    {nullptr, nullptr}};

}  // namespace arbiter::game_api
