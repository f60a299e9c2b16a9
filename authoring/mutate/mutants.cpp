// The mutants of a Lua file: comparisons, arithmetic, whole-number literals, `and`/`or`,
// `true`/`false`, negated conditions and deleted statements, made on tokens (lua_tokens.hpp)
// so that strings and comments are never touched. Words (mutate.hpp) are marked first and
// skipped.
#include "authoring/mutate/mutants.hpp"

#include <algorithm>
#include <cctype>
#include <charconv>
#include <cstdint>
#include <limits>
#include <map>

#include "authoring/mutate/lua_tokens.hpp"

namespace arbiter {

namespace {

using Tokens = std::vector<LuaToken>;

const std::map<std::string_view, std::string_view> kComparisons = {
    {"<", "<="}, {"<=", "<"}, {">", ">="}, {">=", ">"}, {"==", "~="}, {"~=", "=="}};
const std::map<std::string_view, std::string_view> kArithmetic = {
    {"+", "-"}, {"-", "+"}, {"*", "/"}, {"/", "*"}, {"//", "%"}, {"%", "//"}};
const std::vector<std::string_view> kBinary = {"+",  "-", "*",  "/",   "//", "%", "^", "..", "==", "~=", "<",
                                               "<=", ">", ">=", "and", "or", "&", "|", "~",  "<<", ">>"};

bool one_of(const LuaToken& t, const std::vector<std::string_view>& texts) {
  return std::any_of(texts.begin(), texts.end(), [&](std::string_view s) { return t.is(s); });
}
bool binary_operator(const LuaToken& t) { return one_of(t, kBinary); }
bool opens_bracket(const LuaToken& t) { return t.is("(") || t.is("[") || t.is("{"); }
bool closes_bracket(const LuaToken& t) { return t.is(")") || t.is("]") || t.is("}"); }
bool opens_block(const LuaToken& t) { return t.is("function") || t.is("if") || t.is("do") || t.is("repeat"); }
bool closes_block(const LuaToken& t) { return t.is("end") || t.is("until"); }

// Whether a value ends at token `t`, so that a '-' after it subtracts.
bool ends_value(const LuaToken& t) {
  return t.kind == LuaTokenKind::Name || t.kind == LuaTokenKind::Number || t.kind == LuaTokenKind::String ||
         closes_bracket(t) || t.is("...") || t.is("true") || t.is("false") || t.is("nil");
}

// How many tokens on each side of a change its `near` holds.
constexpr std::size_t kNearTokens = 3;

// The text of a source range with each run of spaces made one, cut at `max` bytes.
std::string shorten(std::string_view text, std::size_t max) {
  std::string out = one_spaced(text);
  if (out.size() <= max) return out;
  std::size_t cut = max;
  while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80)
    --cut;  // not inside a UTF-8 character
  return out.substr(0, cut) + "...";
}

// The same change twice on one line ('==' -> '~=' in `a == b or c == d`) is told apart by
// its place: "'==' -> '~=' (2nd on the line)", so that each survivor names one change.
void number_repeats(std::vector<Mutant>& mutants) {
  std::map<std::pair<int, std::string>, int> seen;
  for (Mutant& m : mutants) {
    int n = ++seen[{m.line, m.change}];
    if (n == 1) continue;
    bool teen = n % 100 >= 11 && n % 100 <= 13;
    const char* suffix = teen ? "th" : n % 10 == 1 ? "st" : n % 10 == 2 ? "nd" : n % 10 == 3 ? "rd" : "th";
    m.change += " (" + std::to_string(n) + suffix + " on the line)";
  }
}

class LuaMutator {
 public:
  LuaMutator(const std::string& file, std::string_view src, const Tokens& t, const LuaWords& words)
      : file_(file),
        src_(src),
        t_(t),
        words_(words),
        in_words_(t.size(), false),
        words_call_(t.size(), false) {}

  std::vector<Mutant> run(std::vector<std::string>* found) {
    name_functions();
    mark_words(found);
    for (std::size_t i = 0; i < t_.size(); ++i)
      if (!in_words_[i]) token_mutants(i);
    statement_mutants();
    std::stable_sort(out_.begin(), out_.end(), [](const Mutant& a, const Mutant& b) {
      return a.edits.front().offset < b.edits.front().offset;
    });
    number_repeats(out_);
    return std::move(out_);
  }

 private:
  std::size_t n() const { return t_.size(); }
  bool at(std::size_t i, std::string_view text) const { return i < n() && t_[i].is(text); }

