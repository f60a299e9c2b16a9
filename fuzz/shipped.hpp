// What the fuzz targets that play a shipped ruleset share: every ruleset loaded once, one
// picked by a header word, and the table options a header's seed and player count give.
#pragma once
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "lua/lua_rules.hpp"
#include "fuzz/scratch.hpp"
#include "runtime/ruleset.hpp"
#include "runtime/table.hpp"

namespace arbiter::fuzz {

struct Loaded {
  std::shared_ptr<const Ruleset> ruleset;
  std::unique_ptr<LuaRules> rules;
};

// Every shipped ruleset, loaded once: loading Lua per input would be most of the work.
inline std::vector<Loaded> load_shipped() {
  std::vector<Loaded> all;
  for (const auto& [id, dir] : list_rulesets({kRulesets})) {
    Loaded l;
    l.ruleset = load_ruleset(dir, kScripts);
    l.rules = std::make_unique<LuaRules>(l.ruleset, kScripts);
    all.push_back(std::move(l));
  }
  return all;
}

// The ruleset a header's first word names, or, when it names none, one chosen by its bytes.
inline Loaded& pick_ruleset(std::vector<Loaded>& all, const std::string& id) {
  for (Loaded& l : all)
    if (l.ruleset->id == id) return l;
  std::size_t sum = 0;
  for (unsigned char c : id) sum = sum * 31 + c;
  return all[sum % all.size()];
}

// The seed a header's word gives, and as many seats as its count word gives within the
// ruleset's range (by remainder, so that every count is a game).
inline GameOptions header_options(const Ruleset& r, const std::string& seed, const std::string& count) {
  static const char* const kNames[] = {"Ann", "Ben", "Cat", "Dan", "Eve", "Fay"};
  GameOptions options;
  options.seed = std::strtoull(seed.c_str(), nullptr, 10);
  int players = r.min_players + static_cast<int>(std::strtoul(count.c_str(), nullptr, 10) %
                                                 (r.max_players - r.min_players + 1));
  for (int i = 0; i < players && i < 6; ++i) options.seats.push_back({kNames[i], -1});
  return options;
}

}  // namespace arbiter::fuzz
