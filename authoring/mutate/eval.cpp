// One mutant against a ruleset's scenarios, in this process (mutate_run.hpp): the mutant's
// ruleset is the one read once with the mutated file's text held in memory (Lua), or
// game.yaml read again from the mutated text.
#include <chrono>
#include <filesystem>

#include "runtime/diagnostics.hpp"
#include "authoring/mutate/run.hpp"

namespace fs = std::filesystem;

namespace arbiter {

namespace {

std::string first_line(const std::string& text, std::size_t max = 300) {
  std::string line = text.substr(0, text.find('\n'));
  return line.size() > max ? line.substr(0, max) + "..." : line;
}

std::string canonical(const std::string& dir) {
  std::error_code ec;
  fs::path p = fs::weakly_canonical(dir, ec);
  return ec ? dir : p.string();
}

// The ruleset with the mutant made; throws InputError when its game.yaml no longer reads.
std::shared_ptr<const Ruleset> mutant_ruleset(const MutationPlan& plan, const Mutant* m,
                                              const MutateOptions& o) {
  if (!m) return plan.ruleset;
  std::string text = apply_mutant(plan.texts.at(m->file), *m);
  if (m->file == "game.yaml") return load_ruleset(plan.ruleset->dir, o.scripts_dir, &text);
  auto copy = std::make_shared<Ruleset>(*plan.ruleset);
  copy->sources[m->file] = std::move(text);
  return copy;
}

// `rules`, when given, is shared by every scenario of this ruleset's folder.
MutantOutcome run_scenarios_on(const MutationPlan& plan, std::shared_ptr<const Ruleset> ruleset, Rules* rules,
                               const MutateOptions& o, ScenarioCache* cache) {
  std::string home = canonical(plan.ruleset->dir);
  RulesFactory make_rules = o.make_rules;
  if (rules)
    make_rules = [&](std::shared_ptr<const Ruleset> r) -> std::unique_ptr<Rules> {
      return r == ruleset ? std::make_unique<SharedRules>(*rules) : o.make_rules(r);
    };
  ScenarioOptions so;
  so.stop_at_failure = true;
  so.cache = cache;
  // A scenario of this folder plays the mutant; one naming another ruleset plays that one.
  so.load_ruleset = [&](const std::string& dir) {
    return canonical(dir) == home ? ruleset : load_ruleset(dir, o.scripts_dir);
  };
  for (const auto& file : plan.scenario_files)
    for (const ScenarioResult& r : run_scenarios(file, o.search_path, make_rules, o.scripts_dir, so))
      if (r.verdict == ScenarioResult::Verdict::Fail)
        return {MutantVerdict::Killed, r.name + ": " + first_line(r.detail)};
  return {};
}

}  // namespace

const char* to_text(MutantVerdict v) {
  switch (v) {
    case MutantVerdict::Survived: return "survived";
    case MutantVerdict::Killed: return "killed";
    case MutantVerdict::NoLoad: return "does not load";
    case MutantVerdict::Crashed: return "ended the process";
    case MutantVerdict::TimedOut: return "ran past its time limit";
  }
  return "?";
}

double mutant_time_limit(double baseline_seconds) { return 10 * baseline_seconds + 30; }

MutantOutcome evaluate_mutant(const MutationPlan& plan, const Mutant* mutant, const MutateOptions& o,
                              ScenarioCache* cache) {
  auto start = std::chrono::steady_clock::now();
  MutantOutcome out;
  try {
    std::shared_ptr<const Ruleset> ruleset = mutant_ruleset(plan, mutant, o);
    std::unique_ptr<Rules> rules;
    try {
      rules = o.make_rules(ruleset);  // loads every file the rules require when they load
    } catch (const std::exception& e) {
      out = {MutantVerdict::NoLoad, first_line(e.what())};
    }
    if (rules) out = run_scenarios_on(plan, ruleset, o.fresh_rules ? nullptr : rules.get(), o, cache);
  } catch (const std::exception& e) {
    out = {MutantVerdict::NoLoad, first_line(e.what())};
  }
  out.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  return out;
}

}  // namespace arbiter
