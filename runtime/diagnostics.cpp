// Located messages and edit-distance suggestions.
#include "runtime/diagnostics.hpp"

#include <algorithm>
#include <cctype>
#include <filesystem>
#include <new>

#include "runtime/state.hpp"

namespace arbiter {

std::string located(const std::string& file, int line, int column, const std::string& message) {
  std::string out = file;
  if (line > 0) out.append(":").append(std::to_string(line));
  if (line > 0 && column > 0) out.append(":").append(std::to_string(column));
  return out.append(": ").append(message);
}

std::size_t edit_distance(const std::string& a, const std::string& b) {
  std::vector<std::size_t> row(b.size() + 1);
  for (std::size_t j = 0; j <= b.size(); ++j) row[j] = j;
  for (std::size_t i = 1; i <= a.size(); ++i) {
    std::size_t diag = row[0];
    row[0] = i;
    for (std::size_t j = 1; j <= b.size(); ++j) {
      std::size_t up = row[j];
      bool same = std::tolower(static_cast<unsigned char>(a[i - 1])) ==
                  std::tolower(static_cast<unsigned char>(b[j - 1]));
      row[j] = std::min({row[j] + 1, row[j - 1] + 1, diag + (same ? 0 : 1)});
      diag = up;
    }
  }
  return row[b.size()];
}

std::string closest(const std::string& name, const std::vector<std::string>& choices) {
  std::string best;
  if (name.size() > kSuggestMax) return best;
  std::size_t best_distance = std::max<std::size_t>(2, name.size() / 3) + 1;
  std::size_t work = 0;
  for (const auto& c : choices) {
    // The distance is at least the difference in length: most candidates need no table.
    std::size_t gap = c.size() > name.size() ? c.size() - name.size() : name.size() - c.size();
    if (c.size() > kSuggestMax || gap >= best_distance) continue;
    work += (name.size() + 1) * (c.size() + 1);
    if (work > kSuggestWork) break;
    std::size_t d = edit_distance(name, c);
    if (d < best_distance) best_distance = d, best = c;
  }
  return best;
}

std::string did_you_mean(const std::string& name, const std::vector<std::string>& choices) {
  std::string c = closest(name, choices);
  return c.empty() ? "" : " (did you mean " + quote(c) + "?)";
}

namespace {
// Where a text longer than `longest` is cut: not inside a UTF-8 sequence, so the start stays readable.
std::size_t cut_point(const std::string& text, std::size_t longest = kQuotedMax) {
  std::size_t cut = longest - 8;
  while (cut > 0 && (static_cast<unsigned char>(text[cut]) & 0xC0) == 0x80) --cut;
  return cut;
}
}  // namespace

std::string quote(const std::string& text) {
  std::string out = "'";
  if (text.size() <= kQuotedMax) return out.append(text).append("'");
  return out.append(text, 0, cut_point(text))
      .append("…' (")
      .append(std::to_string(text.size()))
      .append(" bytes)");
}

std::string shortened(const std::string& text, std::size_t longest) {
  if (text.size() <= longest) return text;
  return text.substr(0, cut_point(text, longest)) + "… (" + std::to_string(text.size()) + " bytes)";
}

// The place a Lua error message starts with (`rules.lua:14: `), or "": only a place the
// message starts with, since text before it is the ruleset's own (an error raised at level 0
// may put anything there, the action included).
static std::string error_place(const std::string& message) {
  std::string first = message.substr(0, message.find('\n'));
  std::size_t at = first.find(".lua:");
  if (at == std::string::npos || first.find_first_of(" \t") < at) return "";
  std::size_t end = at + 5;
  while (end < first.size() && std::isdigit(static_cast<unsigned char>(first[end]))) ++end;
  return end > at + 5 && end < first.size() && first[end] == ':' ? first.substr(0, end + 1) + " " : "";
}

std::string withheld_script_error(const std::string& message, const std::string& seat) {
  return error_place(message) + "a script error in " + seat +
         "'s action (its message is not shown to the other seats: it may name what only " + seat + " sees)";
}

std::string withheld_rules_error(const std::string& message) {
  return error_place(message) +
         "a script error in the rules (its message is not shown: it may name what a seat hides)";
}

std::string user_message(const std::exception& e, const std::string& doing) {
  if (dynamic_cast<const InputError*>(&e) || dynamic_cast<const RuleError*>(&e)) return e.what();
  if (dynamic_cast<const std::bad_alloc*>(&e)) return doing + ": out of memory";
  if (const auto* fe = dynamic_cast<const std::filesystem::filesystem_error*>(&e)) {
    std::string path = fe->path1().empty() ? "" : quote(fe->path1().string()) + ": ";
    return doing + ": " + path + fe->code().message();
  }
  return doing +
         ": an internal error stopped it (a bug in Arbiter: please report it with the command that caused it)";
}

std::string join(const std::vector<std::string>& items, const std::string& sep) {
  std::string out;
  for (std::size_t i = 0; i < items.size(); ++i) out += (i ? sep : "") + items[i];
  return out;
}

std::string join_choices(const std::vector<std::string>& choices, const std::string& last_sep) {
  std::string out;
  for (std::size_t i = 0; i < choices.size(); ++i) {
    if (i > 0) out += (i + 1 == choices.size()) ? last_sep : ", ";
    out += choices[i];
  }
  return out;
}

std::string counted(long long n, const std::string& noun) {
  return std::to_string(n) + " " + noun + (n == 1 ? "" : "s");
}

std::string player_range(int low, int high) {
  return low == high ? counted(low, "player")
                     : std::to_string(low) + " to " + std::to_string(high) + " players";
}

}  // namespace arbiter
