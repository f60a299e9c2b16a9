// The instruction budget without its cost, and the time limit. Lua's count hook makes
// the VM stop at every instruction to decrement a counter, which costs a fifth of a random
// playout. So a hook call runs unhooked; a watchdog thread looks at every Lua state each
// tick, and a call that is still the same call a tick later is given the count hook (by a
// signal to its thread, as lua.c does for Ctrl-C). From then on its instructions count
// against the budget. A call that has run for the time limit (on its thread's CPU clock,
// so that a loaded machine does not change the verdict) is killed: the count
// hook raises at its next tick, and every later tick, so no pcall can outlast it; the C
// functions that could run long look at the kill themselves (the pattern matcher at each
// tick of its steps, the parser between pieces of a chunk). A call that is still running
// `kStuckGrace` after that is stuck inside some other C function, which nothing can stop
// safely: no such function is known, and as the last resort the process ends with a
// message naming the ruleset and the hook. Internal to lua/.
#pragma once
#include <lua.hpp>
#include <pthread.h>

#include <atomic>
#include <chrono>
#include <cstdint>

namespace arbiter {

// Why a call was killed; Kill::None while it may go on.
enum class Kill : int { None = 0, Instructions, CpuTime, Memory };

struct Watch {
  lua_State* L = nullptr;
  lua_Hook hook = nullptr;                // set on a call that runs past a tick
  int hook_every = 1000;                  // instructions between its ticks
  std::chrono::milliseconds cpu_limit{2000};  // the time limit of one call, on its thread's CPU clock
  const char* where = "";                 // "stacks/rules.lua", for the stuck message; must outlive the watch
  std::atomic<const char*> hook_name{""}; // the hook being run (a string literal)
  std::atomic<std::uint64_t> serial{0};   // odd while a call runs; +1 at each start and end
  std::atomic<pthread_t> thread{};        // the thread running the call
  std::atomic<bool> hooked{false};        // the count hook is set on L
  std::atomic<Kill> killed{Kill::None};   // the call in progress must end
  // The watchdog's own.
  std::uint64_t last_seen = 0;            // the serial at its last tick
  int ticks = 0;                          // ticks the same call has been seen running
  clockid_t cpu_clock{};                  // the running thread's CPU clock, read from the first tick on
  bool cpu_known = false;
  std::chrono::nanoseconds cpu_start{};
};

// How long a killed call may take to end before the process gives up on it.
constexpr auto kStuckGrace = std::chrono::milliseconds(1000);

// Starts (and stops) watching a Lua state; the watch must outlive every call on it.
void watch(Watch* w);
void unwatch(Watch* w);

// Around each protected call on the watched state, on the thread that makes it.
void call_begins(Watch* w, const char* hook);
void call_ends(Watch* w);

// Kills the call in progress on `w` (from its own thread or the watchdog's) and makes sure
// the count hook is set, so that it raises at the next tick.
void kill_call(Watch* w, Kill why);

}  // namespace arbiter
