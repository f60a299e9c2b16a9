// Tests of authoring/mutate/lua_tokens.cpp: strings and comments are read whole (long brackets
// of every level too), and every token knows its line and column.
#include <catch2/catch.hpp>

#include "authoring/mutate/lua_tokens.hpp"

using namespace arbiter;

namespace {

std::vector<std::string> texts(const std::string& source) {
  std::vector<std::string> out;
  for (const auto& t : lua_tokens(source).tokens) out.emplace_back(t.text);
  return out;
}

}  // namespace

TEST_CASE("lua_tokens: names, keywords, numbers and symbols, longest symbol first") {
  LuaTokens t = lua_tokens("local x = a.b:c(1, 0x1F, 2.5e-3, .5) // 2 ... ~= <= ::top::");
  std::vector<std::string> want = {"local", "x",   "=",    "a",  ".",      "b",   ":",  "c", "(",
                                   "1",     ",",   "0x1F", ",",  "2.5e-3", ",",   ".5", ")", "//",
                                   "2",     "...", "~=",   "<=", "::",     "top", "::"};
  REQUIRE(texts("local x = a.b:c(1, 0x1F, 2.5e-3, .5) // 2 ... ~= <= ::top::") == want);
  CHECK(t.tokens[0].kind == LuaTokenKind::Keyword);
  CHECK(t.tokens[1].kind == LuaTokenKind::Name);
  CHECK(t.tokens[11].kind == LuaTokenKind::Number);
  CHECK(t.tokens[13].kind == LuaTokenKind::Number);
  CHECK(t.error.empty());
}

TEST_CASE("lua_tokens: a short string is one token, escapes and all") {
  std::vector<std::string> want = {"x", "=", R"("a < b \" -- not a comment")", "..", R"('it\'s')"};
  CHECK(texts(R"(x = "a < b \" -- not a comment" .. 'it\'s')") == want);
}

TEST_CASE("lua_tokens: long strings and long comments of every level are read whole") {
  std::string source = "a = [[ x < y ]] --[[ if a then ]] b = [==[ ]] < ]=] ]==] -- c < d\nc = 1";
  std::vector<std::string> want = {"a", "=", "[[ x < y ]]", "b", "=", "[==[ ]] < ]=] ]==]", "c", "=", "1"};
  CHECK(texts(source) == want);
  CHECK(lua_tokens(source).tokens[5].kind == LuaTokenKind::String);
}

TEST_CASE("lua_tokens: lines and columns count through strings and comments that span lines") {
  std::string source = "local s = [[one\ntwo]]\n--[==[\nthree\n]==]\n  x = 'a\\\nb' + 1";
  LuaTokens t = lua_tokens(source);
  REQUIRE(t.tokens.size() == 9);
  CHECK(t.tokens[3].line == 1);  // the long string starts on line 1
  CHECK(t.tokens[4].text == "x");
  CHECK(t.tokens[4].line == 6);
  CHECK(t.tokens[4].column == 3);
  CHECK(t.tokens[8].text == "1");
  CHECK(t.tokens[8].line == 7);  // after the escaped newline inside 'a\<newline>b'
  CHECK(t.tokens[8].column == 6);
}

TEST_CASE("lua_tokens: a first line starting with # is skipped, as Lua skips it") {
  CHECK(texts("#!/usr/bin/lua if < then\nx = 1") == std::vector<std::string>{"x", "=", "1"});
}

TEST_CASE("lua_tokens: an unfinished string or long comment ends the tokens with a located error") {
  LuaTokens a = lua_tokens("x = 1\ny = \"open\nz = 2");
  CHECK(a.error == "unfinished string");
  CHECK(a.error_line == 2);
  CHECK(a.tokens.size() == 5);
  LuaTokens b = lua_tokens("x = 1 --[[ never closed\n y < z");
  CHECK(b.error == "unfinished long comment");
  CHECK(b.tokens.size() == 3);
  LuaTokens c = lua_tokens("s = [=[ closed by the wrong level ]]");
  CHECK(c.error == "unfinished long string");
}
