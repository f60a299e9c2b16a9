// Located messages and edit-distance suggestions.
#include "interpreter/diagnostics.hpp"

#include <algorithm>
#include <cctype>

namespace arbiter {

std::string located(const std::string& file, int line, int column, const std::string& message) {
  std::string out = file;
  if (line > 0) out += ":" + std::to_string(line);
  if (line > 0 && column > 0) out += ":" + std::to_string(column);
  return out + ": " + message;
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
  std::size_t best_distance = std::max<std::size_t>(2, name.size() / 3) + 1;
  for (const auto& c : choices) {
    std::size_t d = edit_distance(name, c);
    if (d < best_distance) best_distance = d, best = c;
  }
  return best;
}

std::string did_you_mean(const std::string& name, const std::vector<std::string>& choices) {
  std::string c = closest(name, choices);
  return c.empty() ? "" : " (did you mean '" + c + "'?)";
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

}  // namespace arbiter
