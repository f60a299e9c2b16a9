// Running scenario files (see docs/scenarios.md): set up a game, play it step by step,
// and check what must hold.
#pragma once
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "runtime/rules_factory.hpp"

namespace arbiter {

struct ScenarioResult {
  std::string file;
  std::string name;            // the scenario's name, or its file name
  enum class Verdict { Pass, Fail, Skip } verdict = Verdict::Pass;
  std::string detail;          // for a failure: where and why, possibly several lines
};

// Scenario files parsed once and kept, to be run again and again (`arbiter mutate` runs each
// against every mutant). yaml-cpp's nodes may not be read by two threads at once: a cache is
// one thread's.
class ScenarioCache {
 public:
  ScenarioCache();
  ~ScenarioCache();
  struct Impl;
  std::unique_ptr<Impl> impl;
};

// What `arbiter mutate` changes in how scenarios run: where a scenario's ruleset comes from
// (by default, load_ruleset of its folder; it may throw InputError), whether a file stops
// at its first failing scenario, and a cache of parsed files (default: parse each time).
struct ScenarioOptions {
  std::function<std::shared_ptr<const Ruleset>(const std::string& dir)> load_ruleset;
  bool stop_at_failure = false;
  ScenarioCache* cache = nullptr;
};

// Runs every scenario of a file (one, a YAML list of them, or several '---' documents),
// each in a game of its own, in file order. Never throws: a file that does not parse, names
// an unknown ruleset, seat, zone, component or key, is a failure naming the file and line.
// `scripts_dir` is where shared component lists are found (see load_ruleset).
std::vector<ScenarioResult> run_scenarios(const std::string& file,
                                          const std::vector<std::string>& search_path,
                                          const RulesFactory& make_rules, const std::string& scripts_dir = "",
                                          const ScenarioOptions& options = {});

// The same, as one result: a file of one scenario gives its result; a file of several
// fails when any of them fails (each failure in the detail, under its name), and passes
// when none fails and one passed.
ScenarioResult run_scenario(const std::string& file, const std::vector<std::string>& search_path,
                            const RulesFactory& make_rules, const std::string& scripts_dir = "");

}  // namespace arbiter
