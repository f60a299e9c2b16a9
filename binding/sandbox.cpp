// The Lua sandbox a ruleset runs in: no io, os, debug, dofile, loadfile or bytecode;
// `require` finds only the ruleset's folder and scripts/; the libraries are frozen. The
// limits of each hook call (limits.cpp) are installed here.
#include <atomic>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "binding/context.hpp"
#include "interpreter/ruleset.hpp"
#include "interpreter/visible_text.hpp"

namespace fs = std::filesystem;

namespace arbiter {

namespace {

constexpr std::size_t kPrintMax = 4096;       // bytes of one print() line
constexpr std::size_t kModuleNameMax = 200;   // bytes of a require()d module's name
constexpr std::size_t kLoadMax = 1u << 20;    // bytes of a text chunk given to load()
constexpr std::uintmax_t kSourceMax = 4u << 20;  // bytes of a ruleset's Lua file
constexpr lua_Integer kMoveMax = 1 << 24;     // elements one table.move may copy

// setmetatable without finalizers: a __gc runs when the collector decides, outside any
// hook's limits (at the end of the game, in lua_close, with no budget at all).
int sandbox_setmetatable(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  lua_pushliteral(L, "__gc");
  if (lua_type(L, 2) == LUA_TTABLE && lua_rawget(L, 2) != LUA_TNIL)
    return luaL_error(L, "setmetatable: '__gc' is not allowed: a finalizer would run outside every limit");
  lua_settop(L, 2);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, 2, 1);
  return 1;
}

// print(...) writes to stderr, marked with the ruleset, so it never mixes into a game's
// output. The line is built on the Lua stack: a __tostring may raise, and no C++ object
// may be alive then.
std::atomic<bool> g_print{true};

int sandbox_print(lua_State* L) {
  if (!g_print.load(std::memory_order_relaxed)) return 0;
  int n = lua_gettop(L);
  luaL_Buffer line;
  luaL_buffinit(L, &line);
  lua_pushfstring(L, "[%s]", context(L).ruleset->id.c_str());
  luaL_addvalue(&line);
  for (int i = 1; i <= n; ++i) {
    luaL_addchar(&line, i == 1 ? ' ' : '\t');
    luaL_tolstring(L, i, nullptr);
    luaL_addvalue(&line);
  }
  luaL_pushresult(&line);
  std::size_t size = 0;
  const char* text = lua_tolstring(L, -1, &size);
  // The ruleset's text made harmless for the terminal (interpreter/visible_text.hpp),
  // written in pieces: nothing here may throw.
  std::string_view shown(text, std::min<std::size_t>(size, kPrintMax));
  flockfile(stderr);
  put_visible_text(shown, [](void*, const char* data, std::size_t n) { fwrite_unlocked(data, 1, n, stderr); }, nullptr);
  fputc_unlocked('\n', stderr);
  funlockfile(stderr);
  return 0;
}

// Whether the table at `index` is frozen: the global table, or a standard library's.
bool frozen(lua_State* L, int index) {
  index = lua_absindex(L, index);
  lua_pushglobaltable(L);
  bool globals = lua_rawequal(L, index, -1);
  lua_getfield(L, LUA_REGISTRYINDEX, "arbiter.frozen");
  lua_pushvalue(L, index);
  bool library = lua_rawget(L, -2) != LUA_TNIL;
  lua_pop(L, 3);
  return globals || library;
}

// rawset(t, k, v) except on the global table and the libraries, which stay frozen.
int sandbox_rawset(lua_State* L) {
  luaL_checktype(L, 1, LUA_TTABLE);
  if (frozen(L, 1)) return luaL_error(L, "cannot rawset a frozen table (the global table or a standard library)");
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

// Finds module `name` in the ruleset's folder, then scripts/, and pushes its chunk (or an
// error message). Throws nothing; returns whether it pushed a chunk.
bool find_module(lua_State* L, const char* name) {
  LuaContext& ctx = context(L);
  try {
    std::string rel(name);
    for (auto& c : rel) if (c == '.') c = '/';
    if (rel.find("..") != std::string::npos || (!rel.empty() && rel[0] == '/') || rel.size() > kModuleNameMax) {
      lua_pushfstring(L, "require: module name '%s' may not leave the ruleset's folder (and is at most %d bytes)",
                      rel.size() > kModuleNameMax ? "..." : name, static_cast<int>(kModuleNameMax));
      return false;
    }
    // Confined as game.yaml's files are: no way out through '..' or a symbolic link.
    const std::string places[2][2] = {{ctx.ruleset->dir, ctx.ruleset->id + "/"}, {ctx.scripts_dir, "scripts/"}};
    for (const auto& [base, shown] : places) {
      FileInFolder file = file_in_folder(base, rel + ".lua");
      if (!file.refused.empty()) {
        lua_pushfstring(L, "require '%s': %s", name, file.refused.c_str());
        return false;
      }
      if (file.found) return load_file_chunk(L, file.path, shown + rel + ".lua") == LUA_OK;
    }
    lua_pushfstring(L, "module '%s' not found in %s/ or scripts/", name, ctx.ruleset->id.c_str());
  } catch (const std::exception& e) {
    lua_pushfstring(L, "require '%s': %s", name, user_message(e, "require").c_str());
  }
  return false;
}

// require(name): the ruleset's folder first, then scripts/. Modules are cached. No C++
// object lives here: the module's code may raise.
int sandbox_require(lua_State* L) {
  const char* name = luaL_checkstring(L, 1);
  lua_getfield(L, LUA_REGISTRYINDEX, "arbiter.loaded");
  if (lua_getfield(L, -1, name) != LUA_TNIL) return 1;
  lua_pop(L, 1);
  ++context(L).in_binding;
  bool found = find_module(L, name);
  --context(L).in_binding;
  if (!found) return lua_error(L);
  lua_pushstring(L, name);
  lua_call(L, 1, 1);
  if (lua_isnil(L, -1)) { lua_pop(L, 1); lua_pushboolean(L, 1); }
  lua_pushvalue(L, -1);
  lua_setfield(L, -3, name);
  return 1;
}

// load(chunk [, name [, mode [, env]]]) with the mode forced to text, and a text chunk of
// at most kLoadMax bytes: the parser is C, which no instruction budget reaches.
int sandbox_load(lua_State* L) {
  lua_settop(L, 4);
  if (lua_type(L, 1) == LUA_TSTRING && lua_rawlen(L, 1) > kLoadMax)
    return luaL_error(L, "load: a chunk of %I bytes is longer than %I", static_cast<lua_Integer>(lua_rawlen(L, 1)),
                      static_cast<lua_Integer>(kLoadMax));
  lua_pushstring(L, "t");
  lua_replace(L, 3);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, 4, LUA_MULTRET);
  return lua_gettop(L);
}

// table.move(a1, f, e, t [, a2]) copying at most kMoveMax elements: it is one C loop.
int sandbox_table_move(lua_State* L) {
  lua_Integer f = luaL_checkinteger(L, 2), e = luaL_checkinteger(L, 3);
  if (e >= f && (e - f >= kMoveMax || e - f < 0))
    return luaL_error(L, "table.move: at most %I elements at once", static_cast<lua_Integer>(kMoveMax));
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, lua_gettop(L) - 1, 1);
  return 1;
}

