// What the binding keeps per Lua state: the ruleset, the state a hook may read or change,
// and the sandbox's counters. Internal to binding/.
#pragma once
#include <lua.hpp>

#include <memory>
#include <string>

#include "binding/lua_rules.hpp"
#include "binding/small_blocks.hpp"
#include "binding/watchdog.hpp"

namespace arbiter {

struct LuaContext {
  std::shared_ptr<const Ruleset> ruleset;
  std::string scripts_dir;
  SandboxLimits limits;
  const State* reading = nullptr;  // the state the current hook sees
  State* writing = nullptr;        // non-null only in hooks that may change it
  const char* hook = "";           // the hook being run, for messages
  // Sandbox accounting.
  std::size_t heap = 0;            // bytes the Lua heap holds now
  std::size_t heap_limit = 0;      // 0: no limit (while loading)
  long long steps = 0;             // count-hook ticks in this call
  Watch watch;                     // the instruction budget's watchdog (watchdog.hpp)
  SmallBlocks blocks;              // where the Lua heap's small blocks live (small_blocks.hpp)
  bool memory_exceeded = false;
};

LuaContext& context(lua_State* L);

// The sandbox: restricted standard libraries, a `require` confined to the ruleset's folder
// and scripts/, text-only `load`, a deterministic math.random, a frozen global table.
lua_State* new_sandbox(LuaContext* ctx);
void close_sandbox(lua_State* L);
void freeze_globals(lua_State* L);
// Arms the instruction and memory limits for one call; disarms them again. The instruction
// budget counts from the moment the watchdog finds the call still running (watchdog.hpp).
void arm_limits(lua_State* L);
void disarm_limits(lua_State* L);
// Loads a file as a text chunk named `display` (e.g. "stacks/rules.lua"). Lua error on failure.
int load_file_chunk(lua_State* L, const std::string& path, const std::string& display);

// A seat's view as a plain Lua table, for the ruleset's own bots (they get no `game`).
void push_view(lua_State* L, const View& view);

// The `game` object passed to every hook.
void register_game(lua_State* L);
void push_game(lua_State* L);

// Turns a C++ exception into a Lua error at one place. Use as guarded<f>.
template <lua_CFunction F>
int guarded(lua_State* L) {
  bool failed = false;
  try {
    return F(L);
  } catch (const std::exception& e) {
    luaL_where(L, 1);
    lua_pushstring(L, e.what());
    lua_concat(L, 2);
    failed = true;
  }
  return failed ? lua_error(L) : 0;
}

}  // namespace arbiter
