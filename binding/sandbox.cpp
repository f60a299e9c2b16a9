// The Lua sandbox a ruleset runs in: no io, os, debug, dofile, loadfile or bytecode;
// `require` finds only the ruleset's folder and scripts/; each hook call has an
// instruction budget and a memory cap.
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "binding/context.hpp"

namespace fs = std::filesystem;

namespace arbiter {

namespace {

constexpr int kHookEvery = 1000;  // instructions between count-hook ticks

void* limited_alloc(void* ud, void* ptr, std::size_t old_size, std::size_t new_size) {
  auto* ctx = static_cast<LuaContext*>(ud);
  if (ptr == nullptr) old_size = 0;  // old_size then encodes the object type
  if (new_size == 0) {
    ctx->blocks.resize(ptr, old_size, 0);
    ctx->heap -= old_size;
    return nullptr;
  }
  if (ctx->heap_limit && new_size > old_size && ctx->heap + (new_size - old_size) > ctx->heap_limit) {
    ctx->memory_exceeded = true;
    return nullptr;  // Lua raises "not enough memory"; the binding reports the cap
  }
  void* p = ctx->blocks.resize(ptr, old_size, new_size);
  if (p) ctx->heap = ctx->heap - old_size + new_size;
  return p;
}

// Inside a hook, level 0 is the Lua function that was running: the error names its line.
void count_hook(lua_State* L, lua_Debug* ar) {
  LuaContext& ctx = context(L);
  if (++ctx.steps * kHookEvery <= ctx.limits.instructions) return;
  lua_getinfo(L, "Sl", ar);
  lua_pushfstring(L, "%s:%d: instruction budget exceeded (%I instructions) in %s(): an endless loop?", ar->short_src,
                  ar->currentline, static_cast<lua_Integer>(ctx.limits.instructions), ctx.hook);
  lua_error(L);
}

// print(...) writes to stderr, marked with the ruleset, so it never mixes into a game's output.
int sandbox_print(lua_State* L) {
  int n = lua_gettop(L);
  std::string line = "[" + context(L).ruleset->id + "]";
  for (int i = 1; i <= n; ++i) line += std::string(i == 1 ? " " : "\t") + luaL_tolstring(L, i, nullptr);
  std::fprintf(stderr, "%s\n", line.c_str());
  return 0;
}

// rawset(t, k, v) except on the global table, which stays frozen.
int sandbox_rawset(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_pushglobaltable(L);
  bool globals = lua_rawequal(L, 1, -1);
  lua_pop(L, 1);
  if (globals) return luaL_error(L, "cannot rawset the global table: it is frozen once the ruleset has loaded");
  luaL_checkany(L, 2);
  luaL_checkany(L, 3);
  lua_settop(L, 3);
  lua_rawset(L, 1);
  return 1;
}

// table.sort as a stable sort: Lua's own quicksort picks random pivots on long lists (from
// the clock), so equal elements could land differently on a replay. Short runs (most hands
// and stacks are a handful of components) are sorted by insertion, longer ones merged.
const char* const kStableSort = R"lua(
local function insertion(t, lo, hi, less)
  for i = lo + 1, hi do
    local v, j = t[i], i - 1
    while j >= lo and less(v, t[j]) do t[j + 1] = t[j]; j = j - 1 end
    t[j + 1] = v
  end
end
local function merge(t, lo, mid, hi, less, tmp)
  for i = lo, hi do tmp[i] = t[i] end
  local i, j = lo, mid + 1
  for k = lo, hi do
    if i > mid then t[k] = tmp[j]; j = j + 1
    elseif j > hi then t[k] = tmp[i]; i = i + 1
    elseif less(tmp[j], tmp[i]) then t[k] = tmp[j]; j = j + 1
    else t[k] = tmp[i]; i = i + 1 end
  end
end
local function sort(t, lo, hi, less, tmp)
  if hi - lo < 12 then return insertion(t, lo, hi, less) end
  local mid = (lo + hi) // 2
  sort(t, lo, mid, less, tmp)
  sort(t, mid + 1, hi, less, tmp)
  if less(t[mid + 1], t[mid]) then merge(t, lo, mid, hi, less, tmp) end
end
local function lt(a, b) return a < b end
return function(t, less)
  local n = #t
  if n < 2 then return end
  less = less or lt
  if n <= 12 then return insertion(t, 1, n, less) end
  sort(t, 1, n, less, {})
end
)lua";

bool read_text(const std::string& path, std::string& out) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::stringstream buffer;
  buffer << in.rdbuf();
  out = buffer.str();
  return true;
}

// require(name): the ruleset's folder first, then scripts/. Modules are cached.
int sandbox_require(lua_State* L) {
  const char* name = luaL_checkstring(L, 1);
  lua_getfield(L, LUA_REGISTRYINDEX, "arbiter.loaded");
  if (lua_getfield(L, -1, name) != LUA_TNIL) return 1;
  lua_pop(L, 1);
  LuaContext& ctx = context(L);
  std::string rel = std::string(name);
  for (auto& c : rel) if (c == '.') c = '/';
  if (rel.find("..") != std::string::npos || (!rel.empty() && rel[0] == '/'))
    return luaL_error(L, "require: module name '%s' may not leave the ruleset's folder", name);
  const std::string candidates[2][2] = {
      {(fs::path(ctx.ruleset->dir) / (rel + ".lua")).string(), ctx.ruleset->id + "/" + rel + ".lua"},
      {(fs::path(ctx.scripts_dir) / (rel + ".lua")).string(), "scripts/" + rel + ".lua"}};
  for (const auto& [path, display] : candidates) {
    if (!fs::exists(path)) continue;
    if (load_file_chunk(L, path, display) != LUA_OK) return lua_error(L);
    lua_pushstring(L, name);
    lua_call(L, 1, 1);
    if (lua_isnil(L, -1)) { lua_pop(L, 1); lua_pushboolean(L, 1); }
    lua_pushvalue(L, -1);
    lua_setfield(L, -3, name);
    return 1;
  }
  return luaL_error(L, "module '%s' not found in %s/ or scripts/", name, ctx.ruleset->id.c_str());
}

