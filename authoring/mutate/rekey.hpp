// mutate.yaml's accepted entries written as they are keyed now (by function and near, not by
// line): a survivor as a ready-to-paste entry, and a whole mutate.yaml with its line-keyed
// entries re-keyed (`arbiter mutate RULESET --rekey`).
#pragma once
#include <string>
#include <vector>

#include "authoring/mutate/plan.hpp"

namespace arbiter {

// `m` as one entry of mutate.yaml's `accepted:` list, two spaces in, ending in a line end;
// `reason` "" is written `reason: ""` for the author to fill in (an empty reason is refused).
std::string accepted_entry_yaml(const Mutant& m, const std::string& reason);

struct Rekeyed {
  std::string text;                  // the new mutate.yaml
  std::vector<std::string> changed;  // "mutate.yaml:LINE: ..." for each entry re-keyed
  std::vector<std::string>
      dropped;  // "mutate.yaml:LINE: ..." for each line-keyed entry left out: it matched nothing
};

// plan.config's file with each line-keyed accepted entry that matches a candidate keyed by
// its function and near instead (game.yaml's: its line dropped), and each one that matches
// nothing left out; all else (comments, order, other entries) as it was. An entry written
// on one line (`{file: ..., line: 4, ...}`) stays on one line.
Rekeyed rekey_mutate_config(const MutationPlan& plan);

}  // namespace arbiter
