// `arbiter mutate`'s report (mutate_report.hpp).
#include "cli/commands/mutate_report.hpp"

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "cli/app.hpp"
#include "present/output.hpp"
#include "present/json_text.hpp"
#include "authoring/mutate/rekey.hpp"

namespace arbiter::cli {

namespace {

std::string place(const Mutant& m) { return m.file + ":" + std::to_string(m.line) + ": " + m.change; }

std::string files_line(const MutationPlan& plan) {
  std::size_t lua = plan.files.size() - 1;  // game.yaml is always last
  return fmt::format("{} Lua file{} and game.yaml", lua, lua == 1 ? "" : "s");
}

nlohmann::json mutant_json(const Mutant& m) {
  return {{"file", m.file}, {"line", m.line},           {"column", m.column}, {"function", m.function},
          {"near", m.near}, {"kind", to_text(m.kind)}, {"change", m.change}};
}

}  // namespace

MutateSummary summarize_mutants(const MutationPlan& plan, const MutateResult& result) {
  MutateSummary s;
  if (result.fresh_rules)
    s.warnings.push_back(
        "the scenarios pass with the rules loaded for each, but not when they share one load (" +
        result.shared_failure +
        "): the rules keep something from one game to the next, which a "
        "sim thread would carry from game to game too; each scenario loaded the rules anew (slower)");
  s.mutants = plan.chosen.size();
  for (std::size_t k = 0; k < plan.chosen.size(); ++k) {
    const MutantOutcome& r = result.outcomes[k];
    const std::string& reason = plan.accepted[plan.chosen[k]];
    if (killed(r.verdict)) {
      ++s.killed;
      s.no_load += r.verdict == MutantVerdict::NoLoad;
      s.crashed += r.verdict == MutantVerdict::Crashed;
      s.timed_out += r.verdict == MutantVerdict::TimedOut;
      if (int e = plan.accepted_by[plan.chosen[k]]; e >= 0)
        s.warnings.push_back(plan.config.path + ":" + std::to_string(plan.config.accepted[e].at) +
                             ": accepted, but killed now (" + r.by + "): remove the entry");
    } else if (!reason.empty()) {
      ++s.accepted;
      s.accepted_survivors.push_back(k);
    } else {
      ++s.survived;
      s.survivors.push_back(k);
    }
  }
  std::size_t counted = s.mutants - s.accepted;
  s.has_score = counted > 0;
  s.score = s.has_score ? 100.0 * static_cast<double>(s.killed) / static_cast<double>(counted) : 0;
  return s;
}

std::string mutate_list(const MutationPlan& plan) {
  std::string out;
  for (std::size_t i : plan.chosen) {
    out += place(plan.candidates[i]);
    if (!plan.accepted[i].empty()) out += "  [accepted: " + plan.accepted[i] + "]";
    out += "\n";
  }
  return out;
}

std::string mutate_survivor_entries(const MutationPlan& plan, const MutateSummary& s) {
  std::string out = fmt::format(
      "# {}: {} survivor{} not accepted, as entries of mutate.yaml's accepted: list; write\n"
      "# each reason, or a scenario that fails on it\n",
      plan.ruleset->id, s.survivors.size(), s.survivors.size() == 1 ? "" : "s");
  for (std::size_t k : s.survivors) out += accepted_entry_yaml(plan.candidates[plan.chosen[k]], "");
  return out;
}

std::string mutate_text(const MutationPlan& plan, const MutateResult& result, const MutateSummary& s,
                        const MutateRunInfo& run, bool color) {
  std::string out = fmt::format("{}: {} of {} mutants ({}), in {}\n", plan.ruleset->id, s.mutants,
                                plan.candidates.size(),
                                run.max ? fmt::format("--max {} --seed {}", run.max, run.seed) : "all",
                                files_line(plan));
  out += fmt::format("  killed    {}", s.killed);
  if (s.killed)
    out += fmt::format(" ({} did not load, {} ended the process, {} ran past the time limit)", s.no_load,
                       s.crashed, s.timed_out);
  out += fmt::format("\n  survived  {}\n  accepted  {}\n", s.survived, s.accepted);
  std::string score = s.has_score ? fmt::format("{:.1f}%", s.score) : "none (no mutant counts)";
  out += "  score     " + style(score, s.survived ? "33" : "32", color) +
         fmt::format(" (killed / (mutants - accepted) = {} / {})\n", s.killed, s.mutants - s.accepted);
  out += fmt::format("  time      {:.1f} s on {} thread{} (the scenarios alone: {:.2f} s)\n", run.seconds,
                     result.threads, result.threads == 1 ? "" : "s", result.baseline_seconds);
  if (!s.survivors.empty()) {
    out += "\nsurvivors (no scenario fails on these changes):\n";
    for (std::size_t k : s.survivors) out += "  " + place(plan.candidates[plan.chosen[k]]) + "\n";
  }
  if (!s.accepted_survivors.empty()) {
    out += "\naccepted (" + plan.config.path + "):\n";
    for (std::size_t k : s.accepted_survivors)
      out += "  " + place(plan.candidates[plan.chosen[k]]) + "  -- " + plan.accepted[plan.chosen[k]] + "\n";
  }
  if (!s.warnings.empty()) {
    out += "\n";
    for (const auto& w : s.warnings) out += style("warning: ", "33", color) + w + "\n";
  }
  return out;
}

std::string mutate_json(const MutationPlan& plan, const MutateResult& result, const MutateSummary& s,
                        const MutateRunInfo& run) {
  nlohmann::json j;
  j["ruleset"] = plan.ruleset->id;
  j["files"] = plan.files;
  j["candidates"] = plan.candidates.size();
  j["max"] = run.max ? nlohmann::json(run.max) : nlohmann::json();
  j["seed"] = run.seed;
  j["mutants"] = s.mutants;
  j["killed"] = s.killed;
  j["did_not_load"] = s.no_load;
  j["ended_the_process"] = s.crashed;
  j["timed_out"] = s.timed_out;
  j["survived"] = s.survived;
  j["accepted"] = s.accepted;
  j["score"] = s.has_score ? nlohmann::json(s.score) : nlohmann::json();
  j["seconds"] = run.seconds;
  j["threads"] = result.threads;
  j["baseline_seconds"] = result.baseline_seconds;
  j["survivors"] = nlohmann::json::array();
  for (std::size_t k : s.survivors) j["survivors"].push_back(mutant_json(plan.candidates[plan.chosen[k]]));
  j["accepted_survivors"] = nlohmann::json::array();
  for (std::size_t k : s.accepted_survivors) {
    nlohmann::json a = mutant_json(plan.candidates[plan.chosen[k]]);
    a["reason"] = plan.accepted[plan.chosen[k]];
    j["accepted_survivors"].push_back(a);
  }
  j["results"] = nlohmann::json::array();
  for (std::size_t k = 0; k < plan.chosen.size(); ++k) {
    nlohmann::json r = mutant_json(plan.candidates[plan.chosen[k]]);
    r["verdict"] = to_text(result.outcomes[k].verdict);
    r["seconds"] = result.outcomes[k].seconds;
    if (!result.outcomes[k].by.empty()) r["by"] = result.outcomes[k].by;
    j["results"].push_back(r);
  }
  j["warnings"] = s.warnings;
  j["stale"] = plan.stale;
  return json_text(j, 2) + "\n";
}

}  // namespace arbiter::cli
