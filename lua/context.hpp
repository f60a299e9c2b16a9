// What the binding keeps per Lua state: the ruleset, the state a hook may read or change,
// and the sandbox's counters. Internal to lua/.
#pragma once
#include <lua.hpp>

#include <array>
#include <cstdint>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "lua/lua_rules.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/props.hpp"
#include "lua/small_blocks.hpp"
#include "lua/watchdog.hpp"

namespace arbiter {

// What a name passed from Lua stands for, found by the address of the Lua string. Lua
// interns short strings, so "deck" written anywhere in a ruleset is one string at one
// address; a name is cached only while the registry anchors it (LuaContext::anchors), so no
// other string can take its address. A long string (over 40 bytes) is never the same
// object twice and is never cached (remember in lua/wrap_game.cpp): it just misses.
// Direct-mapped: a collision replaces the older entry.
struct NameCache {
  struct Entry {
    const char* name = nullptr;
    std::intptr_t value = -1;
  };
  std::array<Entry, 256> slots{};
  static std::size_t slot(const char* p) { return (reinterpret_cast<std::uintptr_t>(p) >> 4) & 255; }
  std::intptr_t find(const char* p) const {
    const Entry& e = slots[slot(p)];
    return e.name == p ? e.value : -1;
  }
  void put(const char* p, std::intptr_t value) { slots[slot(p)] = {p, value}; }
  void clear() { slots.fill({}); }
};

struct LuaContext {
  std::shared_ptr<const Ruleset> ruleset;
  std::string scripts_dir;
  SandboxLimits limits;
  const State* reading = nullptr;  // the state the current hook sees
  State* writing = nullptr;        // non-null only in hooks that may change it
  Rng* bot_rng = nullptr;          // a ruleset bot's own generator, while the bot runs (its math.random)
  const char* hook = "";           // the hook being run, for messages
  std::string display;              // "stacks/rules.lua", for messages
  int game_ref = LUA_NOREF;         // the `game` object, in the registry
  // Names the rules pass on every call ("deck", "score"), each looked up once (NameCache).
  // Variables and zone kinds are the ruleset's; zone names and parameters are one table's,
  // emptied when the table changes.
  NameCache var_names, zone_defs, zone_names, param_values, prop_names;
  PropTable props;                 // component properties by number, made on first use from `ruleset`
  std::uint64_t names_table = 0;   // the Table::serial zone_names and param_values are for
  int anchors = LUA_NOREF;         // a registry table holding every name cached, so none is collected
  // Sandbox accounting.
  std::size_t heap = 0;            // bytes the Lua heap holds now (at most limits.memory)
  long long steps = 0;             // count-hook ticks in this call
  int said = 0;                    // narration lines this call has added
  bool action_args_made = false;   // some action's `args` has been read (so a kept action may hold them)
  int in_binding = 0;              // > 0 inside a C function of the binding (guarded<>)
  bool in_call = false;            // a hook call is running (between arm_limits and disarm_limits)
  Watch watch;                     // the instruction budget's watchdog (watchdog.hpp)
  SmallBlocks blocks;              // where the Lua heap's small blocks live (small_blocks.hpp)
  bool memory_exceeded = false;    // an allocation went past the cap in this call
  std::string kill_text;           // why this call was killed, as first raised
};

// The context lives in the Lua state's extra space (set by new_sandbox): every call of
// the binding reads it, so it costs one load.
inline LuaContext& context(lua_State* L) { return **static_cast<LuaContext**>(lua_getextraspace(L)); }

// The sandbox: restricted standard libraries, a `require` confined to the ruleset's folder
// and scripts/, text-only `load`, a deterministic math.random, a frozen global table.
lua_State* new_sandbox(LuaContext* ctx);
void close_sandbox(lua_State* L);
void freeze_globals(lua_State* L);
// Arms the limits for one call of `hook` (a string literal); disarms them again. The
// instruction budget counts from the moment the watchdog finds the call still running
// (watchdog.hpp). The memory cap holds for the whole Lua heap, across calls.
void arm_limits(lua_State* L, const char* hook);
void disarm_limits(lua_State* L);
// Loads a file as a text chunk named `display` (e.g. "stacks/rules.lua"). Lua error on failure.
int load_file_chunk(lua_State* L, const std::string& path, const std::string& display);
// The same for a file of the ruleset's folder, `name` relative to it: its text from the
// ruleset's `sources` when held there (a mutant's), else from the file.
int load_ruleset_chunk(lua_State* L, const std::string& name, const std::string& display);

// A seat's view as a plain Lua table, for the ruleset's own bots (they get no `game`).
void push_view(lua_State* L, const View& view);

// What hooks hand back, read within limits (hook_results.cpp). A message from Lua cut at
// 4096 bytes with a note of its length; the list actions() left on the top of the stack,
// of at most 10000 actions, 4096 bytes each and 1 MiB in all, into `out`.
std::string cut_message(const char* text, std::size_t size);
Status read_actions(lua_State* L, const std::string& display, std::vector<std::string>& out);
// The list expand() or completions() left on the top of the stack: at most 1000 texts of
// at most 4096 bytes each, normalised, appended to `out`; `what` and `many` name them in errors.
Status read_texts(lua_State* L, const std::string& display, const char* hook, const char* what,
                  const char* many, std::vector<std::string>& out);

// The `game` object passed to every hook.
void register_game(lua_State* L);
void push_game(lua_State* L);

// The limits (limits.cpp). The allocator that keeps the heap under the cap; the count hook
// of the instruction budget, which raises every tick once a call is killed; pcall and
// xpcall that cannot catch a killed call; the message of a killed call, naming the Lua
// line `ar` (or the ruleset, without one).
constexpr int kHookEvery = 1000;  // instructions between count-hook ticks
void* limited_alloc(void* ud, void* ptr, std::size_t old_size, std::size_t new_size);
void count_hook(lua_State* L, lua_Debug* ar);
int sandbox_pcall(lua_State* L);
int sandbox_xpcall(lua_State* L);
void push_kill_message(lua_State* L, lua_Debug* ar);

// Every C function the binding gives Lua is guarded<F>: F reports errors only by C++
// exceptions (never by luaL_error or luaL_check*, which would longjmp over its C++
// objects), and allocations inside it do not fail (the cap is enforced when it returns).
// The Lua error is raised here, after F's objects are gone: the one place where C++
// errors become Lua errors.
template <lua_CFunction F>
int guarded(lua_State* L) {
  LuaContext& ctx = context(L);
  int results = 0;
  bool failed = false;
  ++ctx.in_binding;
  try {
    results = F(L);
  } catch (const std::exception& e) {
    failed = true;
    luaL_where(L, 1);
    lua_pushstring(L, user_message(e, "this call to the game").c_str());
    lua_concat(L, 2);
  }
  --ctx.in_binding;
  if (ctx.watch.killed.load(std::memory_order_relaxed) != Kill::None) {
    push_kill_message(L, nullptr);
    return lua_error(L);
  }
  if (ctx.memory_exceeded && ctx.in_binding == 0 && ctx.heap > ctx.limits.memory) {
    lua_gc(L, LUA_GCCOLLECT);
    if (ctx.heap > ctx.limits.memory) {
      kill_call(&ctx.watch, Kill::Memory);
      push_kill_message(L, nullptr);
      return lua_error(L);
    }
  }
  return failed ? lua_error(L) : results;
}

}  // namespace arbiter
