// Loading a ruleset's Lua and calling its hooks: one protected call with a traceback
// handler per hook, inside the sandbox's limits.
#include "lua/lua_rules.hpp"

#include <algorithm>
#include <cstring>
#include <filesystem>
#include <string_view>

#include "lua/context.hpp"
#include "lua/lua_traceback.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/engine.hpp"
#include "runtime/limits.hpp"

namespace fs = std::filesystem;

namespace arbiter {

namespace {


const char* const kHooks[] = {"setup", "round_start", "turn_start", "round_end", "apply",
                              "round_order", "actions", "accepts", "score", "outcome", "expand",
                              "resolve", "tag", "completions"};
constexpr int kHookCount = sizeof(kHooks) / sizeof(kHooks[0]);
// Indices into kHooks.
enum Hook { kSetup_, kRoundStart_, kTurnStart_, kRoundEnd_, kApply_, kRoundOrder_, kActions_, kAccepts_,
            kScore_, kOutcome_, kExpand_, kResolve_, kTag_, kCompletions_ };

// The metatable of the action passed to apply: `args` is made the first time it is read,
// from the text, since most rules read only `name` and a table of words costs as much as
// the rest of a simple action. Its metatable is hidden, so a ruleset cannot change it.
int action_index(lua_State* L) {
  if (lua_type(L, 2) != LUA_TSTRING || std::strcmp(lua_tostring(L, 2), "args") != 0) return 0;
  lua_getfield(L, 1, "text");
  std::size_t size = 0;
  const char* text = lua_tolstring(L, -1, &size);
  std::string_view words = text ? std::string_view(text, size) : std::string_view();
  // Texts are normalized: one space between words.
  lua_createtable(L, static_cast<int>(std::count(words.begin(), words.end(), ' ')), 0);
  std::size_t start = words.find(' ');
  for (int n = 1; start != std::string_view::npos; ++n) {
    std::size_t end = words.find(' ', start + 1);
    std::size_t stop = end == std::string_view::npos ? words.size() : end;
    lua_pushlstring(L, words.data() + start + 1, stop - start - 1);
    lua_rawseti(L, -2, n);
    start = end;
  }
  lua_pushvalue(L, -1);
  lua_setfield(L, 1, "args");  // rawset: the table has no __newindex
  context(L).action_args_made = true;
  return 1;
}

void push_action_meta(lua_State* L) {
  lua_createtable(L, 0, 2);
  lua_pushcfunction(L, action_index);
  lua_setfield(L, -2, "__index");
  lua_pushboolean(L, 0);
  lua_setfield(L, -2, "__metatable");
}

// pairs(action) lists the fields behind the proxy (text, name, and args once read), from an
// iterator that holds them as an upvalue, so that the table behind stays out of the rules'
// hands.
int action_next(lua_State* L) {
  lua_settop(L, 2);
  if (lua_next(L, lua_upvalueindex(1))) return 2;
  lua_pushnil(L);
  return 1;
}
int action_pairs(lua_State* L) {
  lua_getmetatable(L, 1);
  lua_rawgeti(L, -1, 1);
  lua_pushcclosure(L, action_next, 1);
  lua_pushvalue(L, 1);
  lua_pushnil(L);
  return 3;
}

}  // namespace

struct LuaRules::Impl {
  LuaContext ctx;
  lua_State* L = nullptr;
  int rules_ref = LUA_NOREF;
  int action_meta_ref = LUA_NOREF;
  bool has[kHookCount] = {};
  int hook_ref[kHookCount] = {};  // each hook function, held in the registry since loading

  ~Impl() {
    if (L) close_sandbox(L);
  }

  int index_of(const char* hook) const {
    for (std::size_t i = 0; i < sizeof(kHooks) / sizeof(kHooks[0]); ++i)
      if (std::strcmp(kHooks[i], hook) == 0) return static_cast<int>(i);
    return -1;
  }

