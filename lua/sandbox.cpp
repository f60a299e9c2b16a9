// The Lua sandbox a ruleset runs in: no io, os, debug, dofile, loadfile or bytecode;
// `require` finds only the ruleset's folder and scripts/; the libraries are frozen. The
// limits of each hook call (limits.cpp) are installed here.
#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "lua/context.hpp"
#include "lua/lua_pattern.hpp"
#include "runtime/ruleset.hpp"
#include "runtime/visible_text.hpp"

namespace fs = std::filesystem;

namespace arbiter {

namespace {

constexpr std::size_t kPrintMax = 4096;       // bytes of one print() line
constexpr std::size_t kModuleNameMax = 200;   // bytes of a require()d module's name
constexpr std::size_t kLoadMax = 1u << 20;    // bytes of a text chunk given to load()
constexpr std::uintmax_t kSourceMax = 4u << 20;  // bytes of a ruleset's Lua file
constexpr lua_Integer kMoveMax = 1 << 24;     // elements one table.move may copy

// Whether the call in progress has been killed (the budget, the time limit, the memory cap).
bool killed(lua_State* L) { return context(L).watch.killed.load(std::memory_order_relaxed) != Kill::None; }

// Raises the kill of the call in progress, naming the nearest Lua line up the stack (for
// pcall(string.find, ...), the line of the pcall).
int raise_kill(lua_State* L) {
  lua_Debug ar;
  int level = 1;
  while (lua_getstack(L, level, &ar) && lua_getinfo(L, "l", &ar) && ar.currentline <= 0) ++level;
  push_kill_message(L, lua_getstack(L, level, &ar) ? &ar : nullptr);
  return lua_error(L);
}

// The steps of string.find, match, gmatch and gsub (lua_pattern.hpp) count against the
// call's instruction budget from the call's start, a tick of steps as that many
// instructions. A call already killed stops at the matcher's next tick.
static_assert(kPatternTick == kHookEvery);
void charge_pattern_steps(lua_State* L, long long ticks) {
  LuaContext& ctx = context(L);
  if (!ctx.in_call) return;
  if (!killed(L)) {
    ctx.steps += ticks;
    if (ctx.steps * kHookEvery <= ctx.limits.instructions) return;
    kill_call(&ctx.watch, Kill::Instructions);
  }
  raise_kill(L);
}
const PatternBudget kHookBudget{charge_pattern_steps};

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
  // The ruleset's text made harmless for the terminal (runtime/visible_text.hpp),
  // written in pieces: nothing here may throw.
  std::string_view shown(text, std::min<std::size_t>(size, kPrintMax));
  flockfile(stderr);
  put_visible_text(
      shown, [](void*, const char* data, std::size_t n) { fwrite_unlocked(data, 1, n, stderr); }, nullptr);
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
  if (frozen(L, 1))
    return luaL_error(L, "cannot rawset a frozen table (the global table or a standard library)");
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
    if (rel.find("..") != std::string::npos || (!rel.empty() && rel[0] == '/') ||
        rel.size() > kModuleNameMax) {
      lua_pushfstring(
          L, "require: module name '%s' may not leave the ruleset's folder (and is at most %d bytes)",
          rel.size() > kModuleNameMax ? "..." : name, static_cast<int>(kModuleNameMax));
      return false;
    }
    // Confined as game.yaml's files are: no way out through '..' or a symbolic link.
    const std::string places[2][2] = {{ctx.ruleset->dir, ctx.ruleset->id + "/"},
                                      {ctx.scripts_dir, "scripts/"}};
    for (const auto& [base, shown] : places) {
      FileInFolder file = file_in_folder(base, rel + ".lua");
      if (!file.refused.empty()) {
        lua_pushfstring(L, "require '%s': %s", name, file.refused.c_str());
        return false;
      }
      if (file.found && base == ctx.ruleset->dir)
        return load_ruleset_chunk(L, rel + ".lua", shown + rel + ".lua") == LUA_OK;
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
  if (killed(L)) return raise_kill(L);  // while the module was parsed
  if (!found) return lua_error(L);
  lua_pushstring(L, name);
  lua_call(L, 1, 1);
  if (lua_isnil(L, -1)) { lua_pop(L, 1); lua_pushboolean(L, 1); }
  lua_pushvalue(L, -1);
  lua_setfield(L, -3, name);
  return 1;
}

// The parser is C, out of the instruction budget's reach, and one chunk can keep it busy
// for seconds (each label of a function is checked against all the others). So it is
// handed every chunk in pieces; a call killed meanwhile (the time limit) gets the end of
// the chunk at the next piece, and load() or require raises the kill once the parser has
// returned (a reader that raised would have the hook's traceback handler run inside the
// parser, and the message shown twice).
constexpr std::size_t kParsePiece = 4096;

// load()'s reader, as a Lua function: upvalue 1 is the chunk (a string) or the reader the
// rules gave, 2 the text being handed out, 3 how much of it has been, 4 the bytes the
// rules' reader gave so far (at most kLoadMax, as for a string).
int next_piece(lua_State* L) {
  if (killed(L)) return 0;
  std::size_t size = 0;
  auto at = static_cast<std::size_t>(lua_tointeger(L, lua_upvalueindex(3)));
  const char* text = lua_tolstring(L, lua_upvalueindex(2), &size);
  if (at >= size) {  // used up: a string chunk ends here; the rules' reader gives the next text
    if (lua_type(L, lua_upvalueindex(1)) != LUA_TFUNCTION) return 0;
    lua_pushvalue(L, lua_upvalueindex(1));
    lua_call(L, 0, 1);
    if (lua_isnil(L, -1)) return 0;
    if (!lua_isstring(L, -1)) return luaL_error(L, "reader function must return a string");
    text = lua_tolstring(L, -1, &size);
    lua_Integer total = lua_tointeger(L, lua_upvalueindex(4)) + static_cast<lua_Integer>(size);
    if (total > static_cast<lua_Integer>(kLoadMax))
      return luaL_error(L, "load: a chunk read from a function is longer than %I bytes",
                        static_cast<lua_Integer>(kLoadMax));
    lua_pushinteger(L, total);
    lua_replace(L, lua_upvalueindex(4));
    lua_replace(L, lua_upvalueindex(2));
    at = 0;
  }
  std::size_t n = std::min(size - at, kParsePiece);
  lua_pushinteger(L, static_cast<lua_Integer>(at + n));
  lua_replace(L, lua_upvalueindex(3));
  lua_pushlstring(L, text + at, n);
  return 1;
}

// load(chunk [, name [, mode [, env]]]) with the mode forced to text, a text chunk of at
// most kLoadMax bytes, fed to the parser in pieces (next_piece). A text chunk is named by
// its text, as Lua's load names it.
int sandbox_load(lua_State* L) {
  lua_settop(L, 4);
  int type = lua_type(L, 1);
  if (type == LUA_TSTRING && lua_rawlen(L, 1) > kLoadMax)
    return luaL_error(L, "load: a chunk of %I bytes is longer than %I",
                      static_cast<lua_Integer>(lua_rawlen(L, 1)), static_cast<lua_Integer>(kLoadMax));
  if (type == LUA_TSTRING || type == LUA_TFUNCTION) {
    if (type == LUA_TSTRING && lua_isnil(L, 2)) lua_pushvalue(L, 1), lua_replace(L, 2);
    lua_pushvalue(L, 1);
    if (type == LUA_TSTRING) lua_pushvalue(L, 1);
    else lua_pushliteral(L, "");
    lua_pushinteger(L, 0);
    lua_pushinteger(L, 0);
    lua_pushcclosure(L, next_piece, 4);
    lua_replace(L, 1);
  }
  lua_pushstring(L, "t");
  lua_replace(L, 3);
  lua_pushvalue(L, lua_upvalueindex(1));
  lua_insert(L, 1);
  lua_call(L, 4, LUA_MULTRET);
  if (killed(L)) return raise_kill(L);
  return lua_gettop(L);
}

// A Lua file's reader, for lua_load (see next_piece).
struct FilePieces {
  const char* text;
  std::size_t left;
};
const char* next_file_piece(lua_State* L, void* data, std::size_t* size) {
  auto* file = static_cast<FilePieces*>(data);
  *size = killed(L) ? 0 : std::min(file->left, kParsePiece);
  const char* piece = file->text;
  file->text += *size;
  file->left -= *size;
  return *size ? piece : nullptr;
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
  return luaL_error(L, "cannot change the standard library ('%s'): it is shared and frozen",
                    luaL_tolstring(L, 2, nullptr));
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

int too_long(lua_State* L, const std::string& display, std::uintmax_t size) {
  lua_pushfstring(L, "%s: is %I bytes; a Lua file may hold at most %I", display.c_str(),
                  static_cast<lua_Integer>(size), static_cast<lua_Integer>(kSourceMax));
  return LUA_ERRFILE;
}

int load_text_chunk(lua_State* L, const std::string& code, const std::string& display) {
  if (code.size() > kSourceMax) return too_long(L, display, code.size());
  if (!code.empty() && code[0] == LUA_SIGNATURE[0]) {
    lua_pushfstring(L, "%s: precompiled bytecode is not allowed", display.c_str());
    return LUA_ERRSYNTAX;
  }
  FilePieces pieces{code.data(), code.size()};
  std::string name = "@" + display;
  return lua_load(L, next_file_piece, &pieces, name.c_str(), "t");
}

}  // namespace

int load_file_chunk(lua_State* L, const std::string& path, const std::string& display) {
  std::error_code error;
  if (auto size = fs::file_size(path, error); !error && size > kSourceMax) return too_long(L, display, size);
  std::string code;
  if (!read_text(path, code)) {
    lua_pushfstring(L, "%s: cannot be read", display.c_str());
    return LUA_ERRFILE;
  }
  return load_text_chunk(L, code, display);
}

int load_ruleset_chunk(lua_State* L, const std::string& name, const std::string& display) {
  const Ruleset& ruleset = *context(L).ruleset;
  if (!ruleset.sources.empty()) {
    auto held = ruleset.sources.find(fs::path(name).lexically_normal().generic_string());
    if (held != ruleset.sources.end()) return load_text_chunk(L, held->second, display);
  }
  return load_file_chunk(L, (fs::path(ruleset.dir) / name).string(), display);
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
  lua_getglobal(L, LUA_STRLIBNAME);  // strings' metatable indexes this table too
  set_pattern_functions(L, -1, &kHookBudget);
  lua_pop(L, 1);
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
  for (const char* library : {LUA_STRLIBNAME, LUA_TABLIBNAME, LUA_MATHLIBNAME, LUA_UTF8LIBNAME})
    freeze_library(L, library);
  lua_pushliteral(L, "");               // strings' metatable: hidden, so nobody can change it
  lua_getmetatable(L, -1);
  lua_pushliteral(L, "frozen");
  lua_setfield(L, -2, "__metatable");
  lua_pop(L, 2);
  ctx->watch.L = L;
  ctx->watch.cpu_limit = ctx->limits.cpu_time;
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
