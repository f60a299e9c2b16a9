// What `arbiter mutate` will run: every candidate mutant of a ruleset in a fixed order, the
// ones chosen by --max and --seed, and which of them mutate.yaml accepts.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "authoring/mutate/mutants.hpp"
#include "authoring/mutate/config.hpp"
#include "runtime/ruleset.hpp"

namespace arbiter {

struct MutationPlan {
  std::shared_ptr<const Ruleset> ruleset;          // as read from its folder, once
  MutateConfig config;
  std::vector<std::string> files;                  // the files mutated: its Lua files by name, then game.yaml
  std::map<std::string, std::string, std::less<>> texts;  // each one's text as it is
  std::vector<Mutant> candidates;                  // every mutant: files in order, each in source order
  std::vector<std::string> accepted;               // per candidate: why mutate.yaml accepts it, or ""
  std::vector<int> accepted_by;                    // per candidate: the config.accepted entry, or -1
  std::vector<std::size_t> chosen;                 // the candidates to run, in candidate order
  // mutate.yaml entries that match no candidate, each "mutate.yaml:LINE: ..." naming the
  // entry: errors, found over every candidate whatever --max chose.
  std::vector<std::string> stale;
  std::vector<std::string> scenario_files;         // the ruleset's scenarios/*.yaml, sorted
};

// Plans the mutants of `ruleset`: its Lua files (every *.lua of its folder and subfolders but
// bots.lua, hidden folders and scenarios/; minus whole files mutate.yaml declares words)
// and game.yaml. `max` 0 runs every candidate; otherwise `max` of them, picked by a shuffle
// seeded with `seed`. Throws InputError when the ruleset has no scenarios or mutate.yaml is
// malformed.
// Whether the accepted entry `a` names the mutant `m`: the same file and change, and the
// same function and near (the old form: the same line); for game.yaml, file and change alone.
bool accepts(const AcceptedEntry& a, const Mutant& m);

MutationPlan plan_mutants(std::shared_ptr<const Ruleset> ruleset, std::size_t max, std::uint64_t seed);

}  // namespace arbiter