// load(chunk [, name [, mode [, env]]]) with the mode forced to text.
int sandbox_load(lua_State* L) {
  lua_settop(L, 4);
  lua_pushstring(L, "t");
  lua_replace(L, 3);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, 4, LUA_MULTRET);
  return lua_gettop(L);
}

int frozen_newindex(lua_State* L) {
  return luaL_error(L, "cannot set global '%s': the global table is frozen once the ruleset has loaded "
                       "(keep game state in game variables, and use 'local')", luaL_tolstring(L, 2, nullptr));
}

int strict_index(lua_State* L) {
  return luaL_error(L, "unknown global '%s'", luaL_tolstring(L, 2, nullptr));
}

void remove(lua_State* L, const char* table, const char* field) {
  if (table) {
    lua_getglobal(L, table);
    lua_pushnil(L);
    lua_setfield(L, -2, field);
    lua_pop(L, 1);
  } else {
    lua_pushnil(L);
    lua_setglobal(L, field);
  }
}

}  // namespace

int load_file_chunk(lua_State* L, const std::string& path, const std::string& display) {
  std::string code;
  if (!read_text(path, code)) {
    lua_pushfstring(L, "%s: cannot be read", display.c_str());
    return LUA_ERRFILE;
  }
  if (!code.empty() && code[0] == LUA_SIGNATURE[0]) {
    lua_pushfstring(L, "%s: precompiled bytecode is not allowed", display.c_str());
    return LUA_ERRSYNTAX;
  }
  return luaL_loadbufferx(L, code.data(), code.size(), ("@" + display).c_str(), "t");
}

LuaContext& context(lua_State* L) {
  void* ud = nullptr;
  lua_getallocf(L, &ud);
  return *static_cast<LuaContext*>(ud);
}

lua_State* new_sandbox(LuaContext* ctx) {
  lua_State* L = lua_newstate(limited_alloc, ctx);
  if (!L) return nullptr;
  luaL_requiref(L, LUA_GNAME, luaopen_base, 1);
  luaL_requiref(L, LUA_TABLIBNAME, luaopen_table, 1);
  luaL_requiref(L, LUA_STRLIBNAME, luaopen_string, 1);
  luaL_requiref(L, LUA_MATHLIBNAME, luaopen_math, 1);
  luaL_requiref(L, LUA_UTF8LIBNAME, luaopen_utf8, 1);
  lua_pop(L, 5);
  for (const char* f : {"dofile", "loadfile", "collectgarbage"}) remove(L, nullptr, f);
  remove(L, "string", "dump");
  remove(L, "math", "randomseed");
  lua_getglobal(L, "load");
  lua_pushcclosure(L, sandbox_load, 1);
  lua_setglobal(L, "load");
  lua_pushcfunction(L, sandbox_print);
  lua_setglobal(L, "print");
  lua_pushcfunction(L, sandbox_rawset);
  lua_setglobal(L, "rawset");
  lua_getglobal(L, "table");
  if (luaL_loadbufferx(L, kStableSort, std::strlen(kStableSort), "=table.sort", "t") == LUA_OK &&
      lua_pcall(L, 0, 1, 0) == LUA_OK)
    lua_setfield(L, -2, "sort");
  lua_pop(L, 1);
  lua_newtable(L);
  lua_setfield(L, LUA_REGISTRYINDEX, "arbiter.loaded");
  lua_pushcfunction(L, sandbox_require);
  lua_setglobal(L, "require");
  register_game(L);
  ctx->watch.L = L;
  ctx->watch.hook = count_hook;
  ctx->watch.hook_every = kHookEvery;
  watch(&ctx->watch);
  return L;
}

void close_sandbox(lua_State* L) {
  unwatch(&context(L).watch);
  lua_close(L);
}

void freeze_globals(lua_State* L) {
  lua_pushglobaltable(L);
  lua_newtable(L);
  lua_pushcfunction(L, frozen_newindex);
  lua_setfield(L, -2, "__newindex");
  lua_pushcfunction(L, strict_index);
  lua_setfield(L, -2, "__index");
  lua_pushliteral(L, "the global table is frozen");
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
  lua_pop(L, 1);
}

void arm_limits(lua_State* L) {
  LuaContext& ctx = context(L);
  ctx.steps = 0;
  ctx.memory_exceeded = false;
  ctx.heap_limit = ctx.heap + ctx.limits.memory;
  call_begins(&ctx.watch);
}

void disarm_limits(lua_State* L) {
  LuaContext& ctx = context(L);
  call_ends(&ctx.watch);
  ctx.heap_limit = 0;
}

}  // namespace arbiter
