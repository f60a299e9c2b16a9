// The instruction budget without its cost. Lua's count hook makes the VM stop at every
// instruction to decrement a counter, which costs a fifth of a random playout. So a hook
// call runs unhooked; a watchdog thread looks at every Lua state each tick, and a call that
// is still the same call a tick later is given the count hook (by a signal to its thread,
// as lua.c does for Ctrl-C). From then on its instructions count against the budget.
// Internal to binding/.
#pragma once
#include <lua.hpp>
#include <pthread.h>

#include <atomic>
#include <cstdint>

namespace arbiter {

struct Watch {
  lua_State* L = nullptr;
  lua_Hook hook = nullptr;                // set on a call that runs past a tick
  int hook_every = 1000;                  // instructions between its ticks
  std::atomic<std::uint64_t> serial{0};   // odd while a call runs; +1 at each start and end
  std::atomic<pthread_t> thread{};        // the thread running the call
  std::atomic<bool> hooked{false};        // the count hook is set on L
  std::uint64_t last_seen = 0;            // the watchdog's own: the serial at its last tick
};

// Starts (and stops) watching a Lua state; the watch must outlive every call on it.
void watch(Watch* w);
void unwatch(Watch* w);

// Around each protected call on the watched state, on the thread that makes it.
void call_begins(Watch* w);
void call_ends(Watch* w);

}  // namespace arbiter
