// `arbiter sim`: many games with bots in every seat, on every core, reported as a table,
// JSON or CSV; and `arbiter sim --compare A.json B.json`.
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>

#include <chrono>
#include <cstdio>
#include <limits>

#include "cli/app.hpp"
#include "cli/terminal/interrupt.hpp"
#include "present/output.hpp"
#include "analysis/sim/tally.hpp"
#include "cli/terminal/progress.hpp"
#include "cli/sim/lab.hpp"
#include "cli/sim/sweep.hpp"
#include "cli/sim/render.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/fingerprint.hpp"
#include "runtime/limits.hpp"

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
  if (is_sweep_file(files.at(0))) return merge_sweeps(files, sim.json, sim.html);
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
  if (!sim.html.empty()) write_html(sim.html, merged, run);
  return 0;
}

SimOptions sim_options(const LoadedGame& loaded, const GameFlags& flags, const SimFlags& sim,
                       const Table& table) {
  SimOptions o;
  o.game = game_options(*loaded.ruleset, flags);
  o.bots = seat_bots(table, flags.bots, std::vector<std::string>(table.seat_count(), "random"));
  o.games = sim.games;
  o.threads = sim.threads;
  o.max_actions = sim.max_actions;
  o.rotate = sim.rotate;
  o.lead = sim.lead || !sim.html.empty();  // the page is the whole picture
  if (sim.every_seating) {
    int n = table.seat_count();
    if (o.games % n != 0)
      throw InputError(fmt::format(
          "sim: --every-seating plays each seed once in each of the {} seatings: --games {} is "
          "not a multiple of {} (give {})",
          n, o.games, n,
          o.games < n ? std::to_string(n) : fmt::format("{} or {}", o.games / n * n, o.games / n * n + n)));
    o.seatings = n;
  }
  if (!sim.shard.empty()) apply_shard(sim.shard, o);
  if (!sim.tally.empty()) {
    const Ruleset& r = *loaded.ruleset;
    o.tally = r.var_index(sim.tally);
    if (o.tally < 0 && is_action_tally(sim.tally)) o.tally_actions = sim.tally;
    else if (o.tally < 0)
      throw InputError(
          "sim: --tally: unknown variable " + quote(sim.tally) + did_you_mean(sim.tally, r.var_names()) +
          (r.vars.empty() ? "; " + r.id + " has no variables"
                          : "; variables: " + join_choices(r.var_names(), ", ")) +
          " (or 'actions' for the line of play, 'action:NAME' for how often each seat took NAME)");
  }
  return o;
}

}  // namespace

SimRun run_sim(const std::string& name, const GameFlags& flags, const SimFlags& sim, bool keep_records) {
  SimRun ran;
  LoadedGame loaded = load_game(name);
  auto table =
      flags_table(loaded.ruleset, game_options(*loaded.ruleset, flags));  // checks players, variant, --set
  SimOptions o = sim_options(loaded, flags, sim, *table);
  RunInfo& run = ran.run;
  run = {worker_count(o), 0};
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
  SimReport& report = ran.report;
  report = summarize(*table, o, records);
  report.asked = o.games;
  report.version = ARBITER_VERSION;
  report.prints = fingerprint_table(*table, scripts_dir());
  if (!sim.ladder.empty())
    report.metrics.ladder = run_ladder(loaded.ruleset, *table, o, ladder_rungs(sim.ladder, *loaded.ruleset));
  if (keep_records) ran.records = std::move(records);
  return ran;
}

int cmd_sim(const std::string& name, const GameFlags& flags, const SimFlags& sim) {
  try {
    if (!sim.compare.empty() && !name.empty())
      throw InputError("sim: --compare reads two reports and takes no ruleset (" + name + ")");
    if (!sim.merge.empty() && !name.empty())
      throw InputError("sim: --merge reads reports and takes no ruleset (" + name + ")");
    if (!sim.compare.empty() && !sim.html.empty())
      throw InputError("sim: --html draws a report or a --merge; --compare prints its table only");
    if (!sim.compare.empty()) return compare_files(sim.compare.at(0), sim.compare.at(1));
    if (!sim.merge.empty()) return merge_files(sim.merge, sim);
    if (name.empty())
      throw InputError("sim: name a ruleset (or give --compare A.json B.json, or --merge A.json B.json …)");
    if (sim.games < 1) throw InputError("sim: --games must be at least 1");
    if (sim.max_actions < 1) throw InputError("sim: --max-actions must be at least 1");
    if (!sim.sweep.empty()) return run_sweep(name, flags, sim);
    SimRun ran = run_sim(name, flags, sim);
    const SimReport& report = ran.report;
    const RunInfo& run = ran.run;
    if (sim.json) print("{}", report_json(report, run));
    else if (sim.csv) print("{}", report_csv(report));
    else print("{}", render_report(report, run, color_enabled(STDOUT_FILENO)));
    // After the report, so that a page that cannot be written loses no games.
    if (!sim.html.empty()) write_html(sim.html, report, run);
    return report.asked > report.games ? 130 : 0;  // cut short by Ctrl-C: the report is partial
  } catch (const InputError& e) {
    print_err("{}\n", e.what());
    return error_status(e);  // 2 for a bad flag value
  }
}