  // Pushes handler and the hook function; returns the handler's index, or 0 if no such hook.
  // The function is the one the rules table held when it was loaded (by reference: no
  // lookup by name on every call).
  int prepare(Hook hook) {
    if (!has[hook]) return 0;
    lua_pushcfunction(L, traceback_handler);
    int handler = lua_gettop(L);
    lua_rawgeti(L, LUA_REGISTRYINDEX, hook_ref[hook]);
    push_game(L);
    return handler;
  }

  // Calls the prepared hook with `nargs` arguments after the game. Leaves `nresults` on the stack.
  Status call(const char* hook, int handler, int nargs, int nresults, const State* read, State* write) {
    ctx.reading = read;
    ctx.writing = write;
    int rc = protected_call(hook, nargs + 1, nresults, handler);
    ctx.reading = nullptr;
    ctx.writing = nullptr;
    if (rc == LUA_OK) return {};
    std::size_t size = 0;
    const char* text = lua_tolstring(L, -1, &size);
    std::string msg = text ? cut_message(text, size) : "unknown error";
    lua_settop(L, handler - 1);
    return Status::error(msg);
  }

  // lua_pcall inside the limits. A call stopped by the memory cap (or whose handler ran out
  // of memory) says so first, in place of Lua's bare "not enough memory".
  int protected_call(const char* hook, int nargs, int nresults, int handler) {
    arm_limits(L, hook);
    int rc = lua_pcall(L, nargs, nresults, handler);
    disarm_limits(L);
    if (rc != LUA_OK && (ctx.watch.killed.load() == Kill::Memory || rc == LUA_ERRMEM)) {
      std::string trace = lua_tostring(L, -1) ? lua_tostring(L, -1) : "";
      lua_pop(L, 1);
      lua_gc(L, LUA_GCCOLLECT);
      std::string msg = ctx.display + ": memory cap exceeded (" + std::to_string(ctx.limits.memory >> 20) +
                        " MiB) in " + hook + "()";
      if (trace == "not enough memory") trace.clear();  // Lua's own words for the same refusal: said above
      if (trace.find("memory cap exceeded") == std::string::npos && !trace.empty()) msg += "\n" + trace;
      else if (!trace.empty()) msg = trace;
      lua_pushstring(L, msg.c_str());
    }
    return rc;
  }

  // bots.lua returns {name = function(view, legal, on_turn) ... end} for each bot game.yaml lists.
  int bots_ref = LUA_NOREF;
  void load_bots() {
    std::string display = ctx.ruleset->id + "/bots.lua";
    lua_pushcfunction(L, traceback_handler);
    if (load_file_chunk(L, (fs::path(ctx.ruleset->dir) / "bots.lua").string(), display) != LUA_OK)
      throw InputError(lua_tostring(L, -1));
    int rc = protected_call("load", 0, 1, 1);
    if (rc != LUA_OK) throw InputError(lua_tostring(L, -1));
    if (!lua_istable(L, -1)) throw InputError(display + ": should return a table of bot functions");
    for (const auto& name : ctx.ruleset->bots) {
      if (lua_getfield(L, -1, name.c_str()) != LUA_TFUNCTION)
        throw InputError(display + ": game.yaml lists bot " + quote(name) +
                         " but bots.lua has no such function");
      lua_pop(L, 1);
    }
    bots_ref = luaL_ref(L, LUA_REGISTRYINDEX);
    lua_settop(L, 0);
  }

