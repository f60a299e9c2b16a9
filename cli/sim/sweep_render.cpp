// A sweep as text and JSON: each metric against the value, then each value paired with the first.
#include <fmt/format.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "cli/app.hpp"
#include "present/output.hpp"
#include "present/json_text.hpp"
#include "present/render.hpp"
#include "cli/sim/render.hpp"
#include "cli/sim/sweep.hpp"
#include "runtime/diagnostics.hpp"

using nlohmann::ordered_json;

namespace arbiter::cli {

namespace {

constexpr double kZ95 = 1.959963984540054;

std::string pct(double x) { return fmt::format("{:.1f}%", 100 * x); }

std::string test_text(double stat, double critical, bool color) {
  bool beyond = std::abs(stat) > critical;
  std::string verdict = beyond ? style("beyond noise", "1;33", color) : std::string("within noise");
  return (std::isinf(stat) ? std::string(stat > 0 ? "+inf" : "-inf") : fmt::format("{:>5.2f}", stat)) + "  " +
         verdict;
}

// A row per metric, a column per value (the first row names the values).
std::vector<std::vector<std::string>> metric_rows(const SweepResult& s) {
  const SimReport& first = s.runs[0].report;
  std::vector<std::vector<std::string>> rows = {{s.sweep.key}};
  for (const auto& seat : first.seats) rows.push_back({seat.name + " won"});
  for (const char* h :
       {"first seat edge", "turns median", "turns mean", "lead changes", "led for good by half-way"})
    rows.push_back({h});
  for (std::size_t v = 0; v < s.runs.size(); ++v) {
    const SimReport& r = s.runs[v].report;
    std::size_t m = 0;
    rows[m++].push_back(s.sweep.values[v]);
    for (const auto& seat : r.seats) rows[m++].push_back(pct(seat.win.rate()));
    rows[m++].push_back(fmt::format("{:+.1f} pts", 100 * r.first_seat_edge()));
    rows[m++].push_back(std::to_string(histogram_quantile(r.metrics.turns, 0.5)));
    rows[m++].push_back(fmt::format("{:.1f}", r.turns.mean));
    rows[m++].push_back(r.metrics.lead_games ? fmt::format("{:.2f}", histogram_mean(r.metrics.lead_changes))
                                             : "–");
    rows[m++].push_back(r.metrics.lead_games ? pct(decided_by_half(r.metrics)) : "–");
  }
  return rows;
}

std::string paired_rows(const SweepResult& s, bool color) {
  const SimReport& first = s.runs[0].report;
  std::vector<std::vector<std::string>> rows = {{s.sweep.key, "metric", "B − A", "test"}};
  for (std::size_t v = 0; v < s.paired.size(); ++v) {
    const Paired& p = s.paired[v];
    const std::string& value = s.sweep.values[v + 1];
    for (auto [name, d] : {std::pair{"turns", &p.turns}, {"decisions", &p.decisions}})
      rows.push_back({value, name, fmt::format("{:+.2f}", d->mean),
                      "t " + test_text(paired_t(*d), t_critical(std::max(1, d->n - 1)), color)});
    for (std::size_t seat = 0; seat < p.seats.size(); ++seat) {
      auto [a_only, b_only] = p.seats[seat];
      rows.push_back({value, first.seats[seat].name + " wins", fmt::format("{} / {}", a_only, b_only),
                      "z " + test_text(mcnemar_z(a_only, b_only), kZ95, color)});
    }
  }
  return wrap_words(
             fmt::format("Paired with {}={} on the same seeds. B − A: the mean difference per game, with a "
                         "paired t; wins: games won at {} only / at the other value only, with McNemar's z.",
                         s.sweep.key, s.sweep.values[0], s.sweep.values[0]),
             60) +
         "\n" + columns(rows, "llrl");
}

ordered_json spread_json(const Spread& d) {
  return {{"n", d.n},
          {"mean", d.mean},
          {"sd", d.sd},
          {"min", d.min},
          {"max", d.max},
          {"sum", d.sum.parts()},
          {"sum_squares", d.squares.parts()},
          {"t", paired_t(d)},
          {"critical", t_critical(std::max(1, d.n - 1))}};
}

}  // namespace

std::string render_sweep(const SweepResult& s, bool color) {
  const SimReport& r = s.runs[0].report;
  std::string values;
  for (const auto& v : s.sweep.values) values += (values.empty() ? "" : ", ") + v;
  std::string title =
      fmt::format("{} · {} players · sweep of {} over {}", r.ruleset, r.players, s.sweep.key, values);
  std::string out =
      style(wrap_words(title, 60, "  "), "1", color) + "\n" +
      wrap_words(fmt::format("{} games a value (seeds {} to {}), the same seeds for every value", r.games,
                             r.seed, r.last_seed()),
                 60) +
      "\n\n";
  out += column_blocks(metric_rows(s), 60);
  if (r.metrics.present && !r.metrics.lead_measured)
    out += "(lead changes and led for good: not measured; add --lead)\n";
  if (!s.paired.empty()) out += "\n" + paired_rows(s, color);
  return out;
}

std::string sweep_json(const SweepResult& s) {
  ordered_json j = {
      {"format", "arbiter-sim-sweep"}, {"version", 1}, {"key", s.sweep.key}, {"values", s.sweep.values}};
  j["reports"] = ordered_json::array();
  for (const auto& run : s.runs)
    j["reports"].push_back(ordered_json::parse(report_json(run.report, run.run)));
  j["paired"] = ordered_json::array();
  for (std::size_t v = 0; v < s.paired.size(); ++v) {
    const Paired& p = s.paired[v];
    ordered_json seats = ordered_json::array();
    for (auto [a_only, b_only] : p.seats)
      seats.push_back(
          {{"won_at_a_only", a_only}, {"won_at_b_only", b_only}, {"z", mcnemar_z(a_only, b_only)}});
    j["paired"].push_back({{"a", s.sweep.values[0]},
                           {"b", s.sweep.values[v + 1]},
                           {"turns", spread_json(p.turns)},
                           {"decisions", spread_json(p.decisions)},
                           {"seats", seats}});
  }
  return json_text(j, 2) + "\n";
}

}  // namespace arbiter::cli
