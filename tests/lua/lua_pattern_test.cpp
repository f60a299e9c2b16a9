// Tests of lua/lua_pattern.cpp: our string.find, match, gmatch and gsub give what Lua's
// string library gives (on a table of cases, each run both ways by fuzz/pattern_compare.hpp),
// and in the sandbox a pattern that backtracks for ever is stopped by the hook call's
// budget with the usual message, even under pcall, and the game goes on.
#include <catch2/catch.hpp>

#include "lua/lua_rules.hpp"
#include "fuzz/pattern_compare.hpp"
#include "runtime/engine.hpp"

using namespace arbiter;

namespace {

using Case = fuzz::PatternCase;

// Runs a Lua expression with `ours` (our four functions, no budget) and returns its
// results as one text, or the error.
std::string eval(const std::string& expression) {
  lua_State* L = luaL_newstate();
  luaL_openlibs(L);
  lua_newtable(L);
  set_pattern_functions(L, -1, nullptr);
  lua_setglobal(L, "ours");
  std::string out;
  std::string code =
      "return table.concat((function(...) local t = table.pack(...) for i = 1, t.n do t[i] = tostring(t[i]) end "
      "return t end)(" +
      expression + "), ',')";
  if (luaL_dostring(L, code.c_str()) != LUA_OK) out = "error: ";
  out += lua_tostring(L, -1);
  lua_close(L);
  return out;
}

}  // namespace

TEST_CASE("our pattern functions give the results Lua's do") {
  CHECK(eval("ours.find('hello world', 'o w')") == "5,7");
  CHECK(eval("ours.find('hello', 'l+')") == "3,4");
  CHECK(eval("ours.find('a.b', '.', 1, true)") == "2,2");
  CHECK(eval("ours.match('key = value', '(%w+)%s*=%s*(%w+)')") == "key,value");
  CHECK(eval("ours.match('hello', '()ll()')") == "3,5");
  CHECK(eval("ours.gsub('hello world', '(%w+)', '<%1>')") == "<hello> <world>,2");
  CHECK(eval("ours.gsub('abc', '', '-')") == "-a-b-c-,4");
  CHECK(eval("ours.gsub('THE (quick) fox', '%f[%a]%a+', 'x', 2)") == "x (x) fox,2");
  CHECK(eval("ours.match('f(a(b)c)d', '%b()')") == "(a(b)c)");
  CHECK(eval("ours.gmatch('one two', '%a+')()") == "one");
  CHECK(eval("ours.find('abc', 'b', -2)") == "2,2");
  CHECK(eval("ours.find('abc', 'b', 10)") == "nil");
}

TEST_CASE("our pattern functions fail where Lua's do, with Lua's messages") {
  CHECK_THAT(eval("ours.find('a', '%')"), Catch::Contains("malformed pattern (ends with '%')"));
  CHECK_THAT(eval("ours.find('a', '[a')"), Catch::Contains("malformed pattern (missing ']')"));
  CHECK_THAT(eval("ours.find('a', '%1')"), Catch::Contains("invalid capture index %1"));
  CHECK_THAT(eval("ours.match('a', 'a)')"), Catch::Contains("invalid pattern capture"));
  CHECK_THAT(eval("ours.find('a', '%b')"), Catch::Contains("missing arguments to '%b'"));
  CHECK_THAT(eval("ours.find('a', '%fa')"), Catch::Contains("missing '[' after '%f' in pattern"));
  CHECK_THAT(eval("ours.match(('a'):rep(40), ('(a)'):rep(33))"),
             Catch::Contains("too many captures"));
  CHECK_THAT(eval("ours.match(('a'):rep(300), ('a?'):rep(250))"), Catch::Contains("pattern too complex"));
  CHECK_THAT(eval("ours.gsub('a', 'a', '%2')"), Catch::Contains("invalid capture index %2"));
  CHECK_THAT(eval("ours.gsub('a', 'a', '%')"), Catch::Contains("invalid use of '%' in replacement string"));
  CHECK_THAT(eval("ours.gsub('a', 'a', {a = {}})"), Catch::Contains("invalid replacement value (a table)"));
  CHECK_THAT(eval("ours.gsub('a', 'a')"),
             Catch::Contains("bad argument #3 to 'gsub' (string/function/table expected"));
  CHECK(eval("ours.find('b', 'a%')") == "nil");  // the malformed end is never reached, as in Lua
}

