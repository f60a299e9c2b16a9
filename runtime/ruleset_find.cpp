// Finding rulesets by id or folder on the search path, and the files a ruleset names inside
// its own folder (never outside it, not through a symbolic link either).
#include <algorithm>
#include <filesystem>
#include <set>

#include "runtime/diagnostics.hpp"
#include "runtime/limits.hpp"
#include "runtime/ruleset.hpp"

namespace fs = std::filesystem;

namespace arbiter {

namespace {

bool inside(const fs::path& folder, const fs::path& file) {
  auto [f, _] = std::mismatch(folder.begin(), folder.end(), file.begin(), file.end());
  return f == folder.end();
}

}  // namespace

FileInFolder file_in_folder(const std::string& base, const std::string& name) {
  FileInFolder out;
  fs::path rel(name);
  if (name.empty()) out.refused = "is empty";
  else if (name.find('\0') != std::string::npos) out.refused = "contains a NUL character";
  else if (rel.is_absolute() || rel.has_root_path())
    out.refused = "is an absolute path; name a file inside the ruleset's folder";
  for (const auto& part : rel)
    if (!out.refused.empty()) break;
    else if (part == "..") out.refused = "may not leave the ruleset's folder ('..')";
    else if (part.native().size() > kMaxFileNameLength)
      out.refused = "has a name longer than " + std::to_string(kMaxFileNameLength) + " characters";
  if (!out.refused.empty()) return out;
  std::error_code ec;
  fs::path full = fs::path(base) / rel;
  auto status = fs::status(full, ec);
  if (ec || !fs::exists(status)) return out;
  std::error_code base_ec;
  fs::path real_base = fs::canonical(base, base_ec), real = fs::canonical(full, ec);
  if (ec || base_ec || !inside(real_base, real))
    out.refused = "leads outside the ruleset's folder (through a symbolic link)";
  else if (!fs::is_regular_file(status)) out.refused = "is not a regular file";
  else out.found = true, out.path = full.string();
  return out;
}

std::vector<std::pair<std::string, std::string>> list_rulesets(const std::vector<std::string>& search_path) {
  std::vector<std::pair<std::string, std::string>> out;
  std::set<std::string> seen;
  for (const auto& base : search_path) {
    std::error_code ec;
    if (!fs::is_directory(base, ec)) continue;
    std::vector<fs::path> dirs;
    // A ruleset is a folder holding a game.yaml file; hidden folders (.git, an editor's
    // .backup of a ruleset) are not rulesets, even with one.
    for (const auto& entry : fs::directory_iterator(base, ec)) {
      if (!entry.is_directory(ec) || entry.path().filename().string().starts_with(".")) continue;
      if (fs::is_regular_file(entry.path() / "game.yaml", ec)) dirs.push_back(entry.path());
    }
    std::sort(dirs.begin(), dirs.end());
    for (const auto& d : dirs)
      if (seen.insert(d.filename().string()).second) out.emplace_back(d.filename().string(), d.string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::string find_ruleset_dir(const std::string& name, const std::vector<std::string>& search_path) {
  return locate_ruleset(name, search_path).dir;
}

RulesetPlace locate_ruleset(const std::string& name, const std::vector<std::string>& search_path) {
  std::error_code ec;
  if (name.find('/') != std::string::npos || name == "." || name == "..") {
    if (fs::exists(fs::path(name) / "game.yaml", ec))
      return {fs::path(name).lexically_normal().string(), false};
    if (!fs::exists(name, ec))
      throw InputError(quote(name) + " does not exist (a ruleset is a folder holding game.yaml)");
    if (!fs::is_directory(name, ec))
      throw InputError(quote(name) + " is not a folder (a ruleset is a folder holding game.yaml)");
    throw InputError("no game.yaml in folder " + quote(name));
  }
  std::vector<std::string> ids;
  for (const auto& [id, dir] : list_rulesets(search_path)) {
    if (id == name) return {dir, true};
    ids.push_back(id);
  }
  if (fs::exists(fs::path(name) / "game.yaml", ec)) return {name, false};
  throw InputError("unknown ruleset " + quote(name) + did_you_mean(name, ids) +
                   (ids.empty() ? "; no rulesets found" : "; known: " + join_choices(ids, ", ")));
}

}  // namespace arbiter
