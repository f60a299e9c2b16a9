// `sim --html FILE`: the report as one self-contained page: inline SVG charts with the
// numbers beside them, a style sheet, no script and no link (a Content-Security-Policy
// forbids both, should anything slip through html_text). Numbers carry their JSON pointer.
#include <fmt/format.h>

#include <fstream>

#include "present/html_text.hpp"
#include "cli/sim/lab.hpp"
#include "cli/sim/svg.hpp"
#include "cli/sim/sweep.hpp"
#include "runtime/diagnostics.hpp"

namespace arbiter::cli {

namespace {

std::string pct(double x) { return fmt::format("{:.1f}%", 100 * x); }

// A table cell holding a number of the report, with its pointer.
std::string cell(const std::string& shown, const std::string& pointer = "", double value = 0) {
  if (pointer.empty()) return "<td>" + html_text(shown) + "</td>";
  return fmt::format("<td data-json=\"{}\" data-value=\"{}\">{}</td>", html_text(pointer),
                     exact_number(value), html_text(shown));
}

std::string row(const std::vector<std::string>& cells) {
  std::string out = "<tr>";
  for (const auto& c : cells) out += c.rfind("<td", 0) == 0 ? c : "<td>" + html_text(c) + "</td>";
  return out + "</tr>\n";
}

std::string header(const std::vector<std::string>& names) {
  std::string out = "<tr>";
  for (const auto& n : names) out += "<th>" + html_text(n) + "</th>";
  return out + "</tr>\n";
}

std::string page(const std::string& title, const std::string& body) {
  return "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">\n"
         "<meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; img-src data:\">\n"
         "<title>" +
         html_text(title) +
         "</title>\n<style>\n"
         "body{font-family:system-ui,sans-serif;max-width:60em;margin:1em auto;padding:0 1em;color:#222}\n"
         "table{border-collapse:collapse;margin:.5em 0}td,th{padding:.15em .6em;text-align:right}"
         "td:first-child,th:first-child{text-align:left}tr:nth-child(even){background:#f4f4f4}\n"
         "section{display:flex;flex-wrap:wrap;gap:1.5em;align-items:flex-start;border-top:1px solid #ddd}"
         "section h2{width:100%;font-size:1.1em}svg text{font-size:12px}p.note{color:#555;width:100%}\n"
         "</style></head><body>\n" +
         body + "</body></html>\n";
}

std::string section(const std::string& id, const std::string& title, const std::string& content,
                    const std::string& note = "") {
  return fmt::format("<section id=\"{}\"><h2>{}</h2>\n{}{}</section>\n", id, html_text(title),
                     note.empty() ? "" : "<p class=\"note\">" + html_text(note) + "</p>\n", content);
}

std::string title_of(const SimReport& r) {
  std::string t = fmt::format("{} · {} players", r.ruleset, r.players);
  if (!r.variant.empty()) t += " · variant " + r.variant;
  for (const auto& [k, v] : r.params) t += " · " + k + "=" + v;
  return t;
}

std::string wins_section(const SimReport& r, const std::string& at) {
  std::vector<BarItem> bars;
  std::string table = "<table>" + header({"seat", "bot", "wins", "win rate", "95% CI", "moved first"});
  for (std::size_t s = 0; s < r.seats.size(); ++s) {
    const SeatStats& seat = r.seats[s];
    Interval ci = seat.win.ci();
    std::string p = fmt::format("{}/seats/{}/win/rate", at, s);
    bars.push_back(
        {seat.name + " (" + seat.bot + ")", seat.win.rate(), pct(seat.win.rate()), p, ci.low, ci.high});
    table += row({seat.name, seat.bot, fmt::format("{:g}", seat.win.wins),
                  cell(pct(seat.win.rate()), p, seat.win.rate()),
                  fmt::format("{:.1f}–{:.1f}%", 100 * ci.low, 100 * ci.high), std::to_string(seat.first)});
  }
  table += "</table>\n";
  double top = 0;
  for (const auto& b : bars) top = std::max(top, b.high);
  std::string chart =
      bar_chart("win-rates", bars, std::min(1.0, top * 1.1 + 0.05), 1.0 / r.players, "equal share");
  const SimMetrics& m = r.metrics;
  if (m.seat_kind.size() > 1) {
    table += "<table>" + header([&] {
      std::vector<std::string> h = {"bot \\ seat"};
      for (const auto& s : r.seats) h.push_back(s.name);
      return h;
    }());
    for (const auto& [kind, cells] : m.seat_kind) {
      std::vector<std::string> line = {kind};
      for (std::size_t s = 0; s < cells.size(); ++s) {
        double rate = cells[s].first ? cells[s].second.value() / double(cells[s].first) : 0;
        line.push_back(
            cell(pct(rate), fmt::format("{}/metrics/seat_bot/{}/{}/rate", at, pointer_token(kind), s), rate));
      }
      table += row(line);
    }
    table += "</table>\n";
  }
  return section(
      "wins", "Is it fair to every seat?", chart + "<div>" + table + "</div>",
      "Win rate per seat with its 95% interval; the dashed line is an equal share. With rotated bots, the "
      "second table separates seat (columns) from bot (rows).");
}

std::string endings_section(const SimReport& r, const std::string& at) {
  std::int64_t stalled = 0;
  for (const auto& [run, n] : r.metrics.still) stalled += run >= kStallTurns ? n : 0;
  std::string table = "<table>" + header({"games", "count"});
  table += row({"finished", cell(std::to_string(r.finished), at + "/finished", r.finished)});
  table += row({"drawn (results all alike)", std::to_string(r.draws)});
  table += row({r.cooperative ? "lost together" : "without a winner",
                cell(std::to_string(r.no_winner), at + "/no_winner", r.no_winner)});
  int won = r.finished - r.no_winner;  // cooperative: every win is every seat's
  table += r.cooperative ? row({"won together", std::to_string(won)})
                         : row({"shared wins", cell(std::to_string(r.ties), at + "/ties", r.ties)});
  table += row({"stopped at the action limit",
                cell(std::to_string(r.hit_limit), at + "/hit_limit/games", r.hit_limit)});
  if (!r.metrics.lead_measured)
    table += row({"stalled", "not measured (add --lead)"});
  else if (r.metrics.score_moved > 0)
    table += row({fmt::format("stalled (no score change for {} turns)", kStallTurns),
                  cell(std::to_string(stalled), at + "/metrics/lead/stalled", double(stalled))});
  return table + "</table>\n";
}

std::string length_section(const SimReport& r, const std::string& at) {
  const SimMetrics& m = r.metrics;
  std::vector<BarItem> bars;
  std::int64_t most = 0;
  for (const auto& b : bin_histogram(m.turns, 12)) {
    most = std::max(most, b.count);
    bars.push_back({b.low == b.high ? std::to_string(b.low) : fmt::format("{}–{} turns", b.low, b.high),
                    double(b.count), std::to_string(b.count), ""});
  }
  std::string table = "<table>" + header({"length", "10%", "median", "90%", "mean"});
  auto line = [&](const std::string& name, const Histogram& h, const std::string& mean_pointer, double mean) {
    table += row({name, std::to_string(histogram_quantile(h, 0.1)),
                  std::to_string(histogram_quantile(h, 0.5)), std::to_string(histogram_quantile(h, 0.9)),
                  cell(fmt::format("{:.1f}", mean), mean_pointer, mean)});
  };
  if (r.rounds_played) line("rounds", m.rounds, at + "/length/rounds/mean", r.rounds.mean);
  line("turns", m.turns, at + "/length/turns/mean", r.turns.mean);
  line("decisions", m.decisions, at + "/length/actions/mean", r.actions.mean);
  for (std::size_t s = 0; s < m.seat_decisions.size(); ++s)
    line("decisions by " + r.seats[s].name, m.seat_decisions[s], "", histogram_mean(m.seat_decisions[s]));
  table += "</table>\n";
  std::vector<BarItem> branching;
  double top = 0;
  for (int p = 0; p < kPhases; ++p) {
    double mean = m.asked[p] ? double(m.options[p]) / double(m.asked[p]) : 0;
    top = std::max(top, mean);
    branching.push_back({fmt::format("{}–{}% of decisions", p * 10, p * 10 + 10), mean,
                         fmt::format("{:.1f}", mean), fmt::format("{}/metrics/branching/mean/{}", at, p)});
  }
  return section(
      "length", "How long does it last?",
      bar_chart("length-histogram", bars, double(most)) + "<div>" + table + endings_section(r, at) +
          "</div>" + bar_chart("branching", branching, top * 1.1),
      "Games by turns; quantiles of rounds, turns and decisions; legal actions per decision over the game.");
}

std::string kinds_section(const SimReport& r, const std::string& at) {
  const SimMetrics& m = r.metrics;
  if (m.too_many_kinds)
    return section("kinds", "Is there a dominant move?", "",
                   fmt::format("More than {} kinds of action (first words): no table.", kMaxActionKinds));
  if (m.kinds.empty()) return {};
  std::int64_t total = 0;
  for (const auto& [name, k] : m.kinds) total += k.chosen;
  std::vector<BarItem> bars;
  std::string table = "<table>" + header({"action", "chosen", "median a seat", "win rate above", "below"});
  for (const auto& [name, k] : m.kinds) {
    std::string p = at + "/metrics/action_kinds/kinds/" + pointer_token(name);
    double share = total ? double(k.chosen) / double(total) : 0;
    bars.push_back({name, share, pct(share), ""});
    KindSplit s = split_at_median(k);
    table += row(
        {name, cell(std::to_string(k.chosen), p + "/chosen", double(k.chosen)), std::to_string(s.median),
         cell(s.above ? pct(s.above_rate) : "–", s.above ? p + "/above_median/win_rate" : "", s.above_rate),
         cell(s.below ? pct(s.below_rate) : "–", s.below ? p + "/below_median/win_rate" : "", s.below_rate)});
  }
  return section(
      "kinds", "Is there a dominant move?",
      bar_chart("action-kinds", bars, 1.0) + "<div>" + table + "</table></div>",
      "Share of each kind of action (the ruleset's tag, else its first word) among those chosen, and the win rate of seats that chose it "
      "more or fewer times in a game than the median.");
}

std::string lead_section(const SimReport& r, const std::string& at) {
  const SimMetrics& m = r.metrics;
  if (!m.lead_measured)
    return section(
        "lead", "Is it decided early?", "",
        "Not measured: add --lead (it reads the ruleset's score hook for every seat at every turn).");
  if (m.lead_games == 0) return {};
  std::vector<BarItem> bars;
  for (const auto& [tenth, n] : m.decided)
    bars.push_back({tenth < 0 ? "never" : fmt::format("from {}–{}%", tenth * 10, tenth * 10 + 10),
                    double(n) / double(m.lead_games), pct(double(n) / double(m.lead_games)), ""});
  double changes = histogram_mean(m.lead_changes);
  std::string table =
      "<table>" + header({"", "value"}) +
      row({"games with one winner and a moving score",
           cell(std::to_string(m.lead_games), at + "/metrics/lead/games", double(m.lead_games))}) +
      row({"lead changes a game", fmt::format("{:.2f}", changes)}) + "</table>\n";
  return section(
      "lead", "Is it decided early?", bar_chart("decided", bars, 1.0) + "<div>" + table + "</div>",
      "When the final winner took the lead for good, as a share of the game's turns (from the ruleset's score).");
}

std::string ladder_section(const SimReport& r, const std::string& at) {
  if (r.metrics.ladder.empty()) return {};
  std::vector<BarItem> bars;
  std::string table = "<table>" + header({"stronger", "weaker", "rungs apart", "stronger won", "games"});
  for (std::size_t i = 0; i < r.metrics.ladder.size(); ++i) {
    const LadderPair& p = r.metrics.ladder[i];
    double rate = p.games ? p.wins.value() / double(p.games) : 0;
    Interval ci = wilson(p.wins.value(), static_cast<int>(p.games));
    std::string ptr = fmt::format("{}/metrics/ladder/{}/rate", at, i);
    bars.push_back(
        {fmt::format("{} vs {} (+{})", p.stronger, p.weaker, p.gap), rate, pct(rate), ptr, ci.low, ci.high});
    table += row(
        {p.stronger, p.weaker, std::to_string(p.gap), cell(pct(rate), ptr, rate), std::to_string(p.games)});
  }
  return section(
      "ladder", "Does skill matter, or is it luck?",
      bar_chart("skill-ladder", bars, 1.0, r.metrics.ladder[0].fair, "equal share") + "<div>" + table +
          "</table></div>",
      "The stronger bot in one seat (moving seat by seat) against the weaker in every other: its share of the wins "
      "with a 95% interval. A share that grows with the rungs apart means skill tells.");
}

std::string report_body(const SimReport& r, const std::string& at) {
  std::string out = wins_section(r, at);
  if (!r.metrics.present || r.finished == 0) return out;
  return out + length_section(r, at) + kinds_section(r, at) + lead_section(r, at) + ladder_section(r, at);
}

void write_file(const std::string& file, const std::string& text) {
  std::ofstream out(file, std::ios::binary | std::ios::trunc);
  if (!out || !out.write(text.data(), static_cast<std::streamsize>(text.size())) || !out.flush())
    throw InputError("sim: --html: cannot write " + file);
}

}  // namespace

void write_html(const std::string& file, const SimReport& r, const RunInfo&) {
  std::string body =
      "<h1>" + html_text(title_of(r)) + "</h1>\n" +
      fmt::format("<p>{} games, seeds {} to {}{}; {} finished.</p>\n", r.games, r.seed, r.last_seed(),
                  r.seatings > 1 ? fmt::format(", each in all {} seatings", r.seatings) : "", r.finished);
  write_file(file, page(title_of(r), body + report_body(r, "")));
}

namespace {

std::string sweep_curves(const SweepResult& s) {
  std::vector<Series> wins;
  double top = 0, longest = 0;
  const SimReport& first = s.runs[0].report;
  for (std::size_t seat = 0; seat < first.seats.size(); ++seat) {
    Series line{first.seats[seat].name, {}, {}, {}, {}};
    for (std::size_t v = 0; v < s.runs.size(); ++v) {
      const Rate& w = s.runs[v].report.seats[seat].win;
      Interval ci = w.ci();
      line.y.push_back(w.rate()), line.low.push_back(ci.low), line.high.push_back(ci.high);
      line.pointers.push_back(fmt::format("/reports/{}/seats/{}/win/rate", v, seat));
      top = std::max(top, ci.high);
    }
    wins.push_back(std::move(line));
  }
  Series turns{"mean turns", {}, {}, {}, {}};
  for (std::size_t v = 0; v < s.runs.size(); ++v) {
    turns.y.push_back(s.runs[v].report.turns.mean);
    turns.pointers.push_back(fmt::format("/reports/{}/length/turns/mean", v));
    longest = std::max(longest, s.runs[v].report.turns.mean);
  }
  return line_chart("sweep-win-rates", s.sweep.values, wins, 0, std::min(1.0, top * 1.1 + 0.05), "{:.2f}") +
         line_chart("sweep-turns", s.sweep.values, {turns}, 0, longest * 1.1 + 1);
}

std::string paired_table(const SweepResult& s) {
  std::string table = "<table>" + header({s.sweep.key, "metric", "B − A", "statistic"});
  for (std::size_t v = 0; v < s.paired.size(); ++v) {
    const Paired& p = s.paired[v];
    std::string at = fmt::format("/paired/{}", v);
    for (auto [name, d] : {std::pair{"turns", &p.turns}, {"decisions", &p.decisions}})
      table += row({s.sweep.values[v + 1], name,
                    cell(fmt::format("{:+.2f}", d->mean), at + "/" + name + "/mean", d->mean),
                    fmt::format("paired t = {:.2f}", paired_t(*d))});
    for (std::size_t seat = 0; seat < p.seats.size(); ++seat)
      table += row({s.sweep.values[v + 1], s.runs[0].report.seats[seat].name + " wins",
                    fmt::format("{} / {}", p.seats[seat].first, p.seats[seat].second),
                    fmt::format("McNemar z = {:.2f}", mcnemar_z(p.seats[seat].first, p.seats[seat].second))});
  }
  return table + "</table>\n";
}

}  // namespace

void write_sweep_html(const std::string& file, const SweepResult& s) {
  const SimReport& r = s.runs[0].report;
  std::string values;
  for (const auto& v : s.sweep.values) values += (values.empty() ? "" : ", ") + v;
  std::string title =
      fmt::format("{} · {} players · sweep of {} over {}", r.ruleset, r.players, s.sweep.key, values);
  std::string body = "<h1>" + html_text(title) + "</h1>\n" +
                     fmt::format("<p>{} games a value, seeds {} to {}, the same seeds for every value.</p>\n",
                                 r.games, r.seed, r.last_seed());
  body += section("sweep", "What does " + s.sweep.key + " do?", sweep_curves(s),
                  "Each seat's win rate (with its 95% interval) and the mean game length against the value.");
  if (!s.paired.empty())
    body += section(
        "paired", "Paired with " + s.sweep.key + "=" + s.sweep.values[0],
        "<div>" + paired_table(s) + "</div>",
        "Every value against the first on the same seeds: the mean difference per game with a paired t; each "
        "seat's games won at the first value only / at this one only, with McNemar's z (beyond ±1.96: beyond noise).");
  for (std::size_t v = 0; v < s.runs.size(); ++v)
    body += "<details><summary>" + html_text(s.sweep.key + "=" + s.sweep.values[v]) + "</summary>\n" +
            report_body(s.runs[v].report, fmt::format("/reports/{}", v)) + "</details>\n";
  write_file(file, page(title, body));
}

}  // namespace arbiter::cli