  // The action passed to apply: {text = "play 4 bid 9", name = "play", args = {"4", "bid",
  // "9"}}, args made when first read (action_index). A game plays the same few actions again
  // and again, so each distinct text's action is made once and kept (at most kActionsKept).
  // What apply gets is an empty proxy whose metatable (hidden) reads through to the fields.
  // When a kept one is taken again, it is used only if its proxy is still empty (one
  // lua_next): a ruleset that wrote to it, in that call or later through a copy it kept,
  // gets a new one. The args a call read are dropped then, so each call gets fresh ones.
  static constexpr int kActionsKept = 4096;
  int actions_ref = LUA_NOREF;  // text -> proxy
  int actions_kept = 0;
  int args_ref = LUA_NOREF;     // the string "args"
  void push_action(const std::string& action) {
    if (actions_ref == LUA_NOREF || actions_kept >= kActionsKept) {
      if (actions_ref != LUA_NOREF) luaL_unref(L, LUA_REGISTRYINDEX, actions_ref);
      lua_newtable(L);
      actions_ref = luaL_ref(L, LUA_REGISTRYINDEX);
      actions_kept = 0;
    }
    lua_rawgeti(L, LUA_REGISTRYINDEX, actions_ref);
    lua_pushlstring(L, action.data(), action.size());
    if (lua_rawget(L, -2) == LUA_TTABLE && as_made(lua_gettop(L))) {
      lua_remove(L, -2);
      return;
    }
    lua_pop(L, 1);
    lua_createtable(L, 0, 0);  // the proxy
    lua_createtable(L, 1, 3);  // its metatable
    lua_createtable(L, 0, 3);  // the fields
    lua_pushlstring(L, action.data(), action.size());
    lua_setfield(L, -2, "text");
    lua_pushlstring(L, action.data(), std::min(action.find(' '), action.size()));
    lua_setfield(L, -2, "name");
    lua_rawgeti(L, LUA_REGISTRYINDEX, action_meta_ref);
    lua_setmetatable(L, -2);
    lua_pushvalue(L, -1);
    lua_rawseti(L, -3, 1);
    lua_setfield(L, -2, "__index");
    lua_pushcfunction(L, action_pairs);
    lua_setfield(L, -2, "__pairs");
    lua_pushboolean(L, 0);
    lua_setfield(L, -2, "__metatable");
    lua_setmetatable(L, -2);
    lua_pushlstring(L, action.data(), action.size());
    lua_pushvalue(L, -2);
    lua_rawset(L, -4);
    ++actions_kept;
    lua_remove(L, -2);
  }
  // Whether the kept proxy at `index` is as made (nothing written to it); drops the args
  // an earlier call read.
  bool as_made(int index) {
    lua_pushnil(L);
    if (lua_next(L, index)) {
      lua_pop(L, 2);
      return false;
    }
    if (!ctx.action_args_made) return true;  // no args were ever made: none to drop
    lua_getmetatable(L, index);
    lua_rawgeti(L, -1, 1);
    lua_rawgeti(L, LUA_REGISTRYINDEX, args_ref);
    if (lua_rawget(L, -2) != LUA_TNIL) {
      lua_rawgeti(L, LUA_REGISTRYINDEX, args_ref);
      lua_pushnil(L);
      lua_rawset(L, -4);
    }
    lua_pop(L, 3);
    return true;
  }

