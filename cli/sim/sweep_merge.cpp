// `sim --merge` of sweep reports (`--sweep … --shard K/N --json`): value by value, the
// reports merged as any shards are, and the pairings' exact sums and counts added up.
#include <fmt/format.h>

#include <unistd.h>

#include "present/output.hpp"
#include "cli/sim/metrics_json.hpp"
#include "cli/sim/sweep.hpp"
#include "runtime/diagnostics.hpp"

using nlohmann::ordered_json;

namespace arbiter::cli {

namespace {

std::int64_t count_of(const ordered_json& j, const std::string& what) {
  if (!j.is_number_integer() || j.get<std::int64_t>() < 0 || j.get<std::int64_t>() > (std::int64_t{1} << 40))
    throw InputError(what + ": not a count");
  return j.get<std::int64_t>();
}

Spread read_difference(const ordered_json& j, const std::string& what) {
  Spread s;
  s.n = static_cast<int>(count_of(j.at("n"), what + ".n"));
  s.min = j.at("min").get<double>(), s.max = j.at("max").get<double>();
  s.sum = read_exact_sum(j.at("sum"), what + ".sum");
  s.squares = read_exact_sum(j.at("sum_squares"), what + ".sum_squares");
  finish_spread(s);
  return s;
}

// One sweep file: its values, its reports and its pairings.
SweepResult read_sweep(const std::string& file) {
  ordered_json j = read_json_file(file);
  SweepResult s;
  if (!j.is_object() || !j.contains("format") || j.at("format") != "arbiter-sim-sweep")
    throw InputError(file + ": not a sweep's report (`sim --sweep … --json`); sweeps merge only with sweeps");
  try {
    s.sweep.key = j.at("key").get<std::string>();
    s.sweep.values = j.at("values").get<std::vector<std::string>>();
    if (j.at("reports").size() != s.sweep.values.size() || j.at("paired").size() + 1 != s.sweep.values.size())
      throw InputError("not one report per value");
    for (const auto& r : j.at("reports")) {
      SimRun run;
      run.report = report_from_json(r, file, &run.run);
      s.runs.push_back(std::move(run));
    }
    for (const auto& p : j.at("paired")) {
      Paired pair{
          read_difference(p.at("turns"), "turns"), read_difference(p.at("decisions"), "decisions"), {}};
      for (const auto& seat : p.at("seats"))
        pair.seats.emplace_back(count_of(seat.at("won_at_a_only"), "seats"),
                                count_of(seat.at("won_at_b_only"), "seats"));
      s.paired.push_back(std::move(pair));
    }
  } catch (const ordered_json::exception& e) {
    std::string message = e.what();  // without the library's tag ("[json.exception.…] ")
    throw InputError(file + ": an incomplete sweep report: " +
                     message.substr(message.find("] ") == std::string::npos ? 0 : message.find("] ") + 2));
  } catch (const InputError& e) {
    throw InputError(file + ": " + e.what());
  }
  return s;
}

}  // namespace

bool is_sweep_file(const std::string& file) {
  try {
    ordered_json j = read_json_file(file);
    return j.is_object() && j.contains("format") && j.at("format") == "arbiter-sim-sweep";
  } catch (const InputError&) {
    return false;  // merge_files says what is wrong with it
  }
}

int merge_sweeps(const std::vector<std::string>& files, bool json, const std::string& html) {
  std::vector<SweepResult> parts;
  for (const auto& f : files) parts.push_back(read_sweep(f));
  SweepResult m = parts[0];
  for (std::size_t k = 1; k < parts.size(); ++k)
    if (parts[k].sweep.key != m.sweep.key || parts[k].sweep.values != m.sweep.values)
      throw InputError(files[0] + " and " + files[k] + " cannot be merged: they sweep different values");
  for (std::size_t v = 0; v < m.runs.size(); ++v) {
    std::vector<SimReport> reports;
    RunInfo run{0, 0, 0};
    for (const auto& p : parts) {
      reports.push_back(p.runs[v].report);
      run.threads += p.runs[v].run.threads, run.seconds += p.runs[v].run.seconds;
      run.merged += std::max(1, p.runs[v].run.merged);
    }
    m.runs[v] = {merge_reports(reports, files), run, {}};
  }
  for (std::size_t v = 0; v < m.paired.size(); ++v)
    for (std::size_t k = 1; k < parts.size(); ++k) {
      Paired& into = m.paired[v];
      const Paired& from = parts[k].paired[v];
      if (from.seats.size() != into.seats.size())
        throw InputError(files[k] + ": its pairings have other seats");
      into.turns = merge_spreads(into.turns, from.turns),
      into.decisions = merge_spreads(into.decisions, from.decisions);
      for (std::size_t s = 0; s < into.seats.size(); ++s)
        into.seats[s].first += from.seats[s].first, into.seats[s].second += from.seats[s].second;
    }
  if (json) print("{}", sweep_json(m));
  else print("{}", render_sweep(m, color_enabled(STDOUT_FILENO)));
  if (!html.empty()) write_sweep_html(html, m);
  return 0;
}

}  // namespace arbiter::cli
