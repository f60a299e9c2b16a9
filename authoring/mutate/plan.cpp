// Planning a mutation run (mutate_plan.hpp): finding the files, making every candidate,
// matching mutate.yaml against them, and choosing the sample.
#include "authoring/mutate/plan.hpp"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "runtime/diagnostics.hpp"
#include "runtime/rng.hpp"

namespace fs = std::filesystem;

namespace arbiter {

namespace {

constexpr std::uintmax_t kLuaFileMax = 4u << 20;  // as the sandbox: a bigger file does not load

std::string read_file(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path.string() + ": cannot be read");
  std::stringstream buffer;
  buffer << in.rdbuf();
  return buffer.str();
}

// The ruleset's Lua files by name relative to its folder, sorted. bots.lua holds the bots,
// which play but do not rule; scenarios/ and hidden folders hold no rules.
std::vector<std::string> lua_files(const std::string& dir) {
  std::vector<std::string> out;
  std::error_code ec;
  fs::recursive_directory_iterator it(dir, ec), end;
  for (; !ec && it != end; it.increment(ec)) {
    const fs::path& p = it->path();
    std::string name = p.filename().string();
    if (it->is_directory(ec)) {
      if (name.rfind('.', 0) == 0 || (it.depth() == 0 && name == "scenarios")) it.disable_recursion_pending();
      continue;
    }
    std::string rel = p.lexically_relative(dir).generic_string();
    if (p.extension() != ".lua" || rel == "bots.lua") continue;
    FileInFolder f = file_in_folder(dir, rel);  // confined as require confines it
    if (f.found && fs::file_size(p, ec) <= kLuaFileMax) out.push_back(rel);
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<std::string> scenario_files(const Ruleset& r) {
  fs::path folder = fs::path(r.dir) / "scenarios";
  std::error_code ec;
  if (!fs::is_directory(folder, ec))
    throw InputError(
        r.id + ": has no scenarios/ folder; mutate runs the ruleset's own scenarios against each mutant");
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(folder, ec))
    if (e.is_regular_file() && (e.path().extension() == ".yaml" || e.path().extension() == ".yml"))
      out.push_back(e.path().string());
  std::sort(out.begin(), out.end());
  if (out.empty())
    throw InputError(r.id + ": scenarios/ holds no scenario files; every mutant would survive");
  return out;
}

std::string where(const MutateConfig& c, int line) { return c.path + ":" + std::to_string(line) + ": "; }

// Makes the candidates of every Lua file, minus words; warns of words entries that match nothing.
void lua_candidates(MutationPlan& p, const std::vector<std::string>& lua) {
  for (const auto& w : p.config.words)
    if (std::find(lua.begin(), lua.end(), w.file) == lua.end())
      p.stale.push_back(where(p.config, w.at) + "words: " + p.ruleset->id + " has no Lua file " +
                        quote(w.file) + " to mutate");
  for (const auto& file : lua) {
    LuaWords words;
    bool whole = false;
    for (const auto& w : p.config.words) {
      if (w.file != file) {
        if (!w.function.empty()) words.calls.push_back(w.function);
        continue;
      }
      if (w.function.empty()) whole = true;
      else words.functions.push_back(w.function);
    }
    if (whole) continue;
    p.files.push_back(file);
    p.texts[file] = read_file(fs::path(p.ruleset->dir) / file);
    std::vector<std::string> found;
    std::vector<Mutant> made = lua_mutants(file, p.texts[file], words, &found);
    p.candidates.insert(p.candidates.end(), made.begin(), made.end());
    for (const auto& w : p.config.words)
      if (w.file == file && !w.function.empty() &&
          std::find(found.begin(), found.end(), w.function) == found.end())
        p.stale.push_back(where(p.config, w.at) + "words: " + file + " defines no function " +
                          quote(w.function));
  }
}

std::string stale_message(const MutateConfig& c, const AcceptedEntry& a) {
  if (a.line > 0)
    return where(c, a.at) + "stale: no mutant " + a.file + ":" + std::to_string(a.line) + ": " + a.change +
           " (this entry is keyed by line, which moves when lines above it change: key it by the code as "
           "`arbiter mutate RULESET --rekey` does for entries that still match, or remove it)";
  std::string in = a.function.empty() ? "" : " in " + a.function + "()";
  std::string near = a.near.empty() ? "" : " near " + quote(a.near);
  return where(c, a.at) + "stale: no mutant of " + a.file + in + near + ": " + a.change +
         " (the code changed? remove the entry, or key it anew as `arbiter mutate RULESET --list-survivors` prints it)";
}

void match_accepted(MutationPlan& p) {
  p.accepted.assign(p.candidates.size(), "");
  p.accepted_by.assign(p.candidates.size(), -1);
  for (std::size_t e = 0; e < p.config.accepted.size(); ++e) {
    const AcceptedEntry& a = p.config.accepted[e];
    bool matched = false;
    for (std::size_t i = 0; i < p.candidates.size(); ++i)
      if (accepts(a, p.candidates[i]))
        p.accepted[i] = a.reason, p.accepted_by[i] = static_cast<int>(e), matched = true;
    if (!matched) p.stale.push_back(stale_message(p.config, a));
  }
}

std::vector<std::size_t> choose(std::size_t total, std::size_t max, std::uint64_t seed) {
  std::vector<std::size_t> all(total);
  for (std::size_t i = 0; i < total; ++i) all[i] = i;
  if (max == 0 || max >= total) return all;
  Rng rng(seed);
  for (std::size_t i = 0; i < max; ++i)
    std::swap(all[i], all[i + rng.below(total - i)]);  // Fisher-Yates, first max
  all.resize(max);
  std::sort(all.begin(), all.end());
  return all;
}

}  // namespace

bool accepts(const AcceptedEntry& a, const Mutant& m) {
  if (a.file != m.file || a.change != m.change) return false;
  if (m.file == "game.yaml") return true;  // the change names the key's path: no line needed
  if (a.line > 0) return a.line == m.line;
  return a.function == m.function && a.near == m.near;
}

MutationPlan plan_mutants(std::shared_ptr<const Ruleset> ruleset, std::size_t max, std::uint64_t seed) {
  MutationPlan p;
  p.ruleset = std::move(ruleset);
  p.scenario_files = scenario_files(*p.ruleset);
  p.config = read_mutate_config(p.ruleset->dir);
  lua_candidates(p, lua_files(p.ruleset->dir));
  p.files.push_back("game.yaml");
  p.texts["game.yaml"] = read_file(p.ruleset->yaml_path);
  std::vector<Mutant> yaml = yaml_mutants(p.ruleset->yaml_path, p.texts["game.yaml"]);
  for (auto& m : yaml) m.file = "game.yaml";
  p.candidates.insert(p.candidates.end(), yaml.begin(), yaml.end());
  match_accepted(p);
  p.chosen = choose(p.candidates.size(), max, seed);
  return p;
}

}  // namespace arbiter
