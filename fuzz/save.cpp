// libFuzzer target: the input is a saved game (`:save FILE` in the REPL), read by read_save
// and, when it names a shipped ruleset, replayed by replay_save as `arbiter play --load`
// does. A located InputError is the expected answer to a bad or corrupt save; any other
// exception, a crash or a sanitizer report is a finding.
#include <map>

#include "lua/lua_rules.hpp"
#include "fuzz/scratch.hpp"
#include "runtime/diagnostics.hpp"
#include "play/save.hpp"

using namespace arbiter;

namespace {

struct Loaded {
  std::shared_ptr<const Ruleset> ruleset;
  std::unique_ptr<LuaRules> rules;
};

// Every shipped ruleset, loaded once: loading Lua per input would be most of the work.
std::map<std::string, Loaded> load_all() {
  std::map<std::string, Loaded> all;
  for (const auto& [id, dir] : list_rulesets({fuzz::kRulesets})) {
    Loaded l;
    l.ruleset = load_ruleset(dir, fuzz::kScripts);
    l.rules = std::make_unique<LuaRules>(l.ruleset, fuzz::kScripts);
    all.emplace(id, std::move(l));
  }
  return all;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  static std::map<std::string, Loaded> rulesets = load_all();
  static const std::string file = fuzz::scratch_dir() + "/game.arbsave";
  fuzz::write_file(file, data, size);
  try {
    SavedGame game = read_save(file);
    auto found = rulesets.find(game.ruleset);
    if (found == rulesets.end()) return 0;
    Engine engine(make_table(found->second.ruleset, game.options), *found->second.rules);
    replay_save(engine, game, file);
  } catch (const InputError&) {
  }
  return 0;
}
