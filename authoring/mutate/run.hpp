// Running a mutation plan (mutate_plan.hpp): each chosen mutant against the ruleset's own
// scenarios, in the sandbox and limits of every game, on several threads. The threads run
// in a worker process, so that a mutant that ends the process (a library call stuck past
// every limit) or runs on for ever is counted as killed while the run goes on.
#pragma once
#include <functional>
#include <string>
#include <vector>

#include "authoring/mutate/plan.hpp"
#include "authoring/scenario/scenario.hpp"

namespace arbiter {

enum class MutantVerdict { Survived, Killed, NoLoad, Crashed, TimedOut };
const char* to_text(MutantVerdict v);
inline bool killed(MutantVerdict v) { return v != MutantVerdict::Survived; }

struct MutantOutcome {
  MutantVerdict verdict = MutantVerdict::Survived;
  std::string by;            // the scenario that failed and why, or the load error (one line)
  double seconds = 0;
};

struct MutateOptions {
  int threads = 0;                          // 0: one per core
  std::vector<std::string> search_path;     // for scenarios that name another ruleset
  std::string scripts_dir;
  RulesFactory make_rules;                  // must honour Ruleset::sources
  // Each scenario loads the rules anew, as `arbiter test` does, instead of every scenario of
  // a mutant sharing one load. Slower; for rules that keep something from game to game.
  bool fresh_rules = false;
  double time_limit = 0;                    // seconds one mutant may run; 0: mutant_time_limit()
  // Called on the calling thread after each mutant: how many are done, of how many.
  std::function<void(std::size_t, std::size_t)> progress;
};

struct MutateResult {
  bool baseline_passed = false;
  std::string baseline_failure;             // the first scenario that fails without a mutant, and why
  double baseline_seconds = 0;
  // The scenarios failed on one shared load of the rules (this one, and why) but passed with
  // a load each, so every mutant was run so: the rules keep something from game to game.
  bool fresh_rules = false;
  std::string shared_failure;
  int threads = 1;
  std::vector<MutantOutcome> outcomes;      // one per plan.chosen, in its order
};

// Runs the scenarios without a mutant first; only if they all pass, every chosen mutant.
// Throws InputError when no worker process can be started.
MutateResult run_mutants(const MutationPlan& plan, const MutateOptions& options);

// Runs the scenarios against one mutant (nullptr: the ruleset as it is) in this process,
// stopping at the first that fails; `cache` (optional, this thread's) keeps the scenario
// files parsed from one mutant to the next. Never throws.
MutantOutcome evaluate_mutant(const MutationPlan& plan, const Mutant* mutant, const MutateOptions& options,
                              ScenarioCache* cache = nullptr);

// How long one mutant may run before it is stopped and counted as killed: ten times the
// unmutated suite and 30 s more (a mutant runs at most the same scenarios).
double mutant_time_limit(double baseline_seconds);

}  // namespace arbiter
