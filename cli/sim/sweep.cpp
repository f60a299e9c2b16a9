// `arbiter sim RULESET --sweep KEY=V1,V2,…`: the same seeds under each value of a parameter,
// each metric against the value, and each value paired game by game with the first (same
// seeds, so the same deals): a paired t-test of lengths, McNemar's test of each seat's wins.
#include <fmt/format.h>
#include <unistd.h>

#include <cmath>
#include <nlohmann/json.hpp>

#include "present/json_text.hpp"
#include "present/output.hpp"
#include "cli/sim/lab.hpp"
#include "cli/sim/render.hpp"
#include "cli/sim/sweep.hpp"
#include "runtime/diagnostics.hpp"

using nlohmann::ordered_json;

namespace arbiter::cli {

namespace {

constexpr std::size_t kMaxSweepValues = 50;

bool whole_number(const std::string& s, long long& out) {
  std::size_t used = 0;
  try {
    out = std::stoll(s, &used);
  } catch (const std::exception&) {
    return false;
  }
  return used == s.size() && !s.empty();
}

// LO..HI[:STEP] as its values.
std::vector<std::string> range_values(const std::string& spec, const std::string& text) {
  std::size_t dots = text.find("..");
  std::size_t colon = text.find(':', dots);
  long long lo = 0, hi = 0, step = 1;
  bool ok =
      whole_number(text.substr(0, dots), lo) &&
      whole_number(text.substr(dots + 2, colon == std::string::npos ? std::string::npos : colon - dots - 2),
                   hi) &&
      (colon == std::string::npos || whole_number(text.substr(colon + 1), step));
  if (!ok || step < 1 || hi < lo)
    throw InputError("sim: --sweep " + quote(spec) +
                     ": a range is LO..HI or LO..HI:STEP, whole numbers, LO <= HI, STEP >= 1");
  if ((hi - lo) / step + 1 > static_cast<long long>(kMaxSweepValues))
    throw InputError(fmt::format("sim: --sweep {}: more than {} values", quote(spec), kMaxSweepValues));
  std::vector<std::string> out;
  for (long long v = lo; v <= hi; v += step) out.push_back(std::to_string(v));
  return out;
}

}  // namespace

Sweep parse_sweep(const std::string& spec) {
  Sweep s;
  std::size_t eq = spec.find('=');
  if (eq == std::string::npos || eq == 0 || eq + 1 == spec.size())
    throw InputError("sim: --sweep " + quote(spec) + ": write KEY=V1,V2,… or KEY=LO..HI[:STEP]");
  s.key = spec.substr(0, eq);
  std::string values = spec.substr(eq + 1);
  if (values.find("..") != std::string::npos) s.values = range_values(spec, values);
  else
    for (std::size_t start = 0; start <= values.size();) {
      std::size_t comma = std::min(values.find(',', start), values.size());
      s.values.push_back(values.substr(start, comma - start));
      if (s.values.back().empty()) throw InputError("sim: --sweep " + quote(spec) + ": an empty value");
      start = comma + 1;
    }
  if (s.values.size() > kMaxSweepValues)
    throw InputError(fmt::format("sim: --sweep {}: more than {} values", quote(spec), kMaxSweepValues));
  if (s.values.size() < 2) throw InputError("sim: --sweep " + quote(spec) + ": give two values or more");
  return s;
}

Paired pair_runs(const std::vector<GameRecord>& a, const std::vector<GameRecord>& b, int players) {
  Paired p;
  p.seats.assign(players, {0, 0});
  std::vector<double> turns, decisions;
  for (std::size_t g = 0; g < a.size() && g < b.size(); ++g) {
    if (a[g].hit_limit || b[g].hit_limit) continue;
    turns.push_back(double(b[g].turns) - a[g].turns);
    decisions.push_back(double(b[g].actions) - a[g].actions);
    for (int s = 0; s < players; ++s) {
      bool in_a = std::count(a[g].winners.begin(), a[g].winners.end(), s) > 0;
      bool in_b = std::count(b[g].winners.begin(), b[g].winners.end(), s) > 0;
      p.seats[s].first += in_a && !in_b, p.seats[s].second += in_b && !in_a;
    }
  }
  p.turns = spread_of(turns), p.decisions = spread_of(decisions);
  return p;
}

double paired_t(const Spread& d) {
  if (d.n < 2) return 0;
  if (d.sd == 0) return d.mean == 0 ? 0 : std::copysign(INFINITY, d.mean);
  return d.mean / (d.sd / std::sqrt(double(d.n)));
}

double mcnemar_z(std::int64_t a_only, std::int64_t b_only) {
  return a_only + b_only ? double(b_only - a_only) / std::sqrt(double(a_only + b_only)) : 0;
}

int run_sweep(const std::string& name, const GameFlags& flags, const SimFlags& sim) {
  if (sim.sweep.size() > 1) throw InputError("sim: one --sweep at a time");
  SweepResult result{parse_sweep(sim.sweep[0]), {}, {}};
  std::vector<std::vector<GameRecord>> records;
  for (const auto& value : result.sweep.values) {
    GameFlags f = flags;
    // `variant` sweeps the variants ("-": none), so that two variants pair on the same seeds.
    if (result.sweep.key == "variant") f.variant = value == "-" ? "" : value;
    else f.set.push_back(result.sweep.key + "=" + value);
    SimFlags s = sim;
    s.sweep.clear(), s.html.clear();
    SimRun ran = run_sim(name, f, s, true);
    records.push_back(std::move(ran.records));
    result.runs.push_back({std::move(ran.report), ran.run, {}});
    if (result.runs.back().report.asked > result.runs.back().report.games) break;  // Ctrl-C
  }
  int players = result.runs[0].report.players;
  for (std::size_t v = 1; v < records.size(); ++v)
    result.paired.push_back(pair_runs(records[0], records[v], players));
  if (sim.json) print("{}", sweep_json(result));
  else print("{}", render_sweep(result, color_enabled(STDOUT_FILENO)));
  if (!sim.html.empty()) write_sweep_html(sim.html, result);
  return result.runs.size() < result.sweep.values.size() ? 130 : 0;
}

}  // namespace arbiter::cli