  Status run_changing(Hook hook, State& state) {
    int h = prepare(hook);
    if (!h) return {};
    Status st = call(kHooks[hook], h, 0, 0, &state, &state);
    if (st.ok) lua_settop(L, h - 1);
    return st;
  }
};

LuaRules::LuaRules(std::shared_ptr<const Ruleset> ruleset, std::string scripts_dir, SandboxLimits limits)
    : impl_(std::make_unique<Impl>()) {
  Impl& m = *impl_;
  m.ctx.ruleset = ruleset;
  m.ctx.scripts_dir = std::move(scripts_dir);
  m.ctx.limits = limits;
  m.ctx.display = ruleset->id + "/" + ruleset->rules_file;
  m.L = new_sandbox(&m.ctx);
  if (!m.L) throw InputError("cannot create a Lua state");
  const std::string& display = m.ctx.display;
  lua_pushcfunction(m.L, traceback_handler);
  if (load_ruleset_chunk(m.L, ruleset->rules_file, display) != LUA_OK)
    throw InputError(lua_tostring(m.L, -1));
  int rc = m.protected_call("load", 0, 1, 1);
  if (rc != LUA_OK) throw InputError(lua_tostring(m.L, -1));
  if (!lua_istable(m.L, -1)) throw InputError(display + ": should return a table of rule functions");
  lua_pushnil(m.L);
  while (lua_next(m.L, -2)) {
    lua_pop(m.L, 1);
    std::string key = lua_type(m.L, -1) == LUA_TSTRING ? lua_tostring(m.L, -1) : "?";
    int i = m.index_of(key.c_str());
    if (i < 0) {
      std::vector<std::string> known(std::begin(kHooks), std::end(kHooks));
      throw InputError(display + ": the returned table has unknown rule " + quote(key) +
                       did_you_mean(key, known) + "; rules are " + join_choices(known, ", "));
    }
    lua_getfield(m.L, -2, key.c_str());
    if (!lua_isfunction(m.L, -1)) throw InputError(display + ": rule " + quote(key) + " is not a function");
    m.hook_ref[i] = luaL_ref(m.L, LUA_REGISTRYINDEX);
    m.has[i] = true;
  }
  if (!m.has[m.index_of("actions")] || !m.has[m.index_of("apply")])
    throw InputError(display + ": the rules need at least actions(game, seat) and apply(game, seat, action)");
  m.rules_ref = luaL_ref(m.L, LUA_REGISTRYINDEX);
  push_action_meta(m.L);
  m.action_meta_ref = luaL_ref(m.L, LUA_REGISTRYINDEX);
  lua_pushliteral(m.L, "args");
  m.args_ref = luaL_ref(m.L, LUA_REGISTRYINDEX);
  lua_settop(m.L, 0);
  if (!ruleset->bots.empty()) m.load_bots();
  freeze_globals(m.L);
}

LuaRules::~LuaRules() = default;

std::vector<std::string> LuaRules::hooks() const {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < sizeof(kHooks) / sizeof(kHooks[0]); ++i)
    if (impl_->has[i]) out.push_back(kHooks[i]);
  return out;
}

Status LuaRules::setup(State& state) { return impl_->run_changing(kSetup_, state); }
Status LuaRules::round_start(State& state) { return impl_->run_changing(kRoundStart_, state); }
Status LuaRules::turn_start(State& state) { return impl_->run_changing(kTurnStart_, state); }
Status LuaRules::round_end(State& state) { return impl_->run_changing(kRoundEnd_, state); }

Status LuaRules::apply(State& state, int seat, const std::string& action) {
  Impl& m = *impl_;
  lua_State* L = m.L;
  int base = lua_gettop(L);
  m.push_action(action);
  int h = m.prepare(kApply_);
  lua_pushinteger(L, seat + 1);
  lua_pushvalue(L, base + 1);
  Status st = m.call("apply", h, 2, 0, &state, &state);
  lua_settop(L, base);
  return st;
}

Status LuaRules::outcome(State& state, const std::string& decision, const std::string& result) {
  Impl& m = *impl_;
  int h = m.prepare(kOutcome_);
  if (!h) return Status::error(m.ctx.ruleset->id + "/" + m.ctx.ruleset->rules_file +
                               ": asks for chance decisions but has no outcome(game, decision, result) rule");
  lua_pushstring(m.L, decision.c_str());
  lua_pushstring(m.L, result.c_str());
  Status st = m.call("outcome", h, 2, 0, &state, &state);
  if (st.ok) lua_settop(m.L, h - 1);
  return st;
}

// choices: a table from seat number to its commitment, for the seats that were asked.
Status LuaRules::resolve(State& state, const std::vector<std::string>& choices) {
  Impl& m = *impl_;
  int h = m.prepare(kResolve_);
  if (!h) return Status::error(m.ctx.ruleset->id + "/" + m.ctx.ruleset->rules_file +
                               ": opens a simultaneous choice but has no resolve(game, choices) rule");
  lua_createtable(m.L, 0, static_cast<int>(choices.size()));
  for (std::size_t seat = 0; seat < choices.size(); ++seat)
    if (!choices[seat].empty())
      lua_pushstring(m.L, choices[seat].c_str()), lua_rawseti(m.L, -2, static_cast<lua_Integer>(seat + 1));
  Status st = m.call("resolve", h, 1, 0, &state, &state);
  if (st.ok) lua_settop(m.L, h - 1);
  return st;
}

