// See lua_pattern.hpp. The four functions check their arguments, search and return as
// Lua 5.4's str_find_aux, gmatch and str_gsub do (the same results, the same errors, in
// the same order); only the matching is ours. No C++ object with a destructor lives in
// them: an argument error, a replacement function's error or the budget may longjmp
// through any of them.
#include "lua/lua_pattern.hpp"

#include <cctype>
#include <cstring>
#include <new>

#include "lua/lua_pattern_match.hpp"

namespace arbiter {

namespace {

using pattern::MatchState;

const PatternBudget* budget_of(lua_State* L, int upvalue) {
  return static_cast<const PatternBudget*>(lua_touserdata(L, lua_upvalueindex(upvalue)));
}

// A 1-based position, negative from the end, clipped to 1 (posrelatI in lstrlib.c).
std::size_t position(lua_Integer pos, std::size_t len) {
  if (pos > 0) return static_cast<std::size_t>(pos);
  if (pos == 0) return 1;
  if (pos < -static_cast<lua_Integer>(len)) return 1;
  return len + static_cast<std::size_t>(pos) + 1;
}

// Whether p holds none of the bytes that make a pattern more than plain text.
bool no_specials(const char* p, std::size_t lp) {
  for (std::size_t i = 0; i < lp; ++i)
    if (p[i] != '\0' && std::strchr("^$*+?.([%-", p[i])) return false;
  return true;
}

// string.find (find) and string.match (!find).
int find_or_match(lua_State* L, bool find) {
  std::size_t ls = 0, lp = 0;
  const char* s = luaL_checklstring(L, 1, &ls);
  const char* p = luaL_checklstring(L, 2, &lp);
  std::size_t init = position(luaL_optinteger(L, 3, 1), ls) - 1;
  if (init > ls) {  // starts after the subject's end
    luaL_pushfail(L);
    return 1;
  }
  MatchState ms;
  if (find && (lua_toboolean(L, 4) || no_specials(p, lp))) {
    pattern::prepare(ms, L, budget_of(L, 1), s, ls, p, lp);
    if (const char* at = pattern::find_plain(ms, s + init, ls - init, p, lp)) {
      lua_pushinteger(L, (at - s) + 1);
      lua_pushinteger(L, static_cast<lua_Integer>((at - s) + lp));
      return 2;
    }
    luaL_pushfail(L);
    return 1;
  }
  bool anchor = *p == '^';
  if (anchor) p++, lp--;
  pattern::prepare(ms, L, budget_of(L, 1), s, ls, p, lp);
  const char* s1 = s + init;
  do {
    pattern::reprepare(ms);
    if (const char* end = pattern::match(ms, s1, p)) {
      if (!find) return pattern::push_captures(ms, s1, end);
      lua_pushinteger(L, (s1 - s) + 1);
      lua_pushinteger(L, end - s);
      return pattern::push_captures(ms, nullptr, nullptr) + 2;
    }
  } while (s1++ < ms.src_end && !anchor);
  luaL_pushfail(L);
  return 1;
}

int str_find(lua_State* L) { return find_or_match(L, true); }
int str_match(lua_State* L) { return find_or_match(L, false); }

// What a gmatch iterator keeps between calls (upvalue 3; the subject and the pattern are
// upvalues 1 and 2, so they outlive it).
struct GMatch {
  const char* src;        // where the next search starts
  const char* p;
  const char* lastmatch;  // the end of the last match: no empty match may end there again
  MatchState ms;
};

int gmatch_next(lua_State* L) {
  auto* gm = static_cast<GMatch*>(lua_touserdata(L, lua_upvalueindex(3)));
  gm->ms.L = L;
  gm->ms.countdown = kPatternTick;
  for (const char* src = gm->src; src <= gm->ms.src_end; src++) {
    pattern::reprepare(gm->ms);
    const char* end = pattern::match(gm->ms, src, gm->p);
    if (end && end != gm->lastmatch) {
      gm->src = gm->lastmatch = end;
      return pattern::push_captures(gm->ms, src, end);
    }
  }
  return 0;
}

// string.gmatch(s, pattern [, init]). '^' is no anchor here, as in Lua 5.4.
int str_gmatch(lua_State* L) {
  std::size_t ls = 0, lp = 0;
  const char* s = luaL_checklstring(L, 1, &ls);
  const char* p = luaL_checklstring(L, 2, &lp);
  std::size_t init = position(luaL_optinteger(L, 3, 1), ls) - 1;
  const PatternBudget* budget = budget_of(L, 1);
  lua_settop(L, 2);
  auto* gm = new (lua_newuserdatauv(L, sizeof(GMatch), 0)) GMatch{};  // trivial: Lua frees it
  if (init > ls) init = ls + 1;  // nothing to find, and no pointer past the end + 1
  pattern::prepare(gm->ms, L, budget, s, ls, p, lp);
  gm->src = s + init;
  gm->p = p;
  gm->lastmatch = nullptr;
  lua_pushcclosure(L, gmatch_next, 3);
  return 1;
}

// Appends a replacement text for the match [s, e), with %0-%9 and %% (add_s in lstrlib.c).
void add_text(MatchState& ms, luaL_Buffer* b, const char* s, const char* e) {
  lua_State* L = ms.L;
  std::size_t l = 0;
  const char* news = lua_tolstring(L, 3, &l);
  const char* p;
  while ((p = static_cast<const char*>(std::memchr(news, '%', l))) != nullptr) {
    pattern::spend(ms, 1 + ((p - news) >> 4));
    luaL_addlstring(b, news, static_cast<std::size_t>(p - news));
    p++;  // the byte after '%' (the NUL after the text, if '%' ends it)
    if (*p == '%') {
      luaL_addchar(b, *p);
    } else if (*p == '0') {
      luaL_addlstring(b, s, static_cast<std::size_t>(e - s));
    } else if (std::isdigit(static_cast<unsigned char>(*p))) {
      const char* cap = nullptr;
      std::ptrdiff_t len = pattern::get_capture(ms, *p - '1', s, e, &cap);
      if (len == pattern::kPosition) luaL_addvalue(b);
      else luaL_addlstring(b, cap, static_cast<std::size_t>(len));
    } else {
      luaL_error(L, "invalid use of '%c' in replacement string", '%');
    }
    l -= static_cast<std::size_t>(p + 1 - news);
    news = p + 1;
  }
  pattern::spend(ms, 1 + (l >> 4));
  luaL_addlstring(b, news, l);
}

// Appends the replacement for the match [s, e); returns whether the subject changed (a
// function or table giving nil or false keeps the match as it was).
bool add_value(MatchState& ms, luaL_Buffer* b, const char* s, const char* e, int tr) {
  lua_State* L = ms.L;
  if (tr == LUA_TFUNCTION) {
    lua_pushvalue(L, 3);
    int n = pattern::push_captures(ms, s, e);
    lua_call(L, n, 1);
  } else if (tr == LUA_TTABLE) {
    pattern::push_capture(ms, 0, s, e);
    lua_gettable(L, 3);
  } else {
    add_text(ms, b, s, e);
    return true;
  }
  if (!lua_toboolean(L, -1)) {
    lua_pop(L, 1);
    luaL_addlstring(b, s, static_cast<std::size_t>(e - s));
    return false;
  }
  if (!lua_isstring(L, -1)) return luaL_error(L, "invalid replacement value (a %s)", luaL_typename(L, -1));
  luaL_addvalue(b);
  return true;
}

// string.gsub(s, pattern, replacement [, n]).
int str_gsub(lua_State* L) {
  std::size_t srcl = 0, lp = 0;
  const char* src = luaL_checklstring(L, 1, &srcl);
  const char* p = luaL_checklstring(L, 2, &lp);
  const char* lastmatch = nullptr;
  int tr = lua_type(L, 3);
  lua_Integer max_s = luaL_optinteger(L, 4, static_cast<lua_Integer>(srcl) + 1);
  bool anchor = *p == '^';
  lua_Integer n = 0;
  bool changed = false;
  luaL_argexpected(L, tr == LUA_TNUMBER || tr == LUA_TSTRING || tr == LUA_TFUNCTION || tr == LUA_TTABLE, 3,
                   "string/function/table");
  luaL_Buffer b;
  luaL_buffinit(L, &b);
  if (anchor) p++, lp--;
  MatchState ms;
  pattern::prepare(ms, L, budget_of(L, 1), src, srcl, p, lp);
  while (n < max_s) {
    pattern::reprepare(ms);
    const char* e = pattern::match(ms, src, p);
    if (e && e != lastmatch) {
      n++;
      changed = add_value(ms, &b, src, e, tr) || changed;
      src = lastmatch = e;
    } else if (src < ms.src_end) {
      luaL_addchar(&b, *src++);
    } else {
      break;
    }
    if (anchor) break;
  }
  if (!changed) {
    lua_pushvalue(L, 1);
  } else {
    luaL_addlstring(&b, src, static_cast<std::size_t>(ms.src_end - src));
    luaL_pushresult(&b);
  }
  lua_pushinteger(L, n);
  return 2;
}

}  // namespace

void set_pattern_functions(lua_State* L, int index, const PatternBudget* budget) {
  index = lua_absindex(L, index);
  const struct {
    const char* name;
    lua_CFunction f;
  } functions[] = {{"find", str_find}, {"match", str_match}, {"gmatch", str_gmatch}, {"gsub", str_gsub}};
  for (const auto& [name, f] : functions) {
    lua_pushlightuserdata(L, const_cast<PatternBudget*>(budget));
    lua_pushcclosure(L, f, 1);
    lua_setfield(L, index, name);
  }
}

}  // namespace arbiter
