// The limits of a hook call (docs/limits.md): the memory cap on the Lua heap, the
// instruction budget and the time limit on the thread's CPU clock (with watchdog.cpp), and pcall and xpcall
// that cannot catch a call that was stopped.
#include "lua/context.hpp"

namespace arbiter {

void* limited_alloc(void* ud, void* ptr, std::size_t old_size, std::size_t new_size) {
  auto* ctx = static_cast<LuaContext*>(ud);
  if (ptr == nullptr) old_size = 0;  // old_size then encodes the object type
  if (new_size == 0) {
    ctx->blocks.resize(ptr, old_size, 0);
    ctx->heap -= old_size;
    return nullptr;
  }
  if (new_size > old_size && ctx->heap + (new_size - old_size) > ctx->limits.memory) {
    ctx->memory_exceeded = true;
    // Inside a C function of the binding a failed allocation would longjmp over its C++
    // objects, so it succeeds (a function's results are small), and the function raises
    // the cap's error when it returns (guarded<>). Elsewhere Lua collects and tries once
    // more before it raises "not enough memory", which no pcall may catch (sandbox_pcall).
    // Outside every hook call, the binding's own pushes (a hook's arguments) may not fail
    // either: there is no protected call to catch the error, and Lua would abort.
    if (ctx->in_call && ctx->in_binding == 0) return nullptr;
  }
  void* p = ctx->blocks.resize(ptr, old_size, new_size);
  if (p) ctx->heap = ctx->heap - old_size + new_size;
  return p;
}

// Pushes the message of a killed call: where the Lua code was, the limit, and its value.
void push_kill_message(lua_State* L, lua_Debug* ar) {
  LuaContext& ctx = context(L);
  if (!ctx.kill_text.empty()) {  // the first raise named the line; later ones say the same
    lua_pushlstring(L, ctx.kill_text.data(), ctx.kill_text.size());
    return;
  }
  Kill why = ctx.watch.killed.load(std::memory_order_relaxed);
  if (ar && lua_getinfo(L, "Sl", ar) && ar->currentline > 0)
    lua_pushfstring(L, "%s:%d: ", ar->short_src, ar->currentline);
  else lua_pushfstring(L, "%s: ", ctx.display.c_str());
  switch (why) {
    case Kill::Instructions:
      lua_pushfstring(L, "instruction budget exceeded (%I instructions) in %s(): an endless loop?",
                      static_cast<lua_Integer>(ctx.limits.instructions), ctx.hook);
      break;
    case Kill::CpuTime:
      lua_pushfstring(L, "time limit exceeded (%I ms) in %s(): a costly library call in a loop?",
                      static_cast<lua_Integer>(ctx.limits.cpu_time.count()), ctx.hook);
      break;
    default:
      lua_pushfstring(L, "memory cap exceeded (%I MiB) in %s()",
                      static_cast<lua_Integer>(ctx.limits.memory >> 20), ctx.hook);
  }
  lua_concat(L, 2);
  ++ctx.in_binding;
  ctx.kill_text = lua_tostring(L, -1);
  --ctx.in_binding;
}

// Inside a hook, level 0 is the Lua function that was running: the error names its line.
// Once a call is killed, every tick raises again, so a pcall in a loop cannot outlast it.
void count_hook(lua_State* L, lua_Debug* ar) {
  LuaContext& ctx = context(L);
  if (ctx.watch.killed.load(std::memory_order_relaxed) == Kill::None) {
    if (++ctx.steps * kHookEvery <= ctx.limits.instructions) return;
    kill_call(&ctx.watch, Kill::Instructions);
  }
  push_kill_message(L, ar);
  lua_error(L);
}

// pcall and xpcall that cannot catch a killed call: a budget, the time limit, or the
// memory cap (Lua raises "not enough memory" only after a full collection) ends the hook.
static bool uncatchable(lua_State* L, int status) {
  LuaContext& ctx = context(L);
  if (status == LUA_ERRMEM) kill_call(&ctx.watch, Kill::Memory);
  if (ctx.watch.killed.load(std::memory_order_relaxed) == Kill::None) return false;
  lua_pop(L, 1);
  push_kill_message(L, nullptr);
  return true;
}

int sandbox_pcall(lua_State* L) {
  luaL_checkany(L, 1);
  int status = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
  if (status != LUA_OK && uncatchable(L, status)) return lua_error(L);
  lua_pushboolean(L, status == LUA_OK);
  lua_insert(L, 1);
  return lua_gettop(L);
}

int sandbox_xpcall(lua_State* L) {
  int n = lua_gettop(L);
  luaL_checktype(L, 2, LUA_TFUNCTION);
  lua_pushvalue(L, 1);
  lua_rotate(L, 3, 1);  // f, handler, f, args...
  int status = lua_pcall(L, n - 2, LUA_MULTRET, 2);
  if (status != LUA_OK && uncatchable(L, status)) return lua_error(L);
  lua_pushboolean(L, status == LUA_OK);
  lua_replace(L, 2);
  return lua_gettop(L) - 1;
}

void arm_limits(lua_State* L, const char* hook) {
  LuaContext& ctx = context(L);
  ctx.hook = hook;
  ctx.steps = 0;
  ctx.said = 0;
  ctx.memory_exceeded = false;
  ctx.kill_text.clear();
  ctx.in_call = true;
  call_begins(&ctx.watch, hook);
}

void disarm_limits(lua_State* L) {
  LuaContext& ctx = context(L);
  ctx.in_call = false;
  call_ends(&ctx.watch);
}

}  // namespace arbiter
