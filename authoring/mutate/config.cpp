// Reading a ruleset's mutate.yaml (mutate_config.hpp), every problem located.
#include "authoring/mutate/config.hpp"

#include <filesystem>

#include "authoring/mutate/mutants.hpp"
#include "runtime/yaml_check.hpp"

namespace fs = std::filesystem;

namespace arbiter {

namespace {

// A reason is what makes an entry honest: a blank one is refused.
std::string reason(YamlChecker& y, const YAML::Node& entry, const std::string& what) {
  if (!entry["reason"]) {
    y.error(entry, what + " needs a reason: why no scenario could tell it from the rules");
    return "";
  }
  std::string text = y.text(entry["reason"], "reason");
  if (text.find_first_not_of(" \t") == std::string::npos) y.error(entry["reason"], "the reason is empty");
  return text;
}

std::string file(YamlChecker& y, const YAML::Node& entry, const std::string& what) {
  if (!entry["file"]) {
    y.error(entry, what + " needs a file: the name the report gives it (rules.lua, game.yaml)");
    return "";
  }
  return y.text(entry["file"], "file");
}

void read_words(YamlChecker& y, const YAML::Node& list, MutateConfig& c) {
  if (!y.is_list(list, "words")) return;
  for (const auto& entry : list) {
    if (!y.keys(entry, {"file", "function", "reason"}, "a words entry")) continue;
    WordsEntry w;
    w.at = entry.Mark().line + 1;
    w.file = file(y, entry, "a words entry");
    if (entry["function"]) w.function = y.text(entry["function"], "function");
    w.reason = reason(y, entry, "a words entry");
    if (w.file == "game.yaml") y.error(entry["file"], "words are Lua: game.yaml's numbers are never words");
    c.words.push_back(w);
  }
}

// Where the survivor is: function and near (game.yaml: neither), or the old form's line.
void read_key(YamlChecker& y, const YAML::Node& entry, AcceptedEntry& a) {
  bool lua = a.file != "game.yaml";
  if (entry["line"]) {
    a.line = static_cast<int>(y.integer(entry["line"], "line", 1, 1 << 30, 0));
    a.line_at = entry["line"].Mark().line + 1;
    a.line_column = entry["line"].Mark().column;
    if (entry["near"] || entry["function"])
      y.error(entry,
              "an accepted survivor is keyed by near and function, or (the old form) by line, not both");
    return;
  }
  if (entry["function"]) a.function = y.text(entry["function"], "function");
  if (entry["near"]) a.near = one_spaced(y.text(entry["near"], "near"));
  if (!lua && (entry["near"] || entry["function"]))
    y.error(entry, "a game.yaml survivor is keyed by its file and change alone (the change names the key): "
                   "no near or function");
  if (lua && a.near.empty())
    y.error(entry, "an accepted survivor of a Lua file needs near: the code around the change, as "
                   "`arbiter mutate RULESET --list-survivors` prints it");
}

void read_accepted(YamlChecker& y, const YAML::Node& list, MutateConfig& c) {
  if (!y.is_list(list, "accepted")) return;
  for (const auto& entry : list) {
    if (!y.keys(entry, {"file", "function", "near", "line", "change", "reason"}, "an accepted survivor"))
      continue;
    AcceptedEntry a;
    a.at = entry.Mark().line + 1;
    a.file = file(y, entry, "an accepted survivor");
    read_key(y, entry, a);
    if (entry["change"]) a.change = y.text(entry["change"], "change");
    else
      y.error(entry, "an accepted survivor needs the change as the report shows it: change: \"'<' -> '<='\"");
    a.reason = reason(y, entry, "an accepted survivor");
    c.accepted.push_back(a);
  }
}

}  // namespace

MutateConfig read_mutate_config(const std::string& dir) {
  MutateConfig c;
  std::string path = (fs::path(dir) / "mutate.yaml").string();
  std::error_code ec;
  if (!fs::exists(path, ec)) return c;
  c.path = path;
  YamlChecker y(path);
  YAML::Node root = y.load();
  y.throw_if_errors();
  if (root.IsNull()) return c;
  if (y.keys(root, {"min_score", "words", "accepted"}, "mutate.yaml")) {
    if (root["min_score"])
      c.min_score = static_cast<double>(y.integer(root["min_score"], "min_score (a percent)", 0, 100, 0));
    if (root["words"]) read_words(y, root["words"], c);
    if (root["accepted"]) read_accepted(y, root["accepted"], c);
  }
  y.throw_if_errors();
  return c;
}

}  // namespace arbiter
