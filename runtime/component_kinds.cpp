// game.yaml's components: kinds listed in place or included from a file of their own.
#include <filesystem>
#include <set>

#include "runtime/diagnostics.hpp"
#include "runtime/limits.hpp"
#include "runtime/ruleset_parts.hpp"

namespace fs = std::filesystem;

namespace arbiter::ruleset_parts {

std::string printable(std::string name) {
  for (auto& c : name)
    if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
  return name;
}

namespace {

// Any other key of a kind is a property, so a misspelt key would be one: a key one letter
// from a kind's own key (`cout: 2`, `nmae: ace`) is taken for a slip, not a property.
std::string near_key(const std::string& key) {
  for (const char* own : {"name", "count", "zone", "props"})
    if (key != own && edit_distance(key, own) <= 1) return own;
  return "";
}

void read_kinds(YamlChecker& y, const YAML::Node& n, Ruleset& r, const std::string& start) {
  if (!y.is_list(n, "components.kinds")) return;
  for (const auto& k : n) {
    if (!y.is_map(k, "a component kind")) continue;
    ComponentKind kind;
    kind.zone = start;
    if (!k["name"]) y.error(k, "a component kind needs a name");
    for (const auto& kv : k) {
      std::string key = kv.first.Scalar();
      if (key == "name") kind.name = y.text(kv.second, "name");
      else if (key == "zone") kind.zone = y.text(kv.second, "zone");
      else if (key == "count") {
        Value c = scalar_value(kv.second);
        if (c.is_int() && c.as_int() < 0) y.error(kv.second, "count cannot be negative");
        else if (c.is_int() && c.as_int() > kMaxComponents)
          y.error(kv.second, "count should lie in 0.." + std::to_string(kMaxComponents) +
                                 " (a game holds at most " + std::to_string(kMaxComponents) +
                                 " components), not " + kv.second.Scalar());
        else if (c.is_int()) kind.count = static_cast<int>(c.as_int());
        else if (c.is_string()) kind.count_param = c.as_string();
        else y.error(kv.second, "count should be a whole number or a parameter's name");
      } else if (key == "props") {
        if (y.is_map(kv.second, "props"))
          for (const auto& p : kv.second) {
            std::string prop = y.text(p.first, "a property's name");
            kind.props[prop] = y.value(p.second, "property " + quote(prop));
          }
      } else if (std::string near = near_key(key); !near.empty()) {
        y.error(kv.first, "unknown key '" + key + "' in a component kind (did you mean '" + near +
                              "'?); a property of that name goes under props: {" + key + ": ...}");
      } else {
        kind.props[key] = y.value(kv.second, "property " + quote(key));
      }
    }
    r.kinds.push_back(std::move(kind));
    if (r.kinds.size() > static_cast<std::size_t>(kMaxComponents)) {
      y.error(k, "more than " + std::to_string(kMaxComponents) + " component kinds (a game holds at most " +
                     std::to_string(kMaxComponents) + " components)");
      return;
    }
  }
}

// `include: NAME` reads a list of kinds from NAME.yaml in the ruleset's folder, else
// from the shared scripts/components/ (standard-52, say).
void include_kinds(YamlChecker& y, const YAML::Node& name_node, Ruleset& r, const std::string& start,
                   const std::string& scripts_dir) {
  std::string name = y.text(name_node, "components.include");
  if (!name_node.IsScalar()) return;
  fs::path folders[] = {fs::path(r.dir), fs::path(scripts_dir) / "components"};
  for (const auto& folder : folders) {
    FileInFolder file = file_in_folder(folder.string(), name + ".yaml");
    if (!file.refused.empty()) {
      y.error(name_node, "components.include " + quote(printable(name)) + " " + file.refused);
      return;
    }
    if (!file.found) continue;
    YamlChecker inc(file.path);
    YAML::Node list = inc.load();
    if (inc.ok()) read_kinds(inc, list, r, start);
    y.absorb(inc);
    return;
  }
  y.error(name_node, "no component list " + quote(name) + ": looked for " +
                         (folders[0] / (name + ".yaml")).string() + " and " +
                         (folders[1] / (name + ".yaml")).string());
}

}  // namespace

void read_components(YamlChecker& y, const YAML::Node& n, Ruleset& r, const std::string& scripts_dir) {
  if (!y.keys(n, {"start", "include", "kinds", "noun"}, "components")) return;
  if (n["noun"]) r.noun = y.text(n["noun"], "components.noun");
  std::string start = n["start"] ? y.text(n["start"], "components.start") : "";
  if (n["include"]) {
    if (n["include"].IsSequence())
      for (const auto& i : n["include"]) include_kinds(y, i, r, start, scripts_dir);
    else include_kinds(y, n["include"], r, start, scripts_dir);
  }
  if (n["kinds"]) read_kinds(y, n["kinds"], r, start);
  std::set<std::string> names;
  for (const auto& k : r.kinds)
    if (!names.insert(k.name).second) y.error(n["kinds"], "component " + quote(k.name) + " is listed twice");
}

}  // namespace arbiter::ruleset_parts
