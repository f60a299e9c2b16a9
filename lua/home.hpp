// Where rulesets and scripts are found (ARBITER_PATH, ./rulesets, the shipped ones), and a
// ruleset loaded with its Lua: what every door starts a game from.
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "lua/lua_rules.hpp"
#include "runtime/rules_factory.hpp"

namespace arbiter {

// Folders holding one folder per ruleset: ARBITER_PATH (colon-separated), then ./rulesets,
// then the shipped rulesets.
std::vector<std::string> search_path();
std::string scripts_dir();
RulesFactory rules_factory();

// A ruleset loaded with its Lua, ready to make games.
struct LoadedGame {
  std::shared_ptr<const Ruleset> ruleset;
  std::unique_ptr<LuaRules> rules;
};
LoadedGame load_game(const std::string& name);  // by id or folder (locate_ruleset); throws InputError
// The ruleset in `dir`, with no lookup: `by_id` says whether it was named by id, else its
// folder is recorded (Ruleset::folder) so that saves and :reload keep to that folder.
LoadedGame load_game_folder(const std::string& dir, bool by_id);

}  // namespace arbiter