Status LuaRules::round_order(const State& state, std::vector<int>& order) {
  Impl& m = *impl_;
  order.clear();
  int h = m.prepare(kRoundOrder_);
  if (!h) return {};
  Status st = m.call("round_order", h, 0, 1, &state, nullptr);
  if (!st.ok) return st;
  if (!lua_istable(m.L, -1)) st = Status::error(m.ctx.display + ": round_order should return a list of seats");
  else if (lua_rawlen(m.L, -1) > static_cast<lua_Unsigned>(state.seat_count()))
    st = Status::error(m.ctx.display + ": round_order returned " + std::to_string(lua_rawlen(m.L, -1)) +
                       " seats; the table has " + std::to_string(state.seat_count()));
  else
    for (lua_Integer i = 1; i <= static_cast<lua_Integer>(lua_rawlen(m.L, -1)); ++i) {
      lua_rawgeti(m.L, -1, i);
      lua_Integer seat = lua_tointeger(m.L, -1);  // 0 when not an integer: refused below, as any other
      order.push_back(seat >= 1 && seat <= state.seat_count() ? static_cast<int>(seat) - 1 : -1);
      lua_pop(m.L, 1);
    }
  lua_settop(m.L, h - 1);
  return st;
}

Status LuaRules::actions(const State& state, int seat, std::vector<std::string>& out) {
  Impl& m = *impl_;
  int h = m.prepare(kActions_);
  lua_pushinteger(m.L, seat + 1);
  Status st = m.call("actions", h, 1, 1, &state, nullptr);
  if (st.ok) st = read_actions(m.L, m.ctx.display, out);
  if (!st.ok) out.clear();  // a list cut short is no list of what is legal
  lua_settop(m.L, h - 1);
  return st;
}

Status LuaRules::accepts(const State& state, int seat, const std::string& action, bool& accepted,
                         std::string& canonical, std::string& why) {
  Impl& m = *impl_;
  accepted = false;
  int h = m.prepare(kAccepts_);
  if (!h) return {};
  lua_pushinteger(m.L, seat + 1);
  lua_pushstring(m.L, action.c_str());
  Status st = m.call("accepts", h, 2, 2, &state, nullptr);
  if (!st.ok) return st;
  if (lua_toboolean(m.L, -2)) {
    accepted = true;
    if (lua_type(m.L, -2) == LUA_TSTRING && lua_rawlen(m.L, -2) > kMaxActionText)
      st = Status::error(m.ctx.display + ": accepts() returned an action of " +
                         std::to_string(lua_rawlen(m.L, -2)) + " bytes; an action is at most " +
                         std::to_string(kMaxActionText));
    else if (lua_type(m.L, -2) == LUA_TSTRING) canonical = normalize_action(lua_tostring(m.L, -2));
  } else if (lua_type(m.L, -1) == LUA_TSTRING) {
    why = cut_message(lua_tostring(m.L, -1), lua_rawlen(m.L, -1));
  }
  lua_settop(m.L, h - 1);
  return st;
}

Status LuaRules::expand(const State& state, int seat, const std::string& line,
                        std::vector<std::string>& steps) {
  Impl& m = *impl_;
  int h = m.prepare(kExpand_);
  if (!h) return {};
  lua_pushinteger(m.L, seat + 1);
  lua_pushstring(m.L, line.c_str());
  Status st = m.call("expand", h, 2, 1, &state, nullptr);
  if (st.ok) st = read_texts(m.L, m.ctx.display, "expand", "step", "steps for one line", steps);
  lua_settop(m.L, h - 1);
  return st;
}

Status LuaRules::completions(const State& state, int seat, std::vector<std::string>& out) {
  Impl& m = *impl_;
  int h = m.prepare(kCompletions_);
  if (!h) return {};
  lua_pushinteger(m.L, seat + 1);
  Status st = m.call("completions", h, 1, 1, &state, nullptr);
  if (st.ok) st = read_texts(m.L, m.ctx.display, "completions", "text", "texts", out);
  lua_settop(m.L, h - 1);
  return st;
}

