// `arbiter mutate`: does a ruleset's scenario suite pin its rules? Small changes to its Lua
// and game.yaml, each run against its scenarios; a change no scenario notices is a rule no
// scenario pins.
#include <CLI/CLI.hpp>
#include <fmt/format.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>

#include "cli/app.hpp"
#include "cli/commands/mutate_report.hpp"
#include "present/output.hpp"
#include "cli/terminal/progress.hpp"
#include "present/render.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/limits.hpp"
#include "authoring/mutate/rekey.hpp"

namespace arbiter::cli {

namespace {

using Clock = std::chrono::steady_clock;

MutateOptions mutate_options(const MutateFlags& flags) {
  MutateOptions o;
  o.threads = flags.threads;
  o.search_path = search_path();
  o.scripts_dir = scripts_dir();
  o.make_rules = rules_factory();
  return o;
}

const char* const kMutateFooter =
    "Mutants: < <=, > >=, == ~=; + -, * /, // %; whole numbers one off both ways (0 to -1 too); and/or; true/false; if, elseif, while and "
    "until conditions negated; a call or assignment line deleted; game.yaml's whole numbers one off (each bound one wider and one narrower). Never in strings "
    "or comments, nor in words: narration (:say, :tell, :tell_others, what runs only while narrating), the messages of "
    "error, assert and print, MSG in return false, MSG, and what the ruleset's mutate.yaml declares as words. "
    "mutate.yaml may also accept survivors (with a reason) and set min_score. Exit status 0, 1 below the minimum score "
    "or on an error, 2 when the scenarios fail without any mutant. docs/writing-a-ruleset.md says more.";

}  // namespace

Command add_mutate_command(CLI::App& app) {
  auto ruleset_ptr = std::make_shared<std::string>();
  auto flags_ptr = std::make_shared<MutateFlags>();
  std::string& ruleset = *ruleset_ptr;
  MutateFlags& flags = *flags_ptr;
  auto* mutate = app.add_subcommand("mutate",
                                    "make small changes to a ruleset's rules and report those its scenarios "
                                    "do not notice (the rules no scenario pins)");
  mutate->add_option("ruleset", ruleset, "a ruleset id or folder")->required();
  mutate->footer(wrap_words(kMutateFooter, terminal_columns(STDOUT_FILENO, 80) - 1));
  mutate->add_option("--max", flags.max, "run this many mutants, picked by --seed (default: all)")
      ->check(CLI::Range(std::size_t{1}, std::size_t{1} << 40));
  mutate->add_option("--seed", flags.seed, "which --max mutants, 0..2^64-1 (default 1)")
      ->check(unsigned_64());
  mutate
      ->add_option("--threads", flags.threads,
                   "worker threads, 1.." + std::to_string(kMaxThreads) +
                       " (default: one per core); the results do not depend on it")
      ->check(CLI::Range(1, kMaxThreads));
  mutate->add_flag("--json", flags.json, "print the report as one JSON object");
  mutate->add_flag("--list", flags.list, "print the mutants (file:line: change) and run none");
  mutate->add_flag(
      "--list-survivors", flags.list_survivors,
      "print each survivor not accepted as a ready-to-paste mutate.yaml accepted: entry, not the report");
  mutate->add_flag("--rekey", flags.rekey,
                   "print the ruleset's mutate.yaml with each entry keyed by line keyed "
                   "by its code (function, near) instead, those matching nothing left out; "
                   "run none");
  mutate
      ->add_option("--min-score", flags.min_score,
                   "exit status 1 when the score (percent) is below this "
                   "(default: min_score in the ruleset's mutate.yaml, if any)")
      ->check(CLI::Range(0.0, 100.0));
  return {mutate, [ruleset_ptr, flags_ptr] { return cmd_mutate(*ruleset_ptr, *flags_ptr); }};
}

namespace {

// Each mutate.yaml entry that matches nothing, as an error: 1 if any.
int report_stale(const MutationPlan& plan) {
  for (const auto& s : plan.stale) print_err("mutate: {}\n", s);
  return plan.stale.empty() ? 0 : 1;
}

int print_rekeyed(const MutationPlan& plan) {
  if (plan.config.path.empty()) throw InputError(plan.ruleset->id + ": has no mutate.yaml to re-key");
  Rekeyed r = rekey_mutate_config(plan);
  print("{}", r.text);
  for (const auto& e : r.changed) print_err("re-keyed: {}\n", e);
  for (const auto& e : r.dropped) print_err("left out (it matches no mutant): {}\n", e);
  return 0;
}

MutateResult run_with_progress(const MutationPlan& plan, MutateOptions o) {
  if (!isatty(STDERR_FILENO)) return run_mutants(plan, o);
  ProgressBar bar("mutants", 1, color_enabled(STDERR_FILENO));
  o.progress = [&bar](std::size_t done, std::size_t total) { bar.draw(done, total); };
  return run_mutants(plan, o);
}

}  // namespace

int cmd_mutate(const std::string& name, const MutateFlags& flags) {
  auto ruleset = load_ruleset(find_ruleset_dir(name, search_path()), scripts_dir());
  MutationPlan plan = plan_mutants(ruleset, flags.max, flags.seed);
  if (flags.rekey) return print_rekeyed(plan);
  if (flags.list) {
    print("{}", mutate_list(plan));
    return report_stale(plan);
  }
  set_lua_print(false);  // a mutant's print() is not the author's
  auto start = Clock::now();
  MutateResult result = run_with_progress(plan, mutate_options(flags));
  if (!result.baseline_passed) {
    print_err("mutate: {}: its scenarios fail without any mutant, so no mutant can be judged; fix them first "
                       "(arbiter test {}):\n  {}\n", ruleset->id, ruleset->id, result.baseline_failure);
    return 2;
  }
  MutateRunInfo run{flags.max, flags.seed, std::chrono::duration<double>(Clock::now() - start).count()};
  MutateSummary summary = summarize_mutants(plan, result);
  if (flags.list_survivors) print("{}", mutate_survivor_entries(plan, summary));
  else if (flags.json) print("{}", mutate_json(plan, result, summary, run));
  else print("{}", mutate_text(plan, result, summary, run, color_enabled(STDOUT_FILENO)));
  int status = report_stale(plan);
  double floor = flags.min_score >= 0 ? flags.min_score : plan.config.min_score;
  if (floor >= 0 && summary.has_score && summary.score < floor) {
    print_err("mutate: {}: the score {:.1f}% is below {}% ({})\n", ruleset->id, summary.score, floor,
               flags.min_score >= 0 ? "--min-score" : "min_score in " + plan.config.path);
    status = 1;
  }
  return status;
}

}  // namespace arbiter::cli
