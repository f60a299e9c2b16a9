// Text rendering of views. Generic: the ruleset's game.yaml supplies labels and grouping.
#include "present/render.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <fmt/format.h>

#include <algorithm>
#include <cctype>
#include <map>

#include "present/output.hpp"
#include "runtime/engine.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/visible_text.hpp"

namespace arbiter::present {

// The unseen items of a zone the seat holds marks of, top first: "?(1, not red)", or "?".
static std::string marked_unseen(const ZoneView& z) {
  std::string out;
  std::vector<std::string> items = marked_items(z);
  for (std::size_t k = 0; k < items.size(); ++k)
    if (z.items[k] == "?") out += (out.empty() ? "" : " ") + items[k];
  return out;
}

std::string render_items(const ZoneView& z, const std::string& noun) {
  if (z.count == 0) return "empty";
  if (!z.marks.empty()) {
    std::string seen;
    for (const auto& item : z.listed)
      if (item != "?") seen += (seen.empty() ? "" : " ") + item;
    return seen + (seen.empty() ? "" : " + ") + marked_unseen(z);
  }
  std::vector<std::string> seen;
  int unseen = 0;
  for (const auto& item : z.listed) (item == "?" ? (void)++unseen : seen.push_back(item));
  if (seen.empty()) return fmt::format("{} {}{}", z.count, noun, z.count == 1 ? "" : "s");
  std::string out;
  if (z.group) {
    std::map<std::string, int> counts;
    std::vector<std::string> order;
    for (const auto& s : seen)
      if (counts[s]++ == 0) order.push_back(s);
    for (const auto& s : order)
      out += (out.empty() ? "" : "  ") + (counts[s] > 1 ? fmt::format("{}×{}", s, counts[s]) : s);
  } else {
    for (const auto& s : seen) out += (out.empty() ? "" : " ") + s;
  }
  if (unseen) out += fmt::format(" + {} unseen", unseen);
  return out;
}

// Variables as "score 4, last bid 7", each by its game.yaml label (else its name): those
// without a value (none, or an empty text), a flag that is false, and those game.yaml marks
// `display: false`, left out; a flag that is true is its name alone ("protected").
static std::string var_list(const std::vector<std::pair<std::string, std::string>>& vars,
                            const std::vector<Value>& values, const View& view) {
  std::string out;
  for (std::size_t i = 0; i < vars.size(); ++i) {
    const auto& [k, v] = vars[i];
    const Value* typed = i < values.size() ? &values[i] : nullptr;
    bool flag = typed && typed->is_bool();
    if (v == "none" || (typed && typed->is_string() && v.empty()) || (flag && !typed->as_bool()) ||
        std::find(view.undisplayed.begin(), view.undisplayed.end(), k) != view.undisplayed.end())
      continue;
    std::string name = k;
    for (const auto& [var, label] : view.labels)
      if (var == k) name = label;
    out += fmt::format("{}{}", out.empty() ? "" : ", ", flag ? name : name + " " + v);
  }
  return out;
}

// A cell's stack as a few characters: each kind's symbol, with its count when above one ("b2").
static std::string cell_text(const View& v, const ZoneView& z) {
  std::vector<std::pair<std::string, int>> counts;
  for (const auto& item : z.items) {
    std::string sym = item;
    for (const auto& [name, symbol] : v.symbols) if (name == item) sym = symbol;
    if (!counts.empty() && counts.back().first == sym) ++counts.back().second;
    else counts.emplace_back(sym, 1);
  }
  std::string out;
  for (const auto& [sym, n] : counts)
    out += (out.empty() ? "" : "+") + sym + (n > 1 ? std::to_string(n) : "");
  return out.empty() ? "." : out;
}

// The board as a grid, top rank first, files along the bottom; plain ASCII.
static std::string render_board(const View& v) {
  const BoardView& b = v.board;
  std::size_t width = 2, label = 1;
  for (int z : b.zone) if (z >= 0) width = std::max(width, cell_text(v, v.zones[z]).size());
  for (const auto& r : b.ranks) label = std::max(label, r.size());
  std::string out;
  for (int rank = static_cast<int>(b.ranks.size()) - 1; rank >= 0; --rank) {
    out += fmt::format("  {:>{}} ", b.ranks[rank], label);
    for (std::size_t file = 0; file < b.files.size(); ++file) {
      int z = b.zone[rank * b.files.size() + file];
      out += fmt::format(" {:^{}}", z < 0 ? "" : cell_text(v, v.zones[z]), width);
    }
    out += "\n";
  }
  out += fmt::format("  {:>{}} ", "", label);
  for (const auto& f : b.files) out += fmt::format(" {:^{}}", f, width);
  return out + "\n";
}

// Display columns of `text` as the output sink writes it (outside text in its visible
// form): UTF-8 continuation bytes and Arbiter's colour codes take none.
static std::size_t columns(const std::string& text) {
  std::size_t n = 0;
  bool escape = false;
  for (unsigned char c : terminal_text(text)) {
    if (escape) escape = !std::isalpha(c);
    else if (c == 0x1b) escape = true;
    else if ((c & 0xc0) != 0x80) ++n;
  }
  return n;
}

// A part of a seat's line on lines of its own, under the seat's name: a part still too wide
// (a long zone) is broken between its items, each line after the first indented under the label.
static std::string part_lines(const std::string& part, int columns_max) {
  std::string wrapped = wrap_words(part, std::max(20, columns_max - 6), "  "), out;
  for (std::size_t at = 0; at < wrapped.size();) {
    std::size_t nl = wrapped.find('\n', at);
    out += "      " + wrapped.substr(at, nl == std::string::npos ? std::string::npos : nl - at) + "\n";
    at = nl == std::string::npos ? wrapped.size() : nl + 1;
  }
  return out;
}

std::string render_table(const View& v, const std::string& title, bool color, int columns_max) {
  std::string out = style(title, "1", color);
  if (v.rounds && v.round > 0) out += fmt::format(" · round {}", v.round);
  out += "\n";
  std::vector<bool> on_board(v.zones.size(), false);
  for (int z : v.board.zone) if (z >= 0) on_board[z] = true;
  if (!v.board.files.empty()) out += render_board(v);
  for (std::size_t z = 0; z < v.zones.size(); ++z)
    if (v.zones[z].owner < 0 && !on_board[z])
      out += fmt::format("  {}: {}\n", v.zones[z].label, render_items(v.zones[z], v.noun));
  std::string globals = var_list(v.globals, v.global_values, v);
  if (!globals.empty()) {  // wrapped at the commas to fit
    std::string line;
    std::size_t start = 0;
    while (start < globals.size()) {
      std::size_t comma = globals.find(", ", start);
      std::string piece =
          globals.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
      start = comma == std::string::npos ? globals.size() : comma + 2;
      if (!line.empty() && static_cast<int>(columns(line + ", " + piece)) + 2 > columns_max)
        out += "  " + line + ",\n", line.clear();
      line += (line.empty() ? "" : ", ") + piece;
    }
    out += "  " + line + "\n";
  }
  std::size_t width = 0;
  for (const auto& s : v.seats) width = std::max(width, visible_text(s.name).size());
  for (std::size_t i = 0; i < v.seats.size(); ++i) {
    const SeatView& s = v.seats[i];
    // At a simultaneous choice every seat still to choose is on turn; who has chosen is public.
    const Simultaneous& sim = v.simultaneous;
    bool on_turn = sim.open() ? ((sim.seats & ~sim.chosen) >> i & 1u) != 0 : static_cast<int>(i) == v.active;
    std::string marker = on_turn ? "▶ " : "  ";
    // Padded in the form the sink shows (`\e` is two columns), so hostile names line up too.
    std::string name = fmt::format("{:<{}}", visible_text(s.name), width);
    if (static_cast<int>(i) == v.seat) name = style(name, "1;36", color);
    std::vector<std::string> parts;
    if (std::string vars = var_list(s.vars, s.values, v); !vars.empty()) parts.push_back(vars);
    for (const auto& z : v.zones)
      if (z.owner == static_cast<int>(i))
        parts.push_back(fmt::format("| {}: {}", z.label, render_items(z, v.noun)));
    if (sim.open() && (sim.chosen >> i & 1u)) parts.push_back(style("(has chosen)", "2", color));
    if (s.status == "out") parts.push_back(style("(out this round)", "2", color));
    if (s.status == "eliminated") parts.push_back(style("(out of the game)", "2", color));
    std::string line = marker + name, whole = line;
    for (const auto& p : parts) whole += "  " + p;
    if (static_cast<int>(columns(whole)) <= columns_max) {
      out += whole + "\n";
      continue;
    }
    out += line + "\n";  // too wide: each part on a line of its own, under the name
    for (const auto& p : parts) out += part_lines(p, columns_max);
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

}  // namespace arbiter::present

namespace arbiter::present {

namespace {

// Columns of a word as the output sink shows it (`\e` is two).
int columns_of(const std::string& s) {
  int n = 0;
  for (unsigned char c : visible_text(s)) n += (c & 0xC0) != 0x80;
  return n;
}

}  // namespace

std::string wrap_words(const std::string& text, int width, const std::string& indent) {
  std::string out;
  std::size_t start = 0;
  for (;;) {  // each line of `text` on its own
    std::size_t end = text.find('\n', start);
    std::string paragraph = text.substr(start, end == std::string::npos ? std::string::npos : end - start);
    std::string line;
    int used = 0;
    bool first_word = true;
    for (std::size_t i = 0; i <= paragraph.size();) {
      std::size_t space = paragraph.find(' ', i);
      if (space == std::string::npos) space = paragraph.size();
      std::string word = paragraph.substr(i, space - i);
      i = space + 1;
      if (word.empty() && !first_word) continue;
      int w = columns_of(word);
      if (!first_word && used + 1 + w > width) {
        out += line + "\n";
        line = indent + word, used = columns_of(indent) + w;
      } else {
        line += (first_word ? "" : " ") + word, used += (first_word ? 0 : 1) + w;
      }
      first_word = false;
    }
    out += line;
    if (end == std::string::npos) return out;
    out += "\n";
    start = end + 1;
  }
}

std::string wrap_column(const std::string& text, int width, int column) {
  std::string out = wrap_words(text, std::max(20, width - column));
  for (std::size_t nl = out.find('\n'); nl != std::string::npos; nl = out.find('\n', nl + 1))
    out.insert(nl + 1, std::string(column, ' '));
  return out;
}

int terminal_columns(int fd, int unknown) {
  winsize w{};
  if (ioctl(fd, TIOCGWINSZ, &w) != 0 || w.ws_col == 0) return unknown;
  return w.ws_col;
}

int player_columns(int unknown) {
  return terminal_columns(STDOUT_FILENO, terminal_columns(STDIN_FILENO, unknown));
}

}  // namespace arbiter::present

namespace arbiter::present {

// Worded by end_line, as `arbiter join` words what the server sends.
GameEnd game_end(const Ruleset& r, const Table& t, const GameOver& over) {
  GameEnd end{{}, over.reason, r.final_scores, {}, r.cooperative};
  for (int w : over.winners) end.winners.push_back(t.seats[w].name);
  if (!over.payoffs.empty()) return end;  // the payoffs are the result: their line follows, not a score of 0
  for (std::size_t s = 0; s < over.scores.size(); ++s) {
    std::string mark = !r.final_scores  ? fmt::format("{:g}", over.results[s])
                       : over.scores[s] ? to_text(*over.scores[s])
                                        : "?";
    end.seats.emplace_back(t.seats[s].name, mark);
  }
  return end;
}

std::string log_line(const std::string& kind, const std::string& seat, const std::string& text) {
  if (kind == "action") return "> " + seat + ": " + text;
  if (kind == "chance") return "Outcome: " + text + ".";
  return text;
}

std::string log_line(const Event& e, const Table& table) {
  if (e.kind == Event::Kind::Action) return log_line("action", table.seats[e.seat].name, e.text);
  return log_line(e.kind == Event::Kind::Chance ? "chance" : "say", "", e.text);
}

std::string end_line(const GameEnd& end) {
  std::vector<std::string> marks;
  for (const auto& [name, mark] : end.seats) marks.push_back(name + " " + mark);
  std::string result = end.cooperative     ? (end.winners.empty() ? "Everyone loses" : "Everyone wins")
                       : end.winners.empty() ? "Nobody wins"
                                             : join_choices(end.winners, " and ") +
                                                   (end.winners.size() == 1 ? " wins" : " share the win");
  if (!end.reason.empty()) result += " (" + end.reason + ")";
  if (marks.empty()) return fmt::format("Game over. {}.", result);  // a game of payoffs: its own line follows
  return fmt::format("Game over. {}. {}: {}.", result, end.final_scores ? "Scores" : "Results",
                     join_choices(marks, ", "));
}

std::string payoffs_line(const std::vector<std::pair<std::string, double>>& paid, const std::string& unit) {
  std::vector<std::string> parts;
  for (const auto& [name, amount] : paid) parts.push_back(fmt::format("{} {:+}", name, amount));
  return "Payoffs" + (unit.empty() ? "" : " (" + unit + ")") + ": " + join_choices(parts, ", ") + ".";
}

}  // namespace arbiter::present