namespace {

// Subjects, patterns and replacements (an init and a count where given) that ours and Lua's
// must treat alike: classes, sets, anchors, captures, balances, frontiers, malformed patterns.
const Case kCases[] = {
    {"hello world", "o", "0", {}, {}},
    {"hello world", "^h(.-)o", "[%1]", {}, {}},
    {"hello world", "l*", "<%0>", {}, {}},
    {"hello world", "l-o", "%%", 3, 1},
    {"hello world", "(l)(l)", "%2%1", -7, {}},
    {"hello world", "$", "!", {}, {}},
    {"hello world", "d$", "D", {}, {}},
    {"a$b", "a$b", "x", {}, {}},
    {"  trim me  ", "^%s*(.-)%s*$", "%1", {}, {}},
    {"x = 1, y = 22", "(%w+) = (%d+)", "%2=%1", {}, {}},
    {"aaa", "a-", "-", {}, {}},
    {"aaa", "a-b", "-", {}, {}},
    {"aaa", "a?a?a?a", "?", {}, {}},
    {"abc", "", "-", 2, 2},
    {"abc", "", "-", 4, 0},
    {"abc", ".", "%0%0", 5, -1},
    {"ABC def 123 \t\n!?", "%a+", "a", {}, {}},
    {"ABC def 123 \t\n!?", "%A+", "A", {}, {}},
    {"ABC def 123 \t\n!?", "[%l%d]+", "x", {}, {}},
    {"ABC def 123 \t\n!?", "[^%s%p]+", "y", {}, {}},
    {"ABC def 123 \t\n!?", "%c", "c", {}, {}},
    {"ABC def 123 \t\n!?", "%g+", "g", {}, {}},
    {"ABC def 123 \t\n!?", "%U%W%X", "u", {}, {}},
    {"a-b]c^d", "[]]", "!", {}, {}},
    {"a-b]c^d", "[^]]+", "!", {}, {}},
    {"a-b]c^d", "[a-c]+", "!", {}, {}},
    {"a-b]c^d", "[-a]+", "!", {}, {}},
    {"a-b]c^d", "[a-]+", "!", {}, {}},
    {"a-b]c^d", "[%^%]]", "!", {}, {}},
    {"a-b]c^d", "[^^]", "!", {}, {}},
    {"THE (quick) [brown] fox", "%b()", "<>", {}, {}},
    {"THE (quick) [brown] fox", "%b[]", "<>", {}, {}},
    {"THE (quick) [brown] fox", "%bqk", "<>", {}, {}},
    {"THE (quick) [brown] fox", "%f[%w]%w+", "W", {}, {}},
    {"THE (quick) [brown] fox", "%f[%W]", "|", {}, {}},
    {"THE (quick) [brown] fox", "%f[%z]", "|", {}, {}},
    {"abcabc", "(abc)%1", "dup", {}, {}},
    {"abab", "(a)(b)%2", "x", {}, {}},
    {"abab", "()a()", "%1-%2", {}, {}},
    {"abab", "()%1", "x", {}, {}},
    {"one two  three", "%s*", "_", {}, {}},
    {std::string("a\0b\0c", 5), std::string("\0", 1), "0", {}, {}},
    {std::string("a\0b\0c", 5), std::string("%z", 2), "0", {}, {}},
    {std::string("a\0b\0c", 5), std::string("[\0]", 3), "0", {}, {}},
    {"\xff\x80" "abc", "[\x80-\xff]+", "hi", {}, {}},
    {"key=val; k2=v2", "(%w+)=(%w+)", "%2", {}, 1},
    {"abc", "((a)(b))", "%3%2%1", {}, {}},
    {"abc", "(a", "x", {}, {}},
    {"abc", "a)", "x", {}, {}},
    {"abc", "%", "x", {}, {}},
    {"abc", "[a", "x", {}, {}},
    {"abc", "[a%", "x", {}, {}},
    {"abc", "%b", "x", {}, {}},
    {"abc", "%ba", "x", {}, {}},
    {"abc", "%f", "x", {}, {}},
    {"abc", "%2", "x", {}, {}},
    {"abc", "(a)%0", "x", {}, {}},
    {"abc", "b", "%9", {}, {}},
    {"abc", "b", "%", {}, {}},
    {"abc", "b", "%x", {}, {}},
    {"hello", "^", "^", {}, {}},
    {"hello", "^$", "x", {}, {}},
    {"", "^$", "x", {}, {}},
    {"", "", "x", {}, {}},
    {"", ".*", "x", -1, {}},
    {"hello", "o", "x", -100, {}},
    {"hello", "o", "x", 0, {}},
    {"hello", "l", "x", 6, {}},
    {"hello", "", "x", 6, {}},
    {"hello", "", "x", 7, {}},
    {"hello.world", ".", "x", {}, {}},
    {"hello.world", "%.", "x", {}, {}},
    {"a+b", "a+b", "x", {}, {}},
    {"a+b", "a%+b", "x", {}, {}},
    {"!", "!", "x", {}, {}},
    {"?", "?", "x", {}, {}},
    {"a", "a", "!", {}, {}},
    {"aaaaaaaaaaaaaaaaaaaaaaaaaaaaaab", "a*a*a*a*a*b", "x", {}, {}},
};

}  // namespace