Status LuaRules::choose(const std::string& name, const View& view, const std::vector<std::string>& legal,
                        bool on_turn, Rng& rng, std::string& choice) {
  Impl& m = *impl_;
  if (m.bots_ref == LUA_NOREF) return Status::error("no bot " + quote(name));
  lua_pushcfunction(m.L, traceback_handler);
  int h = lua_gettop(m.L);
  lua_rawgeti(m.L, LUA_REGISTRYINDEX, m.bots_ref);
  lua_getfield(m.L, -1, name.c_str());
  lua_remove(m.L, -2);
  push_view(m.L, view);
  lua_createtable(m.L, static_cast<int>(legal.size()), 0);
  for (std::size_t i = 0; i < legal.size(); ++i) {
    lua_pushstring(m.L, legal[i].c_str());
    lua_rawseti(m.L, -2, static_cast<lua_Integer>(i + 1));
  }
  lua_pushboolean(m.L, on_turn);
  // The bot sees no state: the game object refuses use while `reading` is null.
  m.ctx.reading = nullptr;
  m.ctx.writing = nullptr;
  m.ctx.bot_rng = &rng;
  int rc = m.protected_call("bot", 3, 1, h);
  m.ctx.bot_rng = nullptr;
  Status st;
  if (rc != LUA_OK)
    st = Status::error(lua_tostring(m.L, -1) ? cut_message(lua_tostring(m.L, -1), lua_rawlen(m.L, -1))
                                             : "bot error");
  else if (lua_type(m.L, -1) == LUA_TSTRING && lua_rawlen(m.L, -1) > kMaxActionText)
    st = Status::error(m.ctx.ruleset->id + "/bots.lua: bot '" + name + "' chose an action of " +
                       std::to_string(lua_rawlen(m.L, -1)) + " bytes; an action is at most " +
                       std::to_string(kMaxActionText));
  else if (lua_type(m.L, -1) == LUA_TSTRING) choice = normalize_action(lua_tostring(m.L, -1));
  lua_settop(m.L, h - 1);
  return st;
}

bool LuaRules::scores_by_hook() const { return impl_->has[kScore_]; }

bool LuaRules::tags_actions() const { return impl_->has[kTag_]; }

// The tag is read before the action is taken, with the action as apply gets it.
Status LuaRules::tag(const State& state, int seat, const std::string& action, std::string& out) {
  Impl& m = *impl_;
  out.clear();
  int base = lua_gettop(m.L), h = (m.push_action(action), m.prepare(kTag_));
  if (!h) {
    lua_settop(m.L, base);
    return Status{};
  }
  lua_pushinteger(m.L, seat + 1);
  lua_pushvalue(m.L, base + 1);
  Status st = m.call("tag", h, 2, 1, &state, nullptr);
  std::size_t size = 0;
  const char* text = st.ok && lua_type(m.L, -1) == LUA_TSTRING ? lua_tolstring(m.L, -1, &size) : nullptr;
  if (text && size >= 1 && size <= kMaxTagBytes) out.assign(text, size);
  else if (st.ok && (text || !lua_isnil(m.L, -1)))
    st = Status::error(
        m.ctx.display + ": tag(game, seat, action) for " + quote(shortened(action, 64)) + " gave " +
        (text ? std::to_string(size) + " bytes" : std::string("a ") + luaL_typename(m.L, -1)) +
        ": give a string of 1 to " + std::to_string(kMaxTagBytes) + " bytes, or nil for the first word");
  lua_settop(m.L, base);
  return st;
}

Status LuaRules::score(const State& state, int seat, Value& out) {
  Impl& m = *impl_;
  int h = m.prepare(kScore_);
  if (!h) return {};
  lua_pushinteger(m.L, seat + 1);
  Status st = m.call("score", h, 1, 1, &state, nullptr);
  if (!st.ok) return st;
  if (lua_isinteger(m.L, -1)) out = Value{static_cast<std::int64_t>(lua_tointeger(m.L, -1))};
  lua_settop(m.L, h - 1);
  return st;
}

}  // namespace arbiter