  // The index of the bracket closing the one opened at `i`, or n().
  std::size_t matching(std::size_t i) const {
    int depth = 0;
    for (std::size_t j = i; j < n(); ++j) {
      if (opens_bracket(t_[j])) ++depth;
      else if (closes_bracket(t_[j]) && --depth == 0) return j;
    }
    return n();
  }
  // The index of the `end` (or `until`) closing the block opened at `i`, or n().
  std::size_t block_end(std::size_t i) const {
    int depth = 0;
    for (std::size_t j = i; j < n(); ++j) {
      if (opens_block(t_[j])) ++depth;
      else if (closes_block(t_[j]) && --depth == 0) return j;
    }
    return n();
  }
  // The index of the `else`, `elseif` or `end` that ends the first branch of the `if` at `i`.
  std::size_t branch_end(std::size_t i) const {
    int depth = 0;
    for (std::size_t j = i; j < n(); ++j) {
      if (opens_block(t_[j])) ++depth;
      else if (closes_block(t_[j])) --depth;
      if (depth == 0 || (depth == 1 && (t_[j].is("else") || t_[j].is("elseif")))) return j;
    }
    return n();
  }
  // Skips one bracket or function body starting at `i`: the index after it.
  std::size_t skip_nested(std::size_t i) const {
    if (opens_bracket(t_[i])) return std::min(matching(i) + 1, n());
    if (t_[i].is("function")) return std::min(block_end(i) + 1, n());
    return i + 1;
  }
  // The first index from `i` on, outside brackets and function bodies, whose token is one of `stops`.
  std::size_t find_at_depth0(std::size_t i, const std::vector<std::string_view>& stops) const {
    while (i < n() && !one_of(t_[i], stops)) i = skip_nested(i);
    return i;
  }

  void mark(std::size_t from, std::size_t to) {  // [from, to]
    for (std::size_t k = from; k <= to && k < n(); ++k) in_words_[k] = true;
  }
  // Marks the arguments of a call whose arguments begin at `i` ('(' or '{' or a string).
  void mark_arguments(std::size_t i, bool after_first = false) {
    if (i >= n()) return;
    if (!t_[i].is("(") && !t_[i].is("{")) return mark(i, i);
    std::size_t close = matching(i);
    std::size_t from = after_first ? find_at_depth0(i + 1, {",", ")"}) : i;
    mark(from, close);
  }

  void mark_words(std::vector<std::string>* found);
  bool narrating_at(std::size_t i, std::size_t& length) const;
  void mark_declared(std::size_t i, std::vector<std::string>* found);
  std::string name_at(std::size_t i, std::size_t& next) const;

  void token_mutants(std::size_t i);
  void condition(std::size_t i);
  std::size_t expression_end(std::size_t i) const;
  void number(std::size_t i);
  void statement_mutants();
  bool deletable(std::size_t first, std::size_t last) const;

  void name_functions();
  std::string function_name(std::size_t i) const;
  std::string near(std::size_t first, std::size_t last) const;

  // A mutant of tokens [i, last].
  void add(std::size_t i, MutantKind kind, std::string change, std::vector<Edit> edits,
           std::size_t last = 0) {
    last = std::max(i, last);
    out_.push_back({file_, t_[i].line, t_[i].column, kind, std::move(change), std::move(edits), function_[i],
                    near(i, last)});
  }
  void replace(std::size_t i, MutantKind kind, std::string_view with) {
    // `a+-b` made `a--b` would be a comment.
    std::string text(with);
    if (with == "-" && t_[i].end() < src_.size() && src_[t_[i].end()] == '-') text += ' ';
    if (with.front() == '-' && t_[i].offset > 0 && src_[t_[i].offset - 1] == '-')
      text = std::string(" ").append(text);
    add(i, kind, std::string("'").append(t_[i].text).append("' -> '").append(with).append("'"),
        {{t_[i].offset, t_[i].text.size(), text}});
  }