TEST_CASE("our pattern functions agree with Lua's on a table of cases") {
  fuzz::PatternDuel duel;
  for (const Case& c : kCases) {
    INFO("subject " << c.subject << ", pattern " << c.pattern << ", replacement " << c.replacement);
    CHECK(duel.differences(c) == "");
  }
}

TEST_CASE("the duel names a difference when there is one") {
  fuzz::PatternDuel duel;
  Case c{"abc", "(b)", "x", {}, {}};
  CHECK(duel.differences(c) == "");
  duel.swap_in("find", "match");
  CHECK_THAT(duel.differences(c), Catch::StartsWith("find(\"abc\", \"(b)\"") &&
                                      Catch::Contains("library: integer 2, integer 2, \"b\"") &&
                                      Catch::Contains("ours:    \"b\""));
}

namespace {

const std::string kFixture = ARBITER_SOURCE_DIR "/tests/fixtures/pattern-budget";

// Each pattern below runs for hours on Lua's own matcher.
struct Game {
  std::shared_ptr<const Ruleset> ruleset = load_ruleset(kFixture);
  LuaRules rules;
  std::shared_ptr<const Table> table = make_table(ruleset, {});
  Engine engine{table, rules};
  State state{table};

  explicit Game(SandboxLimits limits) : rules(ruleset, ARBITER_SOURCE_DIR "/scripts", limits) {
    REQUIRE(engine.start(state).ok);
  }

  // Plays `action`, which must fail as a script error and leave the state as it was.
  std::string stopped(const std::string& action) {
    State before = state;
    ActionResult o = engine.apply(state, state.active(), action);
    INFO(action << ": " << to_text(o.refusal) << ": " << o.message);
    CHECK(o.refusal == Refusal::ScriptError);
    CHECK(state.hash() == before.hash());
    return o.message;
  }

  int count() const { return static_cast<int>(state.var(ruleset->var_index("count"), 0).as_int()); }

  void inc() {
    int was = count();
    REQUIRE(engine.apply(state, state.active(), "inc").ok());
    CHECK(count() == was + 1);
  }
};

}  // namespace

TEST_CASE("a pattern that backtracks for ever is stopped by the instruction budget, and the game goes on") {
  Game game(SandboxLimits{2'000'000, 16u << 20});
  game.inc();
  for (const char* action : {"find", "method_match", "gmatch", "gsub", "pcall_loop", "xpcall_find", "balance",
                             "plain", "backreference"}) {
    std::string e = game.stopped(action);
    CHECK_THAT(e, Catch::Contains(
                      "instruction budget exceeded (2000000 instructions) in apply(): an endless loop?"));
    CHECK_THAT(e, Catch::StartsWith("pattern-budget/rules.lua:"));
    game.inc();
  }
  CHECK(game.count() == 10);
}

TEST_CASE("a pattern match is stopped by the time limit when the budget would let it run") {
  // No instruction budget to speak of: the watchdog's kill must reach the matcher itself
  // (were it not looked at, the watchdog would end the process a second later).
  Game game(SandboxLimits{1'000'000'000'000'000LL, 16u << 20, std::chrono::milliseconds(200)});
  std::string e = game.stopped("find");
  CHECK_THAT(e, Catch::Contains("time limit exceeded (200 ms) in apply()"));
  game.inc();
}
