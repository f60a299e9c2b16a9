// What `arbiter mutate` prints: the counts, the score and every survivor as file:line:
// change, as text for the author or as one JSON object for tools.
#pragma once
#include <string>
#include <vector>

#include "authoring/mutate/run.hpp"

namespace arbiter::cli {

struct MutateSummary {
  std::size_t mutants = 0, killed = 0, no_load = 0, crashed = 0, timed_out = 0;
  std::size_t survived = 0, accepted = 0;  // survivors mutate.yaml does not accept, and those it does
  bool has_score = false;                  // false when no mutant counts
  double score = 0;                        // percent: killed / (mutants - accepted)
  std::vector<std::size_t> survivors;      // positions in plan.chosen, in order
  std::vector<std::size_t> accepted_survivors;
  std::vector<std::string> warnings;       // accepted mutants now killed, rules kept from game to game
};

MutateSummary summarize_mutants(const MutationPlan& plan, const MutateResult& result);

struct MutateRunInfo {
  std::size_t max = 0;
  std::uint64_t seed = 1;
  double seconds = 0;
};

// The chosen mutants, one a line as the report names survivors, accepted ones marked.
std::string mutate_list(const MutationPlan& plan);

// Each survivor mutate.yaml does not accept, as an entry of its `accepted:` list with an
// empty reason for the author to write (or a scenario to kill it instead).
std::string mutate_survivor_entries(const MutationPlan& plan, const MutateSummary& s);

std::string mutate_text(const MutationPlan& plan, const MutateResult& result, const MutateSummary& s,
                        const MutateRunInfo& run, bool color);
std::string mutate_json(const MutationPlan& plan, const MutateResult& result, const MutateSummary& s,
                        const MutateRunInfo& run);

}  // namespace arbiter::cli
