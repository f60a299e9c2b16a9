// The `game` object's narration (say, tell, tell_others), its random numbers, and the
// chance decisions it leaves to the table (runtime/chance_ask.hpp).
#include <cmath>
#include <cstring>

#include "lua/wrap_game.hpp"
#include "runtime/chance_ask.hpp"

namespace arbiter::game_api {

namespace {

// Limits on what a hook may hand the state (docs/limits.md): the Lua heap's cap does not
// reach memory the runtime holds for a script.
constexpr std::size_t kLineMax = 4096;       // bytes of one narration line
constexpr int kLinesPerCall = 1000;          // narration lines one hook call may add
constexpr std::size_t kLogMax = 64u << 20;   // bytes of narration in one game

// The weights of game:chance's argument 3, {outcome = weight, ...}, into `ask`: an outcome
// that is not a text is named "?", a weight that is not a number is NaN, both refused there.
void weigh_outcomes(lua_State* L, ChanceAsk& ask) {
  lua_pushnil(L);
  while (lua_next(L, 3)) {
    std::string outcome = lua_type(L, -2) == LUA_TSTRING ? lua_tostring(L, -2) : "?";
    ask.weigh(outcome, lua_type(L, -1) == LUA_TNUMBER ? lua_tonumber(L, -1) : std::nan(""));
    lua_pop(L, 1);
  }
}
// The texts of game:chance's argument 4, {key = text or number, ...}, into the question.
void fill_question(lua_State* L, ChanceAsk& ask) {
  lua_pushnil(L);
  while (lua_next(L, 4)) {
    // Keys and values are texts or numbers: a __tostring could raise over these strings.
    if (lua_type(L, -2) != LUA_TSTRING || !(lua_type(L, -1) == LUA_TSTRING || lua_type(L, -1) == LUA_TNUMBER))
      throw RuleError("game:chance's texts are {key = text or number, ...}");
    lua_pushvalue(L, -2);  // lua_tolstring on a copy: a number key would confuse lua_next
    std::string key = lua_tostring(L, -1);
    lua_pop(L, 1);
    std::string text = lua_tostring(L, -1);
    lua_pop(L, 1);
    ask.fill(key, text);
  }
}
// game:chance's argument 5, the seats that see the outcome: a seat, or a list of seats.
std::uint32_t seeing_seats(lua_State* L) {
  if (!lua_istable(L, 5)) return 1u << check_seat(L, 5);
  std::uint32_t seats = 0;
  auto n = static_cast<lua_Integer>(lua_rawlen(L, 5));
  for (lua_Integer i = 1; i <= n; ++i) {
    lua_rawgeti(L, 5, i);
    seats |= 1u << check_seat(L, -1);
    lua_pop(L, 1);
  }
  return seats;
}
// game:chance(name, {outcome = weight, ...} [, {key = text, ...} [, seats]]): the table
// decides next; `seats` (a seat or a list) see the outcome of a decision seen_by: seats.
int g_chance(lua_State* L) {
  const State& r = reading(L);
  arg_table(L, 3);
  std::string name(arg_text(L, 2));
  ChanceAsk ask(*r.table->ruleset, name);
  weigh_outcomes(L, ask);
  ask.ask();
  if (lua_istable(L, 4)) fill_question(L, ask);
  if (!lua_isnoneornil(L, 5)) ask.see(seeing_seats(L));
  writing(L).chance = ask.take();
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
    const std::string& name =
        kinds[i] == 'S' ? s.table->seats[check_seat(L, at)].name : s.name(check_component(L, at));
    lua_pushlstring(L, name.data(), name.size());
    lua_replace(L, at);
  }
}
// string.format(text, ...) of the arguments from `arg` on (the text, then its values up to
// `top`), left on the top of the stack.
void format_narration(lua_State* L, int arg, int top, const State& s) {
  LuaContext& ctx = context(L);
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
    throw RuleError("more than " + std::to_string(kLinesPerCall) + " narration lines in one call of " +
                    ctx.hook + "()");
  int top = lua_gettop(L);
  if (top > arg) format_narration(L, arg, top, s);
  else lua_pushvalue(L, arg);
  std::size_t length = 0;
  const char* text = lua_tolstring(L, -1, &length);
  if (length > kLineMax)
    throw RuleError("a narration line of " + std::to_string(length) + " bytes is longer than " +
                    std::to_string(kLineMax));
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

}  // namespace

int random_number(lua_State* L) {
  int arg = lua_gettop(L) >= 2 && is_game(L, 1) ? 2 : 1;
  lua_Integer lo = 1, hi = 1;
  if (lua_gettop(L) >= arg + 1) lo = arg_integer(L, arg), hi = arg_integer(L, arg + 1);
  else hi = arg_integer(L, arg);
  if (hi < lo) throw RuleError("random: empty interval");
  // A ruleset bot draws from its own generator: it has no state to draw from, and a bot's
  // coin must not move the game's.
  Rng* bot = context(L).bot_rng;
  Rng& rng = bot ? *bot : writing(L).rng;
  // In unsigned arithmetic: hi - lo overflows a signed integer on the widest ranges.
  std::uint64_t span = static_cast<std::uint64_t>(hi) - static_cast<std::uint64_t>(lo);
  std::uint64_t pick = span == UINT64_MAX ? rng.next() : rng.below(span + 1);
  lua_pushinteger(L, static_cast<lua_Integer>(static_cast<std::uint64_t>(lo) + pick));
  return 1;
}

const luaL_Reg kLogMethods[] = {{"say", guarded<g_say>},
                                {"narrating", guarded<g_narrating>},
                                {"tell", guarded<g_tell>},
                                {"tell_others", guarded<g_tell_others>},
                                {"random", guarded<random_number>},
                                {"chance", guarded<g_chance>},
                                {nullptr, nullptr}};

}  // namespace arbiter::game_api
