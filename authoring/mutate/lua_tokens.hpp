// A small Lua 5.4 tokenizer for `arbiter mutate`: where each token of a source lies. Strings
// (long brackets too) and comments are recognised whole, so that no mutant is ever made
// inside them; comments are dropped. The core never runs Lua: this only reads its text.
#pragma once
#include <string>
#include <string_view>
#include <vector>

namespace arbiter {

enum class LuaTokenKind { Name, Keyword, Number, String, Symbol };

struct LuaToken {
  LuaTokenKind kind = LuaTokenKind::Symbol;
  std::string_view text;     // a view into the source given to lua_tokens
  std::size_t offset = 0;    // byte offset in the source
  int line = 1;              // 1-based, where the token begins
  int column = 1;            // 1-based byte column, where the token begins

  bool is(std::string_view t) const {
    return (kind == LuaTokenKind::Symbol || kind == LuaTokenKind::Keyword) && text == t;
  }
  std::size_t end() const { return offset + text.size(); }
};

struct LuaTokens {
  std::vector<LuaToken> tokens;
  // Where the text stops being Lua (an unfinished string or long comment): tokens end there.
  std::string error;
  int error_line = 0;
};

// The tokens of `source`, which must outlive the result. Never throws; a first line
// starting with '#' is skipped as Lua skips it.
LuaTokens lua_tokens(std::string_view source);

}  // namespace arbiter
