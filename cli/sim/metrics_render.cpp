// The metrics sections in text: each question a short table, numbers first, bars beside.
#include "cli/sim/metrics_render.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cmath>

#include "present/render.hpp"
#include "cli/sim/render.hpp"
#include "runtime/diagnostics.hpp"

namespace arbiter::cli {

using namespace arbiter::present;

namespace {

std::string pct(double x) { return fmt::format("{:.1f}%", 100 * x); }

constexpr int kWidth = 60;  // the report fits a 60-column terminal

// A section's heading, wrapped to the report's width.
std::string heading(const std::string& text) { return wrap_words(text, kWidth) + "\n"; }

std::string bin_label(const Bin& b) {
  return b.low == b.high ? std::to_string(b.low) : fmt::format("{}–{}", b.low, b.high);
}

// Length: the quantiles of each measure, then the histogram of turns.
std::string length_section(const SimReport& r) {
  const SimMetrics& m = r.metrics;
  std::vector<std::vector<std::string>> rows = {{"length", "10%", "25%", "median", "75%", "90%", "mean"}};
  auto row = [&rows](const std::string& name, const Histogram& h) {
    std::vector<std::string> cells = {name};
    for (double q : {0.1, 0.25, 0.5, 0.75, 0.9}) cells.push_back(std::to_string(histogram_quantile(h, q)));
    cells.push_back(fmt::format("{:.1f}", histogram_mean(h)));
    rows.push_back(cells);
  };
  if (r.rounds_played) row("rounds", m.rounds);
  row("turns", m.turns);
  row("decisions", m.decisions);
  if (histogram_mean(m.chance) > 0) row("chance draws", m.chance);
  for (std::size_t s = 0; s < m.seat_decisions.size(); ++s)
    row("  by " + r.seats[s].name, m.seat_decisions[s]);
  std::string out =
      heading("Length (quantiles over the finished games; decisions: the seats' chosen actions)") +
      columns(rows, "lrrrrrr");
  std::vector<Bin> bins = bin_histogram(m.turns, 12);
  std::int64_t most = 0;
  for (const auto& b : bins) most = std::max(most, b.count);
  std::vector<std::vector<std::string>> bars = {{"turns", "games", ""}};
  for (const auto& b : bins)
    bars.push_back({bin_label(b), std::to_string(b.count), eighths_bar(double(b.count), double(most), 30)});
  return out + "\n" + columns(bars, "rrl");
}

std::string branching_section(const SimMetrics& m) {
  // Two rows of five tenths, so that six-figure means still fit the width.
  std::vector<std::vector<std::string>> rows = {
      {"tenth", "1", "2", "3", "4", "5"}, {"actions"}, {"tenth"}, {"actions"}};
  for (int p = 0; p < kPhases; ++p) {
    if (p >= 5) rows[2].push_back(std::to_string(p + 1));
    rows[p < 5 ? 1 : 3].push_back(
        m.asked[p] ? fmt::format("{:.1f}", double(m.options[p]) / double(m.asked[p])) : "–");
  }
  return heading("Branching (legal actions per decision, mean, by tenth of each game's decisions)") +
         columns(rows, "lrrrrr");
}

// Seat by bot kind: with rotated bots, a kind's rate in each seat; the rows differ by bot
// strength, the columns by seat advantage.
std::string seat_bot_section(const SimReport& r) {
  const SimMetrics& m = r.metrics;
  if (m.seat_kind.size() < 2) return {};
  // A row per seat and a column per bot: bots are few, seats up to the ruleset's maximum.
  std::vector<std::vector<std::string>> rows = {{"seat \\ bot"}};
  for (std::size_t s = 0; s < r.seats.size(); ++s) rows.push_back({r.seats[s].name});
  for (const auto& [kind, row] : m.seat_kind) {
    rows[0].push_back(kind);
    for (std::size_t s = 0; s < row.size() && s + 1 < rows.size(); ++s) {
      const auto& [n, w] = row[s];
      rows[s + 1].push_back(n ? fmt::format("{} of {}", pct(w.value() / double(n)), n) : "–");
    }
  }
  return "\n" + heading("Win rate of each bot in each seat (columns: the bots' strength; rows: the seats')") +
         columns(rows, "l" + std::string(m.seat_kind.size(), 'r'));
}

std::string endings_section(const SimReport& r) {
  std::int64_t stalled = 0;
  for (const auto& [run, n] : r.metrics.still) stalled += run >= kStallTurns ? n : 0;
  std::string out =
      fmt::format("Endings     {} finished, {} drawn, {} without a winner, {} stopped at the action limit",
                  r.finished, r.draws, r.no_winner, r.hit_limit);
  if (!r.metrics.lead_measured) out += ", stalls not measured (add --lead)";
  else if (r.metrics.score_moved > 0)  // a ruleset whose scores never move cannot show a stall by them
    out += fmt::format(", {} stalled (no score changed for {} turns or more)", stalled, kStallTurns);
  return wrap_words(out, kWidth, "  ") + "\n";
}

std::string kinds_section(const SimMetrics& m) {
  if (m.too_many_kinds)
    return fmt::format("Actions     more than {} kinds (tags or first words): no table of kinds\n",
                       kMaxActionKinds);
  if (m.kinds.empty()) return {};
  std::int64_t total = 0;
  for (const auto& [name, k] : m.kinds) total += k.chosen;
  std::vector<std::vector<std::string>> rows = {{"action", "chosen", "share", "median", "above", "below"}};
  for (const auto& [name, k] : m.kinds) {
    KindSplit s = split_at_median(k);
    rows.push_back({name, std::to_string(k.chosen), pct(total ? double(k.chosen) / double(total) : 0),
                    std::to_string(s.median),
                    s.above ? fmt::format("{} of {}", pct(s.above_rate), s.above) : "–",
                    s.below ? fmt::format("{} of {}", pct(s.below_rate), s.below) : "–"});
  }
  return heading(
             "Action kinds (the ruleset's tag, else the first word; median: times per seat per game; win rates of seats that chose it "
             "more or fewer times)") +
         columns(rows, "lrrrrr");
}

std::string lead_section(const SimMetrics& m) {
  if (!m.lead_measured)
    return heading(
        "Lead        not measured: add --lead (it reads the ruleset's score hook for every seat at "
        "every turn, which can cost more than the games)");
  if (m.lead_games == 0) return {};
  std::int64_t none = m.lead_changes.count(0) ? m.lead_changes.at(0) : 0;
  std::string out = heading(
      fmt::format("Lead        over {} games with one winner and a moving score: {:.2f} lead changes a game "
                  "(none in {}); the winner led for good from…",
                  m.lead_games, histogram_mean(m.lead_changes), pct(double(none) / double(m.lead_games))));
  std::int64_t most = 0;
  for (const auto& [tenth, n] : m.decided) most = std::max(most, n);
  std::vector<std::vector<std::string>> rows;
  for (const auto& [tenth, n] : m.decided)
    rows.push_back({tenth < 0 ? "never (behind at the end)"
                              : fmt::format("{}–{}% of the turns", tenth * 10, tenth * 10 + 10),
                    pct(double(n) / double(m.lead_games)), eighths_bar(double(n), double(most), 20)});
  return out + columns(rows, "rrl", 2);
}

std::string ladder_section(const std::vector<LadderPair>& ladder) {
  if (ladder.empty()) return {};
  std::vector<std::vector<std::string>> rows = {{"stronger", "weaker", "apart", "won", "95% CI", "equal"}};
  for (const auto& p : ladder) {
    double wins = p.wins.value();
    Interval ci = wilson(wins, static_cast<int>(p.games));
    rows.push_back({p.stronger, p.weaker, std::to_string(p.gap), p.games ? pct(wins / double(p.games)) : "–",
                    fmt::format("{:.1f}–{:.1f}%", 100 * ci.low, 100 * ci.high), pct(p.fair)});
  }
  return heading(
             "Skill ladder (the stronger bot in one seat, moving seat by seat, against the weaker in every "
             "other; rungs apart, and the share the stronger won: one that grows with the rungs apart means "
             "skill tells; one near the equal share, luck)") +
         columns(rows, "llrrrr");
}

}  // namespace

std::string eighths_bar(double value, double full, int width) {
  static const char* const kEighths[] = {"", "▏", "▎", "▍", "▌", "▋", "▊", "▉"};
  if (!(full > 0) || !(value > 0)) return {};
  auto units = static_cast<long>(std::lround(value / full * width * 8));
  units = std::max(1L, units);
  std::string out;
  for (long i = 0; i < units / 8; ++i) out += "█";
  return out + kEighths[units % 8];
}

std::string render_metrics(const SimReport& r) {
  if (!r.metrics.present || r.finished == 0) return {};
  std::string out = "\n" + length_section(r) + "\n" + branching_section(r.metrics) + seat_bot_section(r) +
                    "\n" + endings_section(r);
  std::string kinds = kinds_section(r.metrics), lead = lead_section(r.metrics);
  if (!kinds.empty()) out += "\n" + kinds;
  if (!lead.empty()) out += "\n" + lead;
  if (!r.metrics.ladder.empty()) out += "\n" + ladder_section(r.metrics.ladder);
  return out;
}

}  // namespace arbiter::cli
