// Fingerprints of what a simulation's games were played with (parameters, components, the
// rules files), and the list of what differs between two reports' rulesets.
#pragma once
#include <string>
#include <vector>

#include "interpreter/sim.hpp"

namespace arbiter {

// FNV-1a of `text`, as 16 hex digits: it tells an edit, not a forgery.
std::string fingerprint(const std::string& text);

// The parameters in force, every component kind (count in play, zone, properties), and
// every rules file: the .lua and .yaml files of the ruleset's folder (not scenarios/ or
// hidden ones) and of the shared `scripts_dir` (as scripts/NAME; not api/, which only
// editors read). A file that cannot be read is fingerprinted as "unreadable".
RulesetPrints fingerprint_table(const Table& table, const std::string& scripts_dir);

// What differs between the games of two reports, one line each: the ruleset's id, the
// arbiter version, the variant, each parameter, each component kind, each rules file
// ("rules.lua: changed (1a2b… → 3c4d…)", "bots.lua: only in A"). Empty when nothing does.
std::vector<std::string> ruleset_differences(const SimReport& a, const SimReport& b);

}  // namespace arbiter