namespace {

// --compare and --merge read reports: an option for a run would be silently ignored.
// The option that would be, as a usage error (exit status 2); 0 when there is none.
int refuse_run_options(const CLI::App& cmd, const SimFlags& sim) {
  if (sim.compare.empty() && sim.merge.empty()) return 0;
  for (const char* option :
       {"--games", "--threads", "--max-actions", "--seed", "--players", "--set", "--variant", "--bot",
        "--rotate", "--tally", "--ladder", "--shard", "--sweep", "--lead", "--every-seating"})
    if (cmd.count(option) > 0) {
      print_err("sim: {} is for running games; --{} reads reports and takes only --json or --csv\n", option,
                sim.merge.empty() ? "compare" : "merge");
      return 2;
    }
  return 0;
}

// The designer's lab: the skill ladder, shards, sweeps, the HTML page.
void add_lab_flags(CLI::App* sim, SimFlags& sf) {
  sim->add_option("--ladder", sf.ladder,
                  "a skill ladder: bots weakest first (random,mcts:25,mcts:50,mcts:100); "
                  "every pair plays the run's seeds, the stronger in one seat");
  sim->add_option("--shard", sf.shard,
                  "play the K-th of N adjacent parts of the games (K/N); --merge the N reports");
  sim->add_option("--sweep", sf.sweep,
                  "a run per value of a parameter on the same seeds: KEY=V1,V2,… or KEY=LO..HI[:STEP]");
  sim->add_option("--html", sf.html,
                  "also write the report as one self-contained HTML page with charts to this file "
                  "(measures the lead, as --lead does)");
  sim->add_flag(
      "--every-seating", sf.every_seating,
      "play each seed once in every seating of the bots (--games a multiple of the seats), so that seat "
      "and bot effects separate exactly");
  sim->add_flag("--lead", sf.lead,
                "measure the lead and stalls from the ruleset's score hook, read for every seat at "
                "every turn (a score variable is read without it)");
}

// What `sim` adds to the game flags: bots, rotation, how many games and how to report them.
void add_sim_flags(CLI::App* sim, GameFlags& flags, SimFlags& sf) {
  constexpr int kMaxInt = std::numeric_limits<int>::max();
  sim->add_option("--bot", flags.bots,
                  "a bot kind in a seat: --bot 2=random, --bot Bill=random, --bot all=random "
                  "(repeatable; default: random in every seat)")
      ->check(bot_check());
  sim->add_flag("--rotate", sf.rotate,
                "move every bot one seat on from game to game, so that each kind plays every seat alike");
  sim->add_option(
         "--games", sf.games,
         "how many games (default 1000, at most " + std::to_string(kMaxSimGames) + ": the report keeps each)")
      ->check(CLI::Range(1, kMaxSimGames));
  sim->add_option("--threads", sf.threads, "worker threads, 1.." + std::to_string(kMaxThreads) +
                                               " (default: one per core); the results do not depend on it")
      ->check(CLI::Range(1, kMaxThreads));
  sim->add_option("--max-actions", sf.max_actions,
                  "stop a game after this many actions and report it as unfinished (default 20000)")
      ->check(CLI::Range(1, kMaxInt));
  auto* json = sim->add_flag("--json", sf.json, "print the report as JSON (what --compare reads)");
  sim->add_flag("--csv", sf.csv, "print one CSV row per seat")->excludes(json);
  sim->add_option(
      "--tally", sf.tally,
      "count the games by a variable's final value (a per-seat one: by seat and value), by their line of play (actions) or by how often each seat took an action (action:NAME)");
  auto* compare =
      sim->add_option("--compare", sf.compare,
                      "compare two --json reports metric by metric, and list what differs in their "
                      "parameters, components and rules files: --compare A.json B.json")
          ->expected(2);
  sim->add_option("--merge", sf.merge,
                  "merge --json reports of adjacent seed ranges (shards of one run: --seed S --games N, "
                  "--seed S+N --games N, …) into the report one run would give; with --json, as JSON")
      ->expected(1, kMaxInt)
      ->excludes(compare);
  add_lab_flags(sim, sf);
}

}  // namespace

Command add_sim_command(CLI::App& app) {
  auto* sim = app.add_subcommand(
      "sim", "play many games with bots: win rates, game length, scores, the first seat's edge");
  auto ruleset = std::make_shared<std::string>();
  auto flags = std::make_shared<GameFlags>();
  auto sf = std::make_shared<SimFlags>();
  sim->add_option("ruleset", *ruleset, "a ruleset id or folder");
  add_game_flags(sim, *flags);
  sim->get_option("--seed")->description("the first game's seed (default 1); game g (from 0) uses seed S+g");
  add_sim_flags(sim, *flags, *sf);
  return {sim, [sim, ruleset, flags, sf] {
            if (int status = refuse_run_options(*sim, *sf)) return status;
            return cmd_sim(*ruleset, *flags, *sf);
          }};
}

}  // namespace arbiter::cli