// A standard library's table, read-only: an empty proxy whose reads go to the real table.
// Rules and bots share one Lua state, so a writable library would carry state (or hidden
// cards) past the game's variables.
int frozen_library_newindex(lua_State* L) {
  return luaL_error(L, "cannot change the standard library ('%s'): it is shared and frozen", luaL_tolstring(L, 2, nullptr));
}
int frozen_library_pairs(lua_State* L) {
  lua_getglobal(L, "next");
  lua_getmetatable(L, 1);
  lua_getfield(L, -1, "__index");
  lua_remove(L, -2);
  lua_pushnil(L);
  return 3;
}
void freeze_library(lua_State* L, const char* name) {
  lua_getfield(L, LUA_REGISTRYINDEX, "arbiter.frozen");
  lua_newtable(L);                      // the proxy
  lua_createtable(L, 0, 4);             // its metatable
  lua_getglobal(L, name);
  lua_setfield(L, -2, "__index");
  lua_pushcfunction(L, frozen_library_newindex);
  lua_setfield(L, -2, "__newindex");
  lua_pushcfunction(L, frozen_library_pairs);
  lua_setfield(L, -2, "__pairs");
  lua_pushliteral(L, "frozen");
  lua_setfield(L, -2, "__metatable");
  lua_setmetatable(L, -2);
  lua_pushvalue(L, -1);
  lua_pushboolean(L, 1);
  lua_rawset(L, -4);                    // arbiter.frozen[proxy] = true
  lua_setglobal(L, name);
  lua_pop(L, 1);
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
  std::error_code error;
  if (auto size = fs::file_size(path, error); !error && size > kSourceMax) {
    lua_pushfstring(L, "%s: is %I bytes; a Lua file may hold at most %I", display.c_str(), static_cast<lua_Integer>(size),
                    static_cast<lua_Integer>(kSourceMax));
    return LUA_ERRFILE;
  }
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

void set_lua_print(bool on) { g_print.store(on, std::memory_order_relaxed); }

lua_State* new_sandbox(LuaContext* ctx) {
  lua_State* L = lua_newstate(limited_alloc, ctx);
  if (!L) return nullptr;
  *static_cast<LuaContext**>(lua_getextraspace(L)) = ctx;  // context(L) reads it back
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
  lua_pushcfunction(L, sandbox_pcall);
  lua_setglobal(L, "pcall");
  lua_pushcfunction(L, sandbox_xpcall);
  lua_setglobal(L, "xpcall");
  lua_getglobal(L, "setmetatable");
  lua_pushcclosure(L, sandbox_setmetatable, 1);
  lua_setglobal(L, "setmetatable");
  lua_getglobal(L, "table");
  lua_getfield(L, -1, "move");
  lua_pushcclosure(L, sandbox_table_move, 1);
  lua_setfield(L, -2, "move");
  if (luaL_loadbufferx(L, kStableSort, std::strlen(kStableSort), "=table.sort", "t") == LUA_OK &&
      lua_pcall(L, 0, 1, 0) == LUA_OK)
    lua_setfield(L, -2, "sort");
  lua_pop(L, 1);
  lua_newtable(L);
  lua_setfield(L, LUA_REGISTRYINDEX, "arbiter.loaded");
  lua_pushcfunction(L, sandbox_require);
  lua_setglobal(L, "require");
  register_game(L);
  lua_newtable(L);
  lua_setfield(L, LUA_REGISTRYINDEX, "arbiter.frozen");
  for (const char* library : {LUA_STRLIBNAME, LUA_TABLIBNAME, LUA_MATHLIBNAME, LUA_UTF8LIBNAME}) freeze_library(L, library);
  lua_pushliteral(L, "");               // strings' metatable: hidden, so nobody can change it
  lua_getmetatable(L, -1);
  lua_pushliteral(L, "frozen");
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 2);
  ctx->watch.L = L;
  ctx->watch.wall = ctx->limits.wall;
  ctx->watch.where = ctx->display.c_str();
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

}  // namespace arbiter
