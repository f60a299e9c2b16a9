// Fingerprints of a ruleset as played (parameters, components, the rules files), and the
// list of what differs between two of them.
#pragma once
#include <fmt/format.h>

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "runtime/table.hpp"

namespace arbiter {

// Fingerprints (FNV-1a, 16 hex digits) of what a report's games were played with, so that
// --compare can list what differs and --merge can refuse reports of different games.
struct RulesetPrints {
  std::string params;                                   // every parameter's value in force
  std::string components;                               // every kind: name, count in play, zone, properties
  std::map<std::string, std::pair<int, std::string>> kinds;  // by name: count in play, fingerprint
  std::map<std::string, std::string> files;             // rules files by path (scripts/...: shared ones)
  bool empty() const { return params.empty() && components.empty() && files.empty(); }
};

// FNV-1a of `text`, as 16 hex digits: it tells an edit, not a forgery.
std::string fingerprint(const std::string& text);

// The parameters in force, every component kind (count in play, zone, properties), and
// every rules file: the .lua and .yaml files of the ruleset's folder (not scenarios/ or
// hidden ones) and of the shared `scripts_dir` (as scripts/NAME; not api/, which only
// editors read). A file that cannot be read is fingerprinted as "unreadable".
RulesetPrints fingerprint_table(const Table& table, const std::string& scripts_dir);

// Lines for what differs between two rulesets' prints, as ruleset_differences words them
// (analysis/sim/sim.hpp): each component kind ("component Coin: count 8 → 9"), the order of
// the kinds, each rules file ("file rules.lua: changed (1a2b… → 3c4d…)", "only in A").
std::vector<std::string> print_differences(const RulesetPrints& a, const RulesetPrints& b);

// Lines for the keys of two maps that differ: changed, only in A, only in B.
template <class Map, class Describe>
void key_differences(const Map& a, const Map& b, const std::string& what, Describe describe,
                     std::vector<std::string>& out) {
  for (const auto& [key, va] : a) {
    auto found = b.find(key);
    if (found == b.end()) out.push_back(fmt::format("{} {}: only in A", what, key));
    else if (found->second != va)
      out.push_back(fmt::format("{} {}: {}", what, key, describe(va, found->second)));
  }
  for (const auto& [key, vb] : b)
    if (!a.count(key)) out.push_back(fmt::format("{} {}: only in B", what, key));
}

}  // namespace arbiter
