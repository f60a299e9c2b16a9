// The terminal form of `arbiter sim`: a few aligned tables a designer reads in a glance.
#include "cli/sim/render.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "cli/app.hpp"
#include "present/output.hpp"
#include "cli/sim/metrics_render.hpp"
#include "present/render.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/fingerprint.hpp"

namespace arbiter::cli {

namespace {

// Shown width: of the text as the output sink writes it (outside text in its visible
// form), where UTF-8 continuation bytes and Arbiter's colour codes take no column.
std::size_t shown_width(const std::string& text) {
  std::string s = terminal_text(text);
  std::size_t w = 0;
  for (std::size_t i = 0; i < s.size(); ++i) {
    if (s[i] == '\033') {
      while (i < s.size() && s[i] != 'm') ++i;
      continue;
    }
    if ((static_cast<unsigned char>(s[i]) & 0xC0) != 0x80) ++w;
  }
  return w;
}

// Every line of a report fits a terminal of 60 columns (a seat's or a file's name longer
// than a line aside).
constexpr int kWidth = 60;

// `text` in lines of kWidth columns at most: `label`, padded to `indent` columns, before the
// first; the others indented as far. The text is wrapped unstyled (wrap_words would count
// a colour marker's digits as columns): `styled` is then coloured where it stands whole.
std::string labelled(const std::string& label, const std::string& text, std::size_t indent = 12,
                     const std::string& styled = "", const char* sgr = nullptr) {
  std::string wrapped = wrap_words(text, kWidth - static_cast<int>(indent)), out;
  for (std::size_t start = 0, first = 1;; first = 0) {
    std::size_t end = wrapped.find('\n', start);
    out += (first ? label + std::string(indent - std::min(indent, label.size()), ' ')
                  : std::string(indent, ' ')) +
           wrapped.substr(start, end == std::string::npos ? end : end - start) + "\n";
    if (end == std::string::npos) break;
    start = end + 1;
  }
  if (sgr)
    if (std::size_t at = out.find(styled); at != std::string::npos)
      out.replace(at, styled.size(), style(styled, sgr, true));
  return out;
}

std::string pct(double x) { return fmt::format("{:.1f}%", 100 * x); }
// `3 games (1.5%)`: how many of `of` games, and their share.
std::string games_pct(int n, int of) {
  return counted(n, "game") + " (" + pct(of ? double(n) / of : 0) + ")";
}
std::string range(const Interval& i) { return fmt::format("{:.1f}–{:.1f}%", 100 * i.low, 100 * i.high); }
// Shared wins make fractions: show one decimal only when there is one.
std::string count(double x) {
  return x == std::floor(x) ? fmt::format("{:.0f}", x) : fmt::format("{:.1f}", x);
}

std::string params_text(const SimReport& r) {
  std::vector<std::string> parts;
  for (const auto& [k, v] : r.params) parts.push_back(k + "=" + v);
  return join(parts, " ");
}

std::string title(const SimReport& r) {
  std::string t = fmt::format("{} · {} players", r.ruleset, r.players);
  if (!r.variant.empty()) t += " · variant " + r.variant;
  if (!r.params.empty()) t += " · " + params_text(r);
  return t;
}

std::string bots_text(const SimReport& r) {
  if (r.kinds.size() == 1) return r.kinds[0].kind + " bots in every seat";
  std::vector<std::string> parts;
  if (r.rotated) {
    for (const auto& k : r.kinds) parts.push_back(k.kind);
    return join(parts, ", ") + ", moving one seat on every game";
  }
  for (const auto& s : r.seats) parts.push_back(s.name + " " + s.bot);
  return join(parts, ", ");
}

// A mean payoff and its 95% interval, as "-0.06 (-0.10 to -0.02)".
std::string payoff(const Spread& p) {
  Interval ci = mean_interval(p);
  return fmt::format("{:+.3f}", p.mean) + " (" + fmt::format("{:+.3f}", ci.low) + " to " +
         fmt::format("{:+.3f}", ci.high) + ")";
}

std::string wins_table(const SimReport& r) {
  std::vector<std::vector<std::string>> rows = {{"seat", "bot", "wins", "win rate", "95% CI", "moved first"}};
  if (r.paid)
    rows[0].push_back("mean payoff" + (r.payoff_unit.empty() ? "" : " (" + r.payoff_unit + ")") + ", 95% CI");
  for (std::size_t i = 0; i < r.seats.size(); ++i) {
    const SeatStats& s = r.seats[i];
    rows.push_back(
        {s.name, s.bot, count(s.win.wins), pct(s.win.rate()), range(s.win.ci()), std::to_string(s.first)});
    if (r.paid) rows.back().push_back(payoff(r.payoffs.at(i)));
  }
  std::string out = columns(rows, r.paid ? "llrrrrr" : "llrrrr");
  if (r.kinds.size() > 1) {
    std::vector<std::vector<std::string>> kinds = {{"bot", "seats", "games won", "95% CI", "equal share"}};
    for (const auto& k : r.kinds)
      kinds.push_back({k.kind, std::to_string(k.seats), pct(k.win.rate()), range(k.win.ci()), pct(k.fair)});
    out.append("\n") += columns(kinds, "lrrrr");
  }
  return out;
}

// A cooperative game's outcome: how often the seats won together.
std::string together(const SimReport& r) {
  const Rate& won = r.seats.at(0).win;
  Interval ci = won.ci();
  return labelled("Together", fmt::format("the seats won {} of {} games together (95% CI {} to {}) and lost the "
                                          "rest together: a cooperative game",
                                          pct(won.rate()), r.finished, pct(ci.low), pct(ci.high)));
}

// A game the seats play against each other: the first seat's edge, ties and draws.
std::string rivals(const SimReport& r, bool color) {
  Interval ci = r.first_seat.ci();
  double fair = 1.0 / r.players;
  bool beyond = ci.low > fair || ci.high < fair;
  std::string out =
      labelled("First seat", fmt::format("the seat on turn at the first decision won {} of {} games; an "
                                         "equal share is {}:",
                                         pct(r.first_seat.rate()), r.first_seat.games, pct(fair)));
  out += labelled("",
                  fmt::format("{}: edge {:+.1f} points (95% CI {:+.1f} to {:+.1f})",
                              beyond ? "beyond noise" : "within noise", 100 * r.first_seat_edge(),
                              100 * (ci.low - fair), 100 * (ci.high - fair)),
                  12, "beyond noise", beyond && color ? "1;33" : nullptr);
  if (r.kinds.size() > 1 && !r.rotated)
    out += labelled("", "(the bots are not all alike: the edge mixes the seat's and its bot's strength)");
  out += labelled("Ties",
                  fmt::format("{} had several winners (a win shared by k seats counts 1/k to each); {} had "
                              "no winner",
                              games_pct(r.ties, r.finished), r.no_winner));
  if (r.draws)
    out += labelled("Draws",
                    fmt::format("{} ended with every seat's result alike (a draw): each seat's share (1/2 of "
                                "two) counts in its win rate and in the first seat's edge",
                                games_pct(r.draws, r.finished)));
  return out;
}

std::string outcomes(const SimReport& r, bool color) {
  std::string out = r.cooperative && !r.seats.empty() ? together(r) : rivals(r, color);
  if (r.hit_limit) {
    std::vector<std::string> seeds;
    for (auto s : r.limit_seeds) seeds.push_back(std::to_string(s));
    std::string text =
        labelled("Unfinished", fmt::format("{} did not end within {} actions and are left out of "
                                           "every figure (seeds {}{})",
                                           counted(r.hit_limit, "game"), r.max_actions, join(seeds, ", "),
                                           r.hit_limit > int(seeds.size()) ? ", …" : ""));
    text.pop_back();
    out += style(text, "1;31", color) + "\n";
  }
  return out;
}

std::string length_table(const SimReport& r) {
  std::vector<std::vector<std::string>> rows = {{"length", "mean", "sd", "min", "max"}};
  auto row = [&](const char* name, const Spread& s) {
    rows.push_back({name, fmt::format("{:.1f}", s.mean), fmt::format("{:.1f}", s.sd),
                    fmt::format("{:.0f}", s.min), fmt::format("{:.0f}", s.max)});
  };
  if (r.rounds_played) row("rounds", r.rounds);
  row("turns", r.turns);
  row("actions", r.actions);
  return columns(rows, "lrrrr");
}

// A bar of eighths, `width` cells at full scale.
std::string bar(int value, int full, int width) {
  static const char* const kEighths[] = {"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"};
  int eighths = full ? static_cast<int>(std::lround(8.0 * width * value / full)) : 0;
  if (value > 0 && eighths == 0) eighths = 1;  // a bin that happened is never drawn empty
  std::string out;
  for (int i = 0; i < eighths / 8; ++i) out += "█";
  return out + kEighths[eighths % 8];
}

std::string score_tables(const SimReport& r) {
  std::vector<std::vector<std::string>> rows = {{"score", "mean", "sd", "min", "max"}};
  for (const auto& s : r.seats)
    rows.push_back({s.name, fmt::format("{:.1f}", s.score.mean), fmt::format("{:.1f}", s.score.sd),
                    fmt::format("{:.0f}", s.score.min), fmt::format("{:.0f}", s.score.max)});
  std::string out = columns(rows, "lrrrr");
  int full = 0;
  for (const auto& s : r.seats)
    full = std::max(full, *std::max_element(s.histogram.begin(), s.histogram.end()));
  std::vector<std::vector<std::string>> grid = {{"scores"}};
  std::size_t label = 6, name = 0, n = r.seats.size();
  for (std::size_t b = 0; b < r.seats[0].histogram.size(); ++b) {
    std::int64_t low = r.bin_low + static_cast<std::int64_t>(b) * r.bin_width;
    grid.push_back(
        {r.bin_width == 1 ? std::to_string(low) : fmt::format("{} to {}", low, low + r.bin_width - 1)});
    label = std::max(label, shown_width(grid.back()[0]));
  }
  for (const auto& s : r.seats) name = std::max(name, shown_width(s.name));
  // Within kWidth: bars of up to 8 cells, under the seats' names, or under their numbers
  // (their order in the table above) when the names would not fit.
  bool numbered = label + n * (2 + name) > static_cast<std::size_t>(kWidth);
  int width = std::clamp(static_cast<int>((kWidth - label) / n) - 2, 2, 8);
  for (std::size_t i = 0; i < n; ++i) grid[0].push_back(numbered ? std::to_string(i + 1) : r.seats[i].name);
  for (std::size_t b = 1; b < grid.size(); ++b)
    for (const auto& s : r.seats) grid[b].push_back(bar(s.histogram[b - 1], full, width));
  out.append("\n") += columns(grid, std::string("r").append(n, 'l'));
  out += wrap_words(
             fmt::format("(games per bin of scores{}; the longest bar is {})",
                         numbered ? ", the seats numbered in the order above" : "", counted(full, "game")),
             kWidth) +
         "\n";
  return out;
}

}  // namespace

std::string columns(const std::vector<std::vector<std::string>>& rows, const std::string& align, int indent) {
  std::vector<std::size_t> width;
  for (const auto& row : rows)
    for (std::size_t c = 0; c < row.size(); ++c) {
      if (width.size() <= c) width.push_back(0);
      width[c] = std::max(width[c], shown_width(row[c]));
    }
  std::string out;
  for (const auto& row : rows) {
    std::string line(indent, ' ');
    for (std::size_t c = 0; c < row.size(); ++c) {
      std::string pad(width[c] - shown_width(row[c]), ' ');
      bool right = c < align.size() && align[c] == 'r';
      line += (c ? "  " : "") + (right ? pad + row[c] : row[c] + (c + 1 < row.size() ? pad : ""));
    }
    line.erase(line.find_last_not_of(' ') + 1);
    out += line + "\n";
  }
  return out;
}

std::string column_blocks(const std::vector<std::vector<std::string>>& rows, std::size_t width) {
  auto column_width = [&](std::size_t c) {
    std::size_t w = 0;
    for (const auto& row : rows) w = c < row.size() ? std::max(w, shown_width(row[c])) : w;
    return w;
  };
  const std::size_t count = rows.empty() ? 0 : rows[0].size();
  std::string out;
  for (std::size_t first = 1; first < count;) {
    std::size_t used = column_width(0), end = first;
    while (end < count && (end == first || used + 2 + column_width(end) <= width))
      used += 2 + column_width(end++);
    std::vector<std::vector<std::string>> block;
    for (const auto& row : rows) {
      block.push_back({row[0]});
      for (std::size_t c = first; c < end && c < row.size(); ++c) block.back().push_back(row[c]);
    }
    out += (first > 1 ? "\n" : "") + columns(block, "l" + std::string(end - first, 'r'));
    first = end;
  }
  return out;
}

// --tally VAR: the finished games by the variable's final value, the commonest first.
std::string tally_table(const SimReport& r) {
  std::vector<std::pair<std::string, int>> rows(r.tally_counts.begin(), r.tally_counts.end());
  std::stable_sort(rows.begin(), rows.end(),
                   [](const auto& a, const auto& b) { return a.second > b.second; });
  std::size_t width = r.tally.size();
  for (const auto& [value, n] : rows) width = std::max(width, value.size());
  auto share = [&](int n) { return pct(r.finished ? double(n) / r.finished : 0); };
  if (width + 14 <= kWidth) {
    std::string out = fmt::format("{:<{}}  games\n", r.tally, width);
    for (const auto& [value, n] : rows) out += fmt::format("{:<{}}  {:>5}  {}\n", value, width, n, share(n));
    return out;
  }
  // Values too long for a column (lines of play): the counts first, each value wrapped after them.
  std::string out = fmt::format("games  share   {}\n", r.tally);
  for (const auto& [value, n] : rows)
    out += fmt::format("{:>5}  {:>6}  {}\n", n, share(n), wrap_column(value, kWidth, 15));
  return out;
}

std::string render_report(const SimReport& r, const RunInfo& run, bool color) {
  std::string out = style(wrap_words(title(r), kWidth, "  "), "1", color) + "\n";
  if (r.asked > r.games)
    out += style(wrap_words(fmt::format("Partial: stopped by Ctrl-C after {} of the {} games asked for.",
                                        r.games, r.asked),
                            kWidth),
                 "1;33", color) +
           "\n";
  double rate = run.seconds > 0 ? r.games / run.seconds : 0.0;
  std::string games = r.seatings > 1
                          ? fmt::format("{} games (seeds {} to {}, each in all {} seatings)", r.games, r.seed,
                                        r.last_seed(), r.seatings)
                          : fmt::format("{} games (seeds {} to {})", r.games, r.seed, r.seed + r.games - 1);
  out += wrap_words(games + ", " + bots_text(r), kWidth, "  ") + "\n";
  // The run on a line of its own: the one line a merge of shards changes.
  if (run.merged)
    out += fmt::format("Run: merged from {}, {:.1f} s on {} in all\n\n", counted(run.merged, "report"),
                       run.seconds, counted(run.threads, "thread"));
  else
    out += fmt::format("Run: {:.1f} s on {}, {:.{}f} games/s\n\n", run.seconds,
                       counted(run.threads, "thread"), rate, rate < 10 ? 2 : 0);
  if (r.finished == 0) return out + outcomes(r, color);
  out += wins_table(r) + "\n" + outcomes(r, color) + "\n" + length_table(r);
  if (!r.tally.empty()) out.append("\n") += tally_table(r);
  if (!r.scored) return out + render_metrics(r);
  bool constant = std::all_of(r.seats.begin(), r.seats.end(), [&](const SeatStats& s) {
    return s.score.min == s.score.max && s.score.min == r.seats[0].score.min;
  });
  if (constant && r.paid) return out + render_metrics(r);  // the payoffs are its score
  if (constant)
    out += fmt::format("\nEvery seat scored {:.0f} in every game: this ruleset keeps no score.\n",
                       r.seats[0].score.min);
  else out.append("\n") += score_tables(r);
  return out + render_metrics(r);
}

std::string render_comparison(const SimReport& a, const std::string& a_name, const SimReport& b,
                              const std::string& b_name, bool color) {
  std::vector<Comparison> metrics = compare(a, b);
  auto head = [](const char* tag, const std::string& name, const SimReport& r) {
    return labelled(tag, fmt::format("{}: {} games, seed {}; {}", name, r.games, r.seed, title(r)), 3);
  };
  std::string out = head("A", a_name, a) + head("B", b_name, b);
  // Everything the games were played with, by the fingerprints in the reports.
  std::vector<std::string> differences = ruleset_differences(a, b);
  if (differences.empty())
    out += wrap_words("Parameters, components and rules files: the same in both.", kWidth) + "\n";
  else out += "What differs from A to B (parameters, components, files):\n";
  for (const auto& d : differences) out += labelled("", d, 2);
  out += "\n";
  // The verdict is a mark, not a column: a row of six columns would not fit kWidth.
  std::vector<std::vector<std::string>> rows = {{"metric", "A", "B", "B − A", "test"}};
  int beyond = 0;
  for (const auto& m : metrics) {
    bool sig = m.significant();
    beyond += sig;
    std::string test = fmt::format("{} = {:.2f}", m.proportion ? "z" : "t", m.statistic);
    if (std::isinf(m.statistic))
      test = fmt::format("{} = {}∞", m.proportion ? "z" : "t", m.statistic < 0 ? "-" : "+");
    rows.push_back(
        {m.metric, m.proportion ? pct(m.a) : fmt::format("{:.2f}", m.a),
         m.proportion ? pct(m.b) : fmt::format("{:.2f}", m.b),
         m.proportion ? fmt::format("{:+.1f} pts", 100 * (m.b - m.a)) : fmt::format("{:+.2f}", m.b - m.a),
         sig ? style(test + " *", "1;33", color) : test + "  "});
  }
  out += columns(rows, "lrrrr");
  out.append("\n") +=
      wrap_words(fmt::format("{} of {} metrics differ beyond noise at 95% (marked *; rates: two-proportion "
                             "z-test; means: Welch's t-test). Even with no real change, about one metric in "
                             "20 would.",
                             beyond, metrics.size()),
                 kWidth) +
      "\n";
  return out;
}

}  // namespace arbiter::cli
