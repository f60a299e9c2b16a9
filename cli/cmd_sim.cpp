// `arbiter sim`: many games with bots in every seat, on every core, reported as a table,
// JSON or CSV; and `arbiter sim --compare A.json B.json`.
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>

#include <chrono>
#include <cstdio>

#include "cli/app.hpp"
#include "cli/interrupt.hpp"
#include "cli/output.hpp"
#include "cli/progress.hpp"
#include "cli/sim_render.hpp"
#include "interpreter/diagnostics.hpp"
#include "interpreter/fingerprint.hpp"

namespace arbiter::cli {

namespace {

using Clock = std::chrono::steady_clock;

int compare_files(const std::string& a_file, const std::string& b_file) {
  SimReport a = read_report_json(a_file), b = read_report_json(b_file);
  try {
    print("{}", render_comparison(a, a_file, b, b_file, color_enabled(STDOUT_FILENO)));
  } catch (const InputError& e) {
    throw InputError("sim --compare: " + a_file + " and " + b_file + " cannot be compared: " + e.what());
  }
  return 0;
}

// The reports of shards of one run (seed ranges apart) as the run's own report.
int merge_files(const std::vector<std::string>& files, const SimFlags& sim) {
  std::vector<SimReport> reports;
  RunInfo run{0, 0, 0};
  for (const auto& file : files) {
    RunInfo part;
    reports.push_back(read_report_json(file, &part));
    run.threads += part.threads, run.seconds += part.seconds, run.merged += std::max(1, part.merged);
  }
  SimReport merged = merge_reports(reports, files);
  if (sim.json) print("{}", report_json(merged, run));
  else if (sim.csv) print("{}", report_csv(merged));
  else print("{}", render_report(merged, run, color_enabled(STDOUT_FILENO)));
  return 0;
}

SimOptions sim_options(const Loaded& loaded, const GameFlags& flags, const SimFlags& sim, const Table& table) {
  SimOptions o;
  o.game = game_options(*loaded.ruleset, flags);
  o.bots = seat_bots(table, flags.bots, std::vector<std::string>(table.seat_count(), "random"));
  o.games = sim.games;
  o.threads = sim.threads;
  o.max_actions = sim.max_actions;
  o.rotate = sim.rotate;
  if (!sim.tally.empty()) {
    const Ruleset& r = *loaded.ruleset;
    o.tally = r.var_index(sim.tally);
    if (o.tally < 0)
      throw InputError("sim: --tally: unknown variable " + quote(sim.tally) + did_you_mean(sim.tally, r.var_names()) +
                       (r.vars.empty() ? "; " + r.id + " has no variables" : "; variables: " + join_choices(r.var_names(), ", ")));
  }
  return o;
}

}  // namespace

int cmd_sim(const std::string& name, const GameFlags& flags, const SimFlags& sim) {
  try {
    if (!sim.compare.empty() && !name.empty())
      throw InputError("sim: --compare reads two reports and takes no ruleset (" + name + ")");
    if (!sim.merge.empty() && !name.empty())
      throw InputError("sim: --merge reads reports and takes no ruleset (" + name + ")");
    if (!sim.compare.empty()) return compare_files(sim.compare.at(0), sim.compare.at(1));
    if (!sim.merge.empty()) return merge_files(sim.merge, sim);
    if (name.empty()) throw InputError("sim: name a ruleset (or give --compare A.json B.json, or --merge A.json B.json …)");
    if (sim.games < 1) throw InputError("sim: --games must be at least 1");
    if (sim.max_actions < 1) throw InputError("sim: --max-actions must be at least 1");
    Loaded loaded = load(name);
    auto table = make_table(loaded.ruleset, game_options(*loaded.ruleset, flags));  // checks players, variant, --set
    SimOptions o = sim_options(loaded, flags, sim, *table);
    RunInfo run{worker_count(o), 0};
    std::string error;
    auto start = Clock::now();
    std::vector<GameRecord> records;
    catch_interrupts();  // Ctrl-C: the workers stop, and the games finished are reported as partial
    if (isatty(STDERR_FILENO)) {
      ProgressBar bar("games", 0, color_enabled(STDERR_FILENO));
      auto draw = [&bar, total = o.games](int done) { bar.draw(done, total); };
      records = play_games(loaded.ruleset, o, rules_factory(), error, draw);
    } else {
      records = play_games(loaded.ruleset, o, rules_factory(), error);
    }
    run.seconds = std::chrono::duration<double>(Clock::now() - start).count();
    if (!error.empty()) throw InputError(loaded.ruleset->id + ": " + error);
    SimReport report = summarize(*table, o, records);
    report.asked = o.games;
    report.version = ARBITER_VERSION;
    report.prints = fingerprint_table(*table, scripts_dir());
    if (sim.json) print("{}", report_json(report, run));
    else if (sim.csv) print("{}", report_csv(report));
    else print("{}", render_report(report, run, color_enabled(STDOUT_FILENO)));
    return report.asked > report.games ? 130 : 0;  // cut short by Ctrl-C: the report is partial
  } catch (const InputError& e) {
    print_err("{}\n", e.what());
    return 1;
  }
}

}  // namespace arbiter::cli
