// The matcher behind lua/lua_pattern.cpp: Lua 5.4's pattern matching (lstrlib.c),
// step for step, with a count of its steps charged to a PatternBudget. The same recursion,
// the same depth limit and the same errors at the same moments, raised as lstrlib raises
// them (luaL_error), so that a pattern gives exactly what the library gives. Nothing here
// has a destructor: a Lua error (a malformed pattern, or the budget) may longjmp through
// any of these frames, as it does through lstrlib's. Internal to lua/.
#pragma once
#include <cstddef>

#include "lua/lua_pattern.hpp"

namespace arbiter::pattern {

constexpr int kMaxCaptures = 32;           // LUA_MAXCAPTURES
constexpr int kMaxDepth = 200;             // MAXCCALLS in lstrlib.c: "pattern too complex"
constexpr std::ptrdiff_t kUnfinished = -1; // a capture still open
constexpr std::ptrdiff_t kPosition = -2;   // a position capture, ()

struct MatchState {
  const char* src_init;  // the subject
  const char* src_end;   // its end; the byte there is a NUL, as after every Lua string
  const char* p_end;     // the pattern's end, also followed by a NUL
  lua_State* L;
  const PatternBudget* budget;  // nullptr: nothing is charged
  long long countdown;   // steps left before the next tick is charged
  int depth;             // recursions left before "pattern too complex"
  int level;             // captures, finished or not
  struct {
    const char* init;
    std::ptrdiff_t len;  // or kUnfinished, kPosition
  } capture[kMaxCaptures];
};

// `s` and `p` are Lua strings (a NUL follows each); `budget` may be nullptr.
inline void prepare(MatchState& ms, lua_State* L, const PatternBudget* budget, const char* s, std::size_t ls,
                    const char* p, std::size_t lp) {
  ms.L = L;
  ms.budget = budget;
  ms.countdown = kPatternTick;
  ms.depth = kMaxDepth;
  ms.src_init = s;
  ms.src_end = s + ls;
  ms.p_end = p + lp;
  ms.level = 0;
}
inline void reprepare(MatchState& ms) { ms.level = 0; }

// Where a match of p (up to ms.p_end) starting at s ends, or nullptr.
const char* match(MatchState& ms, const char* s, const char* p);

// The first occurrence of p[0, lp) in s[0, ls), or nullptr (lstrlib's lmemfind).
const char* find_plain(MatchState& ms, const char* s, std::size_t ls, const char* p, std::size_t lp);

// Capture i of a match [s, e) (i == 0 with no captures: the whole match). Returns its
// length and sets *cap, or returns kPosition having pushed the position.
std::ptrdiff_t get_capture(MatchState& ms, int i, const char* s, const char* e, const char** cap);
void push_capture(MatchState& ms, int i, const char* s, const char* e);
// Pushes every capture (or the whole match when there are none and s is given).
int push_captures(MatchState& ms, const char* s, const char* e);

// Charges `steps` to the budget; every kPatternTick steps it may raise.
void charge(MatchState& ms);
inline void spend(MatchState& ms, long long steps) {
  if ((ms.countdown -= steps) <= 0) charge(ms);
}

}  // namespace arbiter::pattern