  const std::string& file_;
  std::string_view src_;
  const Tokens& t_;
  const LuaWords& words_;
  std::vector<bool> in_words_;
  std::vector<bool> words_call_;  // the name of a call to a declared words function
  std::vector<std::string> narrating_;  // locals holding game:narrating()
  std::vector<std::string> function_;   // per token: the innermost named function holding it
  std::vector<Mutant> out_;
};

// The dotted name (a.b:c) starting at `i`, "" if none; `next` is the index after it.
std::string LuaMutator::name_at(std::size_t i, std::size_t& next) const {
  std::string name;
  next = i;
  while (next < n() && t_[next].kind == LuaTokenKind::Name) {
    name += t_[next].text;
    ++next;
    if (!at(next, ".") && !at(next, ":")) break;
    if (next + 1 >= n() || t_[next + 1].kind != LuaTokenKind::Name) break;
    name += t_[next].text;
    ++next;
  }
  return name;
}

// Each token's function: a block opened by `function` with a name (function_name) has that
// name; any other block (if, do, repeat, an anonymous function) has its enclosing one's.
void LuaMutator::name_functions() {
  function_.assign(n(), "");
  std::vector<std::string> outer;
  std::string current;
  for (std::size_t i = 0; i < n(); ++i) {
    if (opens_block(t_[i])) {
      outer.push_back(current);
      if (t_[i].is("function")) {
        std::string name = function_name(i);
        if (!name.empty()) current = name;
      }
    }
    function_[i] = current;
    if (closes_block(t_[i]) && !outer.empty()) current = outer.back(), outer.pop_back();
  }
}

// The name of the function whose `function` keyword is at `i`: `function a.b:c(`, `local
// function f(`, `a.b = function(`, `{f = function(`; "" for an anonymous one.
std::string LuaMutator::function_name(std::size_t i) const {
  std::size_t next = i;
  if (i + 1 < n() && t_[i + 1].kind == LuaTokenKind::Name) return name_at(i + 1, next);
  if (i < 2 || !t_[i - 1].is("=") || t_[i - 2].kind != LuaTokenKind::Name) return "";
  std::size_t j = i - 2;
  while (j >= 2 && (t_[j - 1].is(".") || t_[j - 1].is(":")) && t_[j - 2].kind == LuaTokenKind::Name) j -= 2;
  return name_at(j, next);
}

// Tokens [first, last] with up to kNearTokens more on each side, on the same lines; a space
// between two where the source has any.
std::string LuaMutator::near(std::size_t first, std::size_t last) const {
  std::size_t from = first, to = last;
  while (from > 0 && first - from < kNearTokens && t_[from - 1].line == t_[first].line) --from;
  while (to + 1 < n() && to - last < kNearTokens && t_[to + 1].line == t_[last].line) ++to;
  std::string out;
  for (std::size_t j = from; j <= to; ++j) {
    if (j > from && t_[j].offset > t_[j - 1].end()) out += ' ';
    out += t_[j].text;
  }
  return one_spaced(out);
}

void LuaMutator::mark_words(std::vector<std::string>* found) {
  for (std::size_t i = 0; i < n(); ++i) {
    const LuaToken& t = t_[i];
    bool method = i > 0 && t_[i - 1].is(":");
    bool field = i > 0 && (t_[i - 1].is(".") || method);
    std::size_t length = 0;
    if (method && t.kind == LuaTokenKind::Name &&
        (t.text == "say" || t.text == "tell" || t.text == "tell_others"))
      mark_arguments(i + 1);
    else if (!field && t.kind == LuaTokenKind::Name && (t.text == "error" || t.text == "print"))
      mark_arguments(i + 1);
    else if (!field && t.kind == LuaTokenKind::Name && t.text == "assert")
      mark_arguments(i + 1, true);
    else if (t.is("return") && (at(i + 1, "false") || at(i + 1, "nil")) && at(i + 2, ","))
      mark(i + 2, find_at_depth0(i + 3, {"end", "else", "elseif", "until", ";"}) - 1);
    else if (t.is("local") && i + 3 < n() && t_[i + 1].kind == LuaTokenKind::Name && at(i + 2, "=") &&
             narrating_at(i + 3, length) && length == 5 && !(i + 8 < n() && binary_operator(t_[i + 8])))
      narrating_.push_back(std::string(t_[i + 1].text));  // local narrating = game:narrating()
    else if (t.is("if") && narrating_at(i + 1, length) && at(i + 1 + length, "then"))
      mark(i, branch_end(i));
    else if (!field && narrating_at(i, length) && at(i + length, "and"))
      mark(i, expression_end(i + length + 1) - 1);  // game:narrating() and describe(...)
    else if (!words_.functions.empty() || !words_.calls.empty())
      mark_declared(i, found);
  }
}

// Whether `game:narrating()` (5 tokens) or a local holding it (1 token) begins at `i`.
bool LuaMutator::narrating_at(std::size_t i, std::size_t& length) const {
  if (i + 4 < n() && t_[i].kind == LuaTokenKind::Name && t_[i + 1].is(":") && t_[i + 2].text == "narrating" &&
      t_[i + 3].is("(") && t_[i + 4].is(")")) {
    length = 5;
    return true;
  }
  bool field = i > 0 && (t_[i - 1].is(".") || t_[i - 1].is(":"));
  length = 1;
  return i < n() && !field && t_[i].kind == LuaTokenKind::Name &&
         std::find(narrating_.begin(), narrating_.end(), t_[i].text) != narrating_.end();
}

// A declared words function: `function NAME(`, `local function NAME(` or `NAME = function(`
// marks its body; a call written with the same name marks its arguments, in this file or
// (a function declared in another file, `position.say`) in any other.
void LuaMutator::mark_declared(std::size_t i, std::vector<std::string>* found) {
  if (t_[i].kind != LuaTokenKind::Name || (i > 0 && (t_[i - 1].is(".") || t_[i - 1].is(":")))) return;
  std::size_t next = i;
  std::string name = name_at(i, next);
  auto listed = [&](const std::vector<std::string>& v) {
    return std::find(v.begin(), v.end(), name) != v.end();
  };
  bool own = listed(words_.functions);
  if (!own && !listed(words_.calls)) return;
  bool declared = i > 0 && t_[i - 1].is("function");
  std::size_t body = declared ? i - 1 : n();
  if (!declared && at(next, "=") && at(next + 1, "function")) declared = true, body = next + 1;
  if (declared && !own) return;  // a function of this file's own that has another's name
  if (declared) {
    mark(body, block_end(body));
    if (found) found->push_back(name);
  } else if (at(next, "(") || at(next, "{") || (next < n() && t_[next].kind == LuaTokenKind::String)) {
    for (std::size_t k = i; k < next; ++k) words_call_[k] = true;
    mark_arguments(next);
  }
}

void LuaMutator::token_mutants(std::size_t i) {
  const LuaToken& t = t_[i];
  if (t.kind == LuaTokenKind::Number) return number(i);
  if (t.is("and")) return replace(i, MutantKind::Logic, "or");
  if (t.is("or")) return replace(i, MutantKind::Logic, "and");
  if (t.is("true")) return replace(i, MutantKind::Boolean, "false");
  if (t.is("false")) return replace(i, MutantKind::Boolean, "true");
  if (t.is("if") || t.is("elseif") || t.is("while") || t.is("until")) return condition(i);
  if (t.kind != LuaTokenKind::Symbol) return;
  // A local's attribute, `local x <const> = 1`, is not a comparison.
  bool attribute =
      (t.is("<") && i + 2 < n() && t_[i + 2].is(">") &&
       (t_[i + 1].text == "const" || t_[i + 1].text == "close")) ||
      (t.is(">") && i >= 2 && t_[i - 2].is("<") && (t_[i - 1].text == "const" || t_[i - 1].text == "close"));
  if (auto c = kComparisons.find(t.text); c != kComparisons.end() && !attribute)
    return replace(i, MutantKind::Comparison, c->second);
  bool unary = t.is("-") && (i == 0 || !ends_value(t_[i - 1]));
  if (auto a = kArithmetic.find(t.text); a != kArithmetic.end() && !unary)
    replace(i, MutantKind::Arithmetic, a->second);
}

// `if C then` -> `if not (C) then`; so for elseif, `while C do` and `until C`.
void LuaMutator::condition(std::size_t i) {
  std::size_t first = i + 1, after = n();
  if (t_[i].is("until")) after = expression_end(first);
  else after = find_at_depth0(first, {t_[i].is("while") ? "do" : "then"});
  if (first >= after || after > n()) return;
  std::size_t begin = t_[first].offset, end = t_[after - 1].end();
  // `if(x)then` must not become `ifnot ((x))then`.
  std::string open =
      begin > 0 && std::isspace(static_cast<unsigned char>(src_[begin - 1])) ? "not (" : " not (";
  std::string close = end < src_.size() && std::isspace(static_cast<unsigned char>(src_[end])) ? ")" : ") ";
  add(i, MutantKind::Condition, "negated '" + shorten(src_.substr(begin, end - begin), 40) + "'",
      {{begin, 0, open}, {end, 0, close}}, std::min(after, n() - 1));
}

// The index after the expression that starts at `i` (Lua's `exp`, read loosely).
std::size_t LuaMutator::expression_end(std::size_t i) const {
  while (i < n()) {
    while (i < n() && (t_[i].is("not") || t_[i].is("-") || t_[i].is("#") || t_[i].is("~"))) ++i;
    if (i >= n()) return i;
    if (opens_bracket(t_[i]) || t_[i].is("function")) i = skip_nested(i);
    else if (ends_value(t_[i])) ++i;
    else return i;
    while (i < n()) {  // .name, :name(args), [key], (args), {table}, "string"
      if ((t_[i].is(".") || t_[i].is(":")) && i + 1 < n()) i += 2;
      else if (opens_bracket(t_[i])) i = skip_nested(i);
      else if (t_[i].kind == LuaTokenKind::String) ++i;
      else break;
    }
    if (i >= n() || !binary_operator(t_[i])) return i;
    ++i;
  }
  return i;
}

// A whole number: n -> n-1 and n+1 (0 -> -1 and 1). Floats are left alone.
void LuaMutator::number(std::size_t i) {
  std::string_view text = t_[i].text;
  bool hex = text.size() > 2 && (text[1] == 'x' || text[1] == 'X');
  std::string_view digits = hex ? text.substr(2) : text;
  std::uint64_t value = 0;
  auto [end, err] = std::from_chars(digits.data(), digits.data() + digits.size(), value, hex ? 16 : 10);
  if (err != std::errc{} || end != digits.data() + digits.size()) return;
  if (value >= static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) return;
  replace(i, MutantKind::Number, value > 0 ? std::to_string(value - 1) : "-1");
  replace(i, MutantKind::Number, std::to_string(value + 1));
}

// A line that is one simple statement, a call or an assignment, is deleted (made `;`).
void LuaMutator::statement_mutants() {
  std::size_t first = 0;
  while (first < n()) {
    std::size_t last = first;
    while (last + 1 < n() && t_[last + 1].line == t_[first].line) ++last;
    bool line_start = first == 0 || t_[first - 1].line < t_[first].line;
    if (line_start && deletable(first, last)) {
      std::size_t begin = t_[first].offset, end = t_[last].end();
      add(first, MutantKind::Statement, "deleted '" + shorten(src_.substr(begin, end - begin), 50) + "'",
          {{begin, end - begin, ";"}}, last);
    }
    first = last + 1;
  }
}

bool LuaMutator::deletable(std::size_t first, std::size_t last) const {
  if (t_[first].kind != LuaTokenKind::Name || in_words_[first] || t_[first].text == "print") return false;
  // Not the continuation of an expression begun above, nor one going on below.
  static const std::vector<std::string_view> kStatementEnds = {"end",    "then",  "do", "else",
                                                               "repeat", "break", ";"};
  if (first > 0 && !ends_value(t_[first - 1]) && !one_of(t_[first - 1], kStatementEnds)) return false;
  if (first > 0 && t_[first - 1].is("return")) return false;
  if (last + 1 < n()) {
    const LuaToken& next = t_[last + 1];
    if (binary_operator(next) || opens_bracket(next) || next.kind == LuaTokenKind::String ||
        one_of(next, {".", ":", ",", "="}))
      return false;
  }
  bool assignment = false;
  int depth = 0, blocks = 0;  // a function begun on the line ends on it
  for (std::size_t k = first; k <= last; ++k) {
    const LuaToken& t = t_[k];
    if (words_call_[k]) return false;
    if (opens_block(t)) ++blocks;
    else if (closes_block(t) && --blocks < 0) return false;
    if (opens_bracket(t)) ++depth;
    else if (closes_bracket(t) && --depth < 0) return false;
    else if (depth == 0 && t.is("=")) assignment = true;
    else if (depth == 0 && t.kind == LuaTokenKind::Keyword &&
             !one_of(t, {"function", "end", "and", "or", "not", "nil", "true", "false"}))
      return false;
    else if (depth == 0 && t.is(";") && k != last) return false;
    if (t.is(":") && k + 1 <= last &&
        (t_[k + 1].text == "say" || t_[k + 1].text == "tell" || t_[k + 1].text == "tell_others"))
      return false;  // narration
  }
  if (depth != 0 || blocks != 0) return false;
  const LuaToken& end = t_[last].is(";") && last > first ? t_[last - 1] : t_[last];
  if (!ends_value(end) && !end.is("end")) return false;  // `y = a +`: the statement goes on below
  bool call = end.is(")") || end.is("}") || end.kind == LuaTokenKind::String;
  return assignment || call;
}

}  // namespace

std::string one_spaced(std::string_view text) {
  std::string out;
  for (char c : text) {
    bool space = c == ' ' || c == '\t' || c == '\n' || c == '\r';
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

std::vector<Mutant> lua_mutants(const std::string& file, std::string_view source, const LuaWords& words,
                                std::vector<std::string>* found) {
  LuaTokens tokens = lua_tokens(source);
  return LuaMutator(file, source, tokens.tokens, words).run(found);
}

}  // namespace arbiter
