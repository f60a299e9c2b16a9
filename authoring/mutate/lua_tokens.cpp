// The tokenizer behind `arbiter mutate`: Lua 5.4's lexical rules (llex.c), reduced to
// finding where tokens, strings and comments begin and end.
#include "authoring/mutate/lua_tokens.hpp"

#include <algorithm>
#include <array>
#include <cctype>

namespace arbiter {

namespace {

constexpr std::array<std::string_view, 22> kKeywords = {
    "and", "break", "do", "else", "elseif", "end", "false", "for", "function", "goto", "if",
    "in", "local", "nil", "not", "or", "repeat", "return", "then", "true", "until", "while"};

// Longest first, so that "..." is not read as ".." and ".".
constexpr std::array<std::string_view, 10> kLongSymbols = {
    "...", "..", "==", "~=", "<=", ">=", "//", "::", "<<", ">>"};

bool name_start(char c) { return std::isalpha(static_cast<unsigned char>(c)) || c == '_'; }
bool name_char(char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; }

class Lexer {
 public:
  explicit Lexer(std::string_view s) : s_(s) {}

  LuaTokens run() {
    if (!s_.empty() && s_[0] == '#') skip_line();
    while (out_.error.empty()) {
      skip_space();
      if (i_ >= s_.size()) break;
      if (s_.compare(i_, 2, "--") == 0) comment();
      else token();
    }
    return std::move(out_);
  }

 private:
  void skip_line() {
    while (i_ < s_.size() && s_[i_] != '\n') ++i_;
  }
  void advance() {  // one byte, counting lines
    if (s_[i_] == '\n') ++line_, line_start_ = i_ + 1;
    ++i_;
  }
  void skip_space() {
    while (i_ < s_.size() && std::isspace(static_cast<unsigned char>(s_[i_]))) advance();
  }
  void fail(const std::string& what, int line) {
    out_.error = what;
    out_.error_line = line;
  }

  // At '[': the level of a long bracket opening here ([[ is 0, [==[ is 2), or -1.
  int long_bracket_level(std::size_t at) const {
    std::size_t j = at + 1;
    while (j < s_.size() && s_[j] == '=') ++j;
    return j < s_.size() && s_[j] == '[' ? static_cast<int>(j - at - 1) : -1;
  }
  // Skips a long bracket of `level` opening at i_; false when it never closes.
  bool long_bracket(int level) {
    std::string close(static_cast<std::size_t>(level) + 2, '=');
    close.front() = close.back() = ']';
    i_ += static_cast<std::size_t>(level) + 2;
    while (i_ < s_.size()) {
      if (s_.compare(i_, close.size(), close) == 0) {
        i_ += close.size();
        return true;
      }
      advance();
    }
    return false;
  }

  void comment() {
    int line = line_;
    i_ += 2;
    int level = i_ < s_.size() && s_[i_] == '[' ? long_bracket_level(i_) : -1;
    if (level < 0) return skip_line();
    if (!long_bracket(level)) fail("unfinished long comment", line);
  }

  void token() {
    LuaToken t;
    t.offset = i_;
    t.line = line_;
    t.column = static_cast<int>(i_ - line_start_) + 1;
    char c = s_[i_];
    if (name_start(c)) {
      while (i_ < s_.size() && name_char(s_[i_])) ++i_;
      std::string_view word = s_.substr(t.offset, i_ - t.offset);
      bool keyword = std::find(kKeywords.begin(), kKeywords.end(), word) != kKeywords.end();
      t.kind = keyword ? LuaTokenKind::Keyword : LuaTokenKind::Name;
    } else if (std::isdigit(static_cast<unsigned char>(c)) ||
               (c == '.' && i_ + 1 < s_.size() && std::isdigit(static_cast<unsigned char>(s_[i_ + 1])))) {
      number();
      t.kind = LuaTokenKind::Number;
    } else if (c == '"' || c == '\'') {
      if (!short_string(c)) return fail("unfinished string", t.line);
      t.kind = LuaTokenKind::String;
    } else if (c == '[' && long_bracket_level(i_) >= 0) {
      if (!long_bracket(long_bracket_level(i_))) return fail("unfinished long string", t.line);
      t.kind = LuaTokenKind::String;
    } else {
      symbol();
    }
    t.text = s_.substr(t.offset, i_ - t.offset);
    out_.tokens.push_back(t);
  }

  // As llex's read_numeral: digits, letters, dots, and a sign right after an exponent mark.
  void number() {
    bool hex = s_.compare(i_, 2, "0x") == 0 || s_.compare(i_, 2, "0X") == 0;
    char exponent = hex ? 'p' : 'e';
    if (hex) i_ += 2;
    while (i_ < s_.size()) {
      char c = s_[i_];
      if (std::tolower(static_cast<unsigned char>(c)) == exponent && i_ + 1 < s_.size() &&
          (s_[i_ + 1] == '+' || s_[i_ + 1] == '-'))
        i_ += 2;
      else if (std::isxdigit(static_cast<unsigned char>(c)) || c == '.' || name_char(c))
        ++i_;
      else
        break;
    }
  }

  bool short_string(char quote) {
    ++i_;
    while (i_ < s_.size()) {
      char c = s_[i_];
      if (c == quote) {
        ++i_;
        return true;
      }
      if (c == '\n') return false;
      if (c == '\\' && i_ + 1 < s_.size()) advance();  // the escaped byte, a newline too
      advance();
    }
    return false;
  }

  void symbol() {
    for (std::string_view sym : kLongSymbols)
      if (s_.compare(i_, sym.size(), sym) == 0) {
        i_ += sym.size();
        return;
      }
    ++i_;
  }

  std::string_view s_;
  std::size_t i_ = 0;
  int line_ = 1;
  std::size_t line_start_ = 0;
  LuaTokens out_;
};

}  // namespace

LuaTokens lua_tokens(std::string_view source) { return Lexer(source).run(); }

}  // namespace arbiter
