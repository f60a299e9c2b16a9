// Where rulesets and scripts are found, and loading a ruleset with its Lua.
#include "lua/home.hpp"

#include <cstdlib>
#include <filesystem>
#include <sstream>

namespace fs = std::filesystem;

namespace arbiter {

// Where the shipped rulesets, scripts and templates are: ARBITER_HOME when set; else, for a
// binary installed as PREFIX/bin/arbiter (`make install`), PREFIX/share/arbiter, found
// from the binary's own place so that an installed tree can be moved; else the source tree
// the binary was built from.
static std::string home() {
  if (const char* h = std::getenv("ARBITER_HOME")) return h;
  static const std::string found = [] {
    std::error_code ec;
    fs::path exe = fs::read_symlink("/proc/self/exe", ec);
    fs::path installed = exe.parent_path().parent_path() / "share" / "arbiter";
    if (!ec && exe.parent_path().filename() == "bin" && fs::is_directory(installed / "scripts", ec))
      return installed.string();
    return std::string(ARBITER_SOURCE_DIR);
  }();
  return found;
}

std::vector<std::string> search_path() {
  std::vector<std::string> out;
  if (const char* p = std::getenv("ARBITER_PATH")) {
    std::stringstream ss(p);
    std::string item;
    while (std::getline(ss, item, ':'))
      if (!item.empty()) out.push_back(item);
  }
  out.push_back("rulesets");
  out.push_back((fs::path(home()) / "rulesets").string());
  return out;
}

std::string scripts_dir() { return (fs::path(home()) / "scripts").string(); }

RulesFactory rules_factory() {
  return [](std::shared_ptr<const Ruleset> r) -> std::unique_ptr<Rules> {
    return std::make_unique<LuaRules>(r, scripts_dir());
  };
}

LoadedGame load_game(const std::string& name) {
  RulesetPlace place = locate_ruleset(name, search_path());
  return load_game_folder(place.dir, place.by_id);
}

LoadedGame load_game_folder(const std::string& dir, bool by_id) {
  LoadedGame l;
  l.ruleset = load_ruleset(dir, scripts_dir());
  if (!by_id) {  // load_ruleset knows the folder only; how it was named is the caller's
    auto named = std::make_shared<Ruleset>(*l.ruleset);
    std::error_code ec;
    fs::path absolute = fs::absolute(dir, ec);
    named->folder = (ec ? fs::path(dir) : absolute).lexically_normal().string();
    if (named->folder.size() > 1 && named->folder.back() == '/') named->folder.pop_back();
    l.ruleset = std::move(named);
  }
  l.rules = std::make_unique<LuaRules>(l.ruleset, scripts_dir());
  return l;
}

}  // namespace arbiter
