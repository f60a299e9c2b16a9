// Tests of runtime/vars.cpp without Lua: a variable is set, unless the game's text
// variables would then hold more than kMaxVarTextTotal bytes together.
#include <catch2/catch.hpp>

#include "runtime/limits.hpp"
#include "runtime/vars.hpp"

using namespace arbiter;

TEST_CASE("a variable set counts every text variable's bytes, the one it replaces left out") {
  auto ruleset = load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/bot-view");
  GameOptions options;
  options.seats = {{"Andy", -1}, {"Bill", -1}};
  State s(make_table(ruleset, options));
  int label = ruleset->var_index("label"), word = ruleset->var_index("word"),
      secret = ruleset->var_index("secret");
  set_var_checked(s, secret, 1, Value("six"));
  CHECK(s.var(secret, 1) == Value("six"));
  CHECK(s.var(secret, 0).is_nil());
  std::string big(kMaxVarTextTotal - 10, 'x');
  set_var_checked(s, label, 0, Value(big));
  set_var_checked(s, label, 0, Value(big));  // replaces itself: not counted twice
  set_var_checked(s, word, 0, Value("seven"));  // 7 bytes more: 2 to spare
  CHECK_THROWS_WITH(set_var_checked(s, secret, 0, Value("four")),
                    "the game's variables would hold " + std::to_string(kMaxVarTextTotal + 2) +
                        " bytes of text; together they hold at most " + std::to_string(kMaxVarTextTotal));
  CHECK(s.var(secret, 0).is_nil());
  set_var_checked(s, secret, 0, Value(123456789));  // numbers are not counted
  CHECK(s.var(secret, 0) == Value(123456789));
}
