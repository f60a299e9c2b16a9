// See lua_pattern_match.hpp. Each function does what its namesake in Lua 5.4's lstrlib.c
// does, in the same order (an error is raised only when the match reaches it, so a
// malformed tail of a pattern that never gets there is no error, as in Lua), plus a step
// count: one step for each pattern item tried and for each subject byte a loop looks at,
// and a step for every 16 bytes that memchr, memcmp or a long set scans.
#include "lua/lua_pattern_match.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>

namespace arbiter::pattern {

namespace {

constexpr char kEscape = '%';

int uchar(char c) { return static_cast<unsigned char>(c); }

// What one test of a single item against a byte costs: a set is scanned whole.
long long item_cost(const char* p, const char* ep) { return 1 + ((ep - p) >> 4); }

int check_capture(MatchState& ms, int l) {
  l -= '1';
  if (l < 0 || l >= ms.level || ms.capture[l].len == kUnfinished)
    return luaL_error(ms.L, "invalid capture index %%%d", l + 1);
  return l;
}

int capture_to_close(MatchState& ms) {
  for (int level = ms.level - 1; level >= 0; level--)
    if (ms.capture[level].len == kUnfinished) return level;
  return luaL_error(ms.L, "invalid pattern capture");
}

// Where the single item at p ends ('%x', '[set]' or one byte).
const char* class_end(MatchState& ms, const char* p) {
  switch (*p++) {
    case kEscape:
      if (p == ms.p_end) luaL_error(ms.L, "malformed pattern (ends with '%%')");
      return p + 1;
    case '[':
      if (*p == '^') p++;
      do {  // the first byte is in the set even when it is ']'
        if (p == ms.p_end) luaL_error(ms.L, "malformed pattern (missing ']')");
        if (*(p++) == kEscape && p < ms.p_end) p++;
      } while (*p != ']');
      return p + 1;
    default:
      return p;
  }
}

// The ctype functions as Lua's C gets them from glibc's ctype.h: a look-up in the
// locale's tables. C++ gets calls to functions instead, which made %a and its kind a third
// slower than Lua's.
#ifdef __GLIBC__
int lower(int c) { return (*__ctype_tolower_loc())[c]; }
bool is(int c, int bit) { return (*__ctype_b_loc())[c] & bit; }
enum : int {
  kAlpha = _ISalpha,
  kCntrl = _IScntrl,
  kDigit = _ISdigit,
  kGraph = _ISgraph,
  kLower = _ISlower,
  kPunct = _ISpunct,
  kSpace = _ISspace,
  kUpper = _ISupper,
  kAlnum = _ISalnum,
  kXdigit = _ISxdigit
};
#else
int lower(int c) { return std::tolower(c); }
enum : int { kAlpha, kCntrl, kDigit, kGraph, kLower, kPunct, kSpace, kUpper, kAlnum, kXdigit };
bool is(int c, int what) {
  int (*const test[])(int) = {std::isalpha, std::iscntrl, std::isdigit, std::isgraph, std::islower,
                              std::ispunct, std::isspace, std::isupper, std::isalnum, std::isxdigit};
  return test[what](c);
}
#endif

// Whether byte c is in class %cl, as Lua decides it (so the locale counts the same).
bool match_class(int c, int cl) {
  bool res;
  switch (lower(cl)) {
    case 'a': res = is(c, kAlpha); break;
    case 'c': res = is(c, kCntrl); break;
    case 'd': res = is(c, kDigit); break;
    case 'g': res = is(c, kGraph); break;
    case 'l': res = is(c, kLower); break;
    case 'p': res = is(c, kPunct); break;
    case 's': res = is(c, kSpace); break;
    case 'u': res = is(c, kUpper); break;
    case 'w': res = is(c, kAlnum); break;
    case 'x': res = is(c, kXdigit); break;
    case 'z': res = c == 0; break;  // deprecated in Lua, still there
    default: return cl == c;
  }
  return is(cl, kUpper) ? !res : res;
}

// p is the '[' of a set whose ']' is at ec.
bool match_set(int c, const char* p, const char* ec) {
  bool sig = true;
  if (*(p + 1) == '^') {
    sig = false;
    p++;
  }
  while (++p < ec) {
    if (*p == kEscape) {
      p++;
      if (match_class(c, uchar(*p))) return sig;
    } else if (*(p + 1) == '-' && p + 2 < ec) {
      p += 2;
      if (uchar(*(p - 2)) <= c && c <= uchar(*p)) return sig;
    } else if (uchar(*p) == c) {
      return sig;
    }
  }
  return !sig;
}

// Whether byte c matches the single item [p, ep).
bool item_matches(int c, const char* p, const char* ep) {
  switch (*p) {
    case '.': return true;
    case kEscape: return match_class(c, uchar(*(p + 1)));
    case '[': return match_set(c, p, ep - 1);
    default: return uchar(*p) == c;
  }
}

bool single_match(const MatchState& ms, const char* s, const char* p, const char* ep) {
  return s < ms.src_end && item_matches(uchar(*s), p, ep);
}

// memcmp in pieces, each charged, so that a long back-reference or plain text compared at
// every position of a long subject cannot run unseen.
constexpr std::size_t kPiece = 256;
bool equal_long(MatchState& ms, const char* a, const char* b, std::size_t n) {
  for (; n > kPiece; a += kPiece, b += kPiece, n -= kPiece) {
    spend(ms, kPiece >> 4);
    if (std::memcmp(a, b, kPiece) != 0) return false;
  }
  spend(ms, 1 + (n >> 4));
  return std::memcmp(a, b, n) == 0;
}
inline bool equal_bytes(MatchState& ms, const char* a, const char* b, std::size_t n) {
  if (n > kPiece) return equal_long(ms, a, b, n);
  spend(ms, 1 + (n >> 4));
  return std::memcmp(a, b, n) == 0;
}

// %bxy at s; p points at x.
const char* match_balance(MatchState& ms, const char* s, const char* p) {
  if (p >= ms.p_end - 1) luaL_error(ms.L, "malformed pattern (missing arguments to '%%b')");
  if (*s != *p) return nullptr;
  const char* start = s;
  int b = *p, e = *(p + 1), cont = 1;
  while (++s < ms.src_end) {
    if (*s == e) {
      if (--cont == 0) {
        spend(ms, s - start);
        return s + 1;
      }
    } else if (*s == b) {
      cont++;
    }
  }
  spend(ms, s - start);
  return nullptr;
}

const char* max_expand(MatchState& ms, const char* s, const char* p, const char* ep) {
  constexpr std::ptrdiff_t kRun = 256;  // bytes counted between two charges
  const long long cost = item_cost(p, ep);
  const std::ptrdiff_t left = ms.src_end - s;
  std::ptrdiff_t i = 0;
  for (;;) {
    std::ptrdiff_t from = i, stop = std::min(left, i + kRun);
    while (i < stop && item_matches(uchar(s[i]), p, ep)) i++;
    spend(ms, 1 + (i - from) * cost);
    if (i < stop || stop == left) break;
  }
  for (; i >= 0; i--)  // the longest run first, one repetition less at each failure
    if (const char* res = match(ms, s + i, ep + 1)) return res;
  return nullptr;
}

const char* min_expand(MatchState& ms, const char* s, const char* p, const char* ep) {
  const long long cost = item_cost(p, ep);
  for (;;) {
    if (const char* res = match(ms, s, ep + 1)) return res;
    spend(ms, cost);
    if (!single_match(ms, s, p, ep)) return nullptr;
    s++;
  }
}

const char* start_capture(MatchState& ms, const char* s, const char* p, std::ptrdiff_t what) {
  int level = ms.level;
  if (level >= kMaxCaptures) luaL_error(ms.L, "too many captures");
  ms.capture[level].init = s;
  ms.capture[level].len = what;
  ms.level = level + 1;
  const char* res = match(ms, s, p);
  if (!res) ms.level--;
  return res;
}

const char* end_capture(MatchState& ms, const char* s, const char* p) {
  int l = capture_to_close(ms);
  ms.capture[l].len = s - ms.capture[l].init;
  const char* res = match(ms, s, p);
  if (!res) ms.capture[l].len = kUnfinished;
  return res;
}

// %1 .. %9. A position capture's length, as an unsigned size, is longer than any subject:
// it never matches, as in Lua.
const char* match_capture(MatchState& ms, const char* s, int l) {
  l = check_capture(ms, l);
  std::size_t len = static_cast<std::size_t>(ms.capture[l].len);
  if (static_cast<std::size_t>(ms.src_end - s) >= len && equal_bytes(ms, ms.capture[l].init, s, len))
    return s + len;
  return nullptr;
}

// Where match() goes on: at s with the pattern at p, or (p == nullptr) it ends with s.
// match() loops where lstrlib's jumps back to its start, so "pattern too complex" counts
// the same recursions.
struct Next {
  const char* s;
  const char* p;
};
constexpr Next kFail{nullptr, nullptr};

Next frontier(MatchState& ms, const char* s, const char* p) {
  if (*p != '[') luaL_error(ms.L, "missing '[' after '%%f' in pattern");
  const char* ep = class_end(ms, p);
  spend(ms, 2 * item_cost(p, ep));
  char previous = s == ms.src_init ? '\0' : *(s - 1);
  if (!match_set(uchar(previous), p, ep - 1) && match_set(uchar(*s), p, ep - 1)) return {s, ep};
  return kFail;
}

// A single item and its suffix (?, *, + or -), at p. Inlined, as are escape() and step(),
// into match(), whose loop they are: a call for each pattern item made the matcher a fifth
// slower than Lua's.
[[gnu::always_inline]] inline Next item(MatchState& ms, const char* s, const char* p) {
  const char* ep = class_end(ms, p);
  spend(ms, item_cost(p, ep) - 1);
  if (!single_match(ms, s, p, ep)) {
    if (*ep == '*' || *ep == '?' || *ep == '-') return {s, ep + 1};  // may match nothing
    return kFail;
  }
  switch (*ep) {
    case '?':
      if (const char* res = match(ms, s + 1, ep + 1)) return {res, nullptr};
      return {s, ep + 1};
    case '+': return {max_expand(ms, s + 1, p, ep), nullptr};
    case '*': return {max_expand(ms, s, p, ep), nullptr};
    case '-': return {min_expand(ms, s, p, ep), nullptr};
    default: return {s + 1, ep};
  }
}

[[gnu::always_inline]] inline Next escape(MatchState& ms, const char* s, const char* p) {
  switch (*(p + 1)) {
    case 'b':
      s = match_balance(ms, s, p + 2);
      return s ? Next{s, p + 4} : kFail;
    case 'f':
      return frontier(ms, s, p + 2);
    case '0': case '1': case '2': case '3': case '4':
    case '5': case '6': case '7': case '8': case '9':
      s = match_capture(ms, s, uchar(*(p + 1)));
      return s ? Next{s, p + 2} : kFail;
    default:
      return item(ms, s, p);
  }
}

[[gnu::always_inline]] inline Next step(MatchState& ms, const char* s, const char* p) {
  switch (*p) {
    case '(':
      if (*(p + 1) == ')') return {start_capture(ms, s, p + 2, kPosition), nullptr};
      return {start_capture(ms, s, p + 1, kUnfinished), nullptr};
    case ')':
      return {end_capture(ms, s, p + 1), nullptr};
    case '$':
      if (p + 1 == ms.p_end) return {s == ms.src_end ? s : nullptr, nullptr};
      return item(ms, s, p);
    case kEscape:
      return escape(ms, s, p);
    default:
      return item(ms, s, p);
  }
}

}  // namespace

void charge(MatchState& ms) {
  long long ticks = 1 + (-ms.countdown) / kPatternTick;
  ms.countdown += ticks * kPatternTick;
  if (ms.budget) ms.budget->charge(ms.L, ticks);
}

const char* match(MatchState& ms, const char* s, const char* p) {
  if (ms.depth-- == 0) luaL_error(ms.L, "pattern too complex");
  while (p != ms.p_end) {
    spend(ms, 1);
    Next next = step(ms, s, p);
    s = next.s;
    p = next.p;
    if (!p) break;
  }
  ms.depth++;
  return s;
}

const char* find_plain(MatchState& ms, const char* s, std::size_t ls, const char* p, std::size_t lp) {
  if (lp == 0) return s;  // the empty text is everywhere
  if (lp > ls) return nullptr;
  std::size_t rest = lp - 1;  // memchr finds the first byte
  std::size_t room = ls - rest;  // where a match may start
  while (room > 0) {
    const char* at = static_cast<const char*>(std::memchr(s, *p, room));
    spend(ms, 1 + (((at ? at : s + room) - s) >> 4));
    if (!at) return nullptr;
    if (equal_bytes(ms, at + 1, p + 1, rest)) return at;
    room -= at + 1 - s;
    s = at + 1;
  }
  return nullptr;
}

std::ptrdiff_t get_capture(MatchState& ms, int i, const char* s, const char* e, const char** cap) {
  if (i >= ms.level) {
    if (i != 0) luaL_error(ms.L, "invalid capture index %%%d", i + 1);
    *cap = s;
    return e - s;
  }
  std::ptrdiff_t len = ms.capture[i].len;
  *cap = ms.capture[i].init;
  if (len == kUnfinished) luaL_error(ms.L, "unfinished capture");
  else if (len == kPosition) lua_pushinteger(ms.L, (ms.capture[i].init - ms.src_init) + 1);
  return len;
}

void push_capture(MatchState& ms, int i, const char* s, const char* e) {
  const char* cap = nullptr;
  std::ptrdiff_t len = get_capture(ms, i, s, e, &cap);
  if (len != kPosition) lua_pushlstring(ms.L, cap, static_cast<std::size_t>(len));
}

int push_captures(MatchState& ms, const char* s, const char* e) {
  int levels = (ms.level == 0 && s) ? 1 : ms.level;
  luaL_checkstack(ms.L, levels, "too many captures");
  for (int i = 0; i < levels; i++) push_capture(ms, i, s, e);
  return levels;
}

}  // namespace arbiter::pattern
