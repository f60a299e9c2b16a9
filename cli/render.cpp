// Text rendering of views. Generic: the ruleset's game.yaml supplies labels and grouping.
#include "cli/render.hpp"

#include <fmt/format.h>

#include <map>

#include "cli/app.hpp"

namespace arbiter::cli {

std::string render_items(const ZoneView& z, const std::string& noun) {
  if (z.count == 0) return "empty";
  std::vector<std::string> seen;
  int unseen = 0;
  for (const auto& item : z.items) (item == "?" ? (void)++unseen : seen.push_back(item));
  if (seen.empty()) return fmt::format("{} {}{}", z.count, noun, z.count == 1 ? "" : "s");
  std::string out;
  if (z.group) {
    std::map<std::string, int> counts;
    std::vector<std::string> order;
    for (const auto& s : seen)
      if (counts[s]++ == 0) order.push_back(s);
    for (const auto& s : order) out += (out.empty() ? "" : "  ") + (counts[s] > 1 ? fmt::format("{}×{}", s, counts[s]) : s);
  } else {
    for (const auto& s : seen) out += (out.empty() ? "" : " ") + s;
  }
  if (unseen) out += fmt::format(" + {} unseen", unseen);
  return out;
}

static std::string var_list(const std::vector<std::pair<std::string, std::string>>& vars) {
  std::string out;
  for (const auto& [k, v] : vars)
    if (v != "none") out += fmt::format("{}{} {}", out.empty() ? "" : ", ", k, v);
  return out;
}

std::string render_table(const View& v, const std::string& title, bool color) {
  std::string out = style(title, "1", color);
  if (v.round > 0) out += fmt::format(" · round {}", v.round);
  out += "\n";
  for (const auto& z : v.zones)
    if (z.owner < 0) out += fmt::format("  {}: {}\n", z.label, render_items(z, v.noun));
  std::string globals = var_list(v.globals);
  if (!globals.empty()) out += "  " + globals + "\n";
  std::size_t width = 0;
  for (const auto& s : v.seats) width = std::max(width, s.name.size());
  for (std::size_t i = 0; i < v.seats.size(); ++i) {
    const SeatView& s = v.seats[i];
    bool on_turn = static_cast<int>(i) == v.active;
    std::string marker = on_turn ? "▶ " : "  ";
    std::string name = fmt::format("{:<{}}", s.name, width);
    if (static_cast<int>(i) == v.seat) name = style(name, "1;36", color);
    std::string line = marker + name;
    std::string vars = var_list(s.vars);
    if (!vars.empty()) line += "  " + vars;
    for (const auto& z : v.zones)
      if (z.owner == static_cast<int>(i)) line += fmt::format("  | {}: {}", z.label, render_items(z, v.noun));
    if (s.status == "out") line += style("  (out this round)", "2", color);
    if (s.status == "eliminated") line += style("  (out of the game)", "2", color);
    out += line + "\n";
  }
  return out;
}

std::string render_actions(const std::vector<std::string>& legal, int width) {
  std::string out, line;
  for (const auto& a : legal) {
    if (!line.empty() && static_cast<int>(line.size() + a.size() + 3) > width) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "  " : " · ") + a;
  }
  return out + line + "\n";
}

}  // namespace arbiter::cli
