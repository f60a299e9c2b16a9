// Reading and checking game.yaml (its components: component_kinds.cpp; finding rulesets by
// id or folder: ruleset_find.cpp).
#include "runtime/ruleset.hpp"

#include <algorithm>
#include <filesystem>
#include <limits>
#include <set>

#include "runtime/diagnostics.hpp"
#include "runtime/limits.hpp"
#include "runtime/payoffs.hpp"
#include "runtime/ruleset_parts.hpp"
#include "runtime/yaml_check.hpp"

namespace fs = std::filesystem;

namespace arbiter {

const char* to_text(Visibility v) {
  switch (v) {
    case Visibility::Public: return "public";
    case Visibility::Owner: return "owner";
    case Visibility::Hidden: return "hidden";
    case Visibility::Others: return "others";
  }
  return "?";
}

const ParamDef* Ruleset::param(const std::string& name) const {
  for (const auto& p : params)
    if (p.name == name) return &p;
  return nullptr;
}

const ZoneDef* Ruleset::zone(std::string_view name) const {
  for (const auto& z : zones)
    if (z.name == name) return &z;
  return nullptr;
}

int ChanceDef::outcome_index(const std::string& outcome) const {
  for (std::size_t i = 0; i < outcomes.size(); ++i)
    if (outcomes[i].first == outcome) return static_cast<int>(i);
  return -1;
}

int Ruleset::chance_index(const std::string& name) const {
  for (std::size_t i = 0; i < chances.size(); ++i)
    if (chances[i].name == name) return static_cast<int>(i);
  return -1;
}

int Ruleset::var_index(std::string_view name) const {
  for (std::size_t i = 0; i < vars.size(); ++i)
    if (vars[i].name == name) return static_cast<int>(i);
  return -1;
}

std::vector<std::string> Ruleset::param_names() const {
  std::vector<std::string> out;
  for (const auto& p : params) out.push_back(p.name);
  return out;
}

std::vector<std::string> Ruleset::zone_names() const {
  std::vector<std::string> out;
  for (const auto& z : zones) out.push_back(z.name);
  return out;
}

std::vector<std::string> Ruleset::var_names() const {
  std::vector<std::string> out;
  for (const auto& v : vars) out.push_back(v.name);
  return out;
}

namespace {

using ruleset_parts::printable;
using ruleset_parts::read_components;

const std::vector<std::string> kTopKeys = {
    "id",   "name",  "summary", "players", "rules", "params", "variants",    "components",   "zones",
    "vars", "turns", "chance",  "board",   "bots",  "search", "how_to_play", "final_scores", "payoffs",
    "cooperative"};

void read_players(YamlChecker& y, const YAML::Node& n, Ruleset& r) {
  if (!y.keys(n, {"min", "max", "default", "humans"}, "players")) return;
  auto count = [&](const char* key, int low, int fallback) {
    return static_cast<int>(y.integer(n[key], std::string("players.") + key, low, kMaxSeats, fallback));
  };
  if (n["min"]) r.min_players = count("min", 1, 1);
  if (n["max"]) r.max_players = count("max", 1, kMaxSeats);
  r.default_players = n["default"] ? count("default", 1, r.min_players) : r.min_players;
  if (n["humans"]) r.default_humans = count("humans", 0, 1);
  if (r.min_players > r.max_players)
    y.error(n, "players: min (" + std::to_string(r.min_players) + ") is more than max (" +
                   std::to_string(r.max_players) + ")");
  else if (r.default_players < r.min_players || r.default_players > r.max_players)
    y.error(n["default"] ? n["default"] : n, "players.default must lie between min and max");
  if (r.default_humans > r.max_players)
    y.error(n["humans"], "players.humans (" + std::to_string(r.default_humans) + ") is more than max (" +
                             std::to_string(r.max_players) + ")");
}

void read_params(YamlChecker& y, const YAML::Node& n, Ruleset& r) {
  if (!y.is_map(n, "params")) return;
  for (const auto& kv : n) {
    ParamDef p;
    p.name = kv.first.Scalar();
    const YAML::Node& d = kv.second;
    std::string what = "params." + p.name;
    if (!y.keys(d, {"default", "min", "max", "choices", "doc", "at_table"}, what)) continue;
    if (!d["default"]) y.error(d, what + " needs a default");
    else p.initial = y.value(d["default"], what + ".default");
    if (d["min"]) p.has_min = true, p.min = y.integer(d["min"], what + ".min");
    if (d["max"]) p.has_max = true, p.max = y.integer(d["max"], what + ".max");
    if (p.has_min && p.has_max && p.min > p.max) y.error(d["min"], what + ": min is more than max");
    else if (p.initial.is_int() &&
             ((p.has_min && p.initial.as_int() < p.min) || (p.has_max && p.initial.as_int() > p.max)))
      y.error(d["default"], what + ": the default lies outside min..max");
    if (d["doc"]) p.doc = y.text(d["doc"], what + ".doc");
    if (d["at_table"]) p.has_at_table = true, p.at_table = y.value(d["at_table"], what + ".at_table");
    if (d["choices"] && y.is_list(d["choices"], what + ".choices"))
      for (const auto& c : d["choices"]) p.choices.push_back(y.text(c, what + ".choices"));
    if ((p.has_min || p.has_max) && !p.initial.is_int() && d["default"])
      y.error(d["default"], what + ": min and max need a whole-number default");
    r.params.push_back(std::move(p));
  }
}

void read_zones(YamlChecker& y, const YAML::Node& n, Ruleset& r) {
  if (!y.is_map(n, "zones")) return;
  for (const auto& kv : n) {
    ZoneDef z;
    z.name = kv.first.Scalar();
    std::string what = "zones." + z.name;
    const YAML::Node& d = kv.second;
    if (z.name.find('.') != std::string::npos) y.error(kv.first, "a zone name cannot contain '.'");
    if (d.IsNull()) { r.zones.push_back(z); continue; }
    if (!y.keys(d, {"per_seat", "visibility", "label", "group", "order"}, what)) continue;
    if (d["per_seat"]) z.per_seat = y.boolean(d["per_seat"], what + ".per_seat");
    if (d["label"]) z.label = y.text(d["label"], what + ".label");
    if (d["group"]) z.group = y.boolean(d["group"], what + ".group");
    if (d["order"]) {
      // "value", or "value descending" (or "value ascending").
      std::string order = y.text(d["order"], what + ".order");
      auto space = order.find(' ');
      z.order = order.substr(0, space);
      std::string direction = space == std::string::npos ? "ascending" : order.substr(space + 1);
      if (d["order"].IsScalar() &&
          (z.order.empty() || (direction != "ascending" && direction != "descending")))
        y.error(
            d["order"],
            what +
                ".order is a property, then 'ascending' or 'descending' if you like ('value descending'), not " +
                quote(order));
      z.descending = direction == "descending";
    }
    if (d["visibility"]) {
      std::string v =
          y.choice(d["visibility"], what + ".visibility", {"public", "owner", "hidden", "others"});
      z.visibility = v == "public"   ? Visibility::Public
                     : v == "owner"  ? Visibility::Owner
                     : v == "others" ? Visibility::Others
                                     : Visibility::Hidden;
      if (z.visibility == Visibility::Others && !z.per_seat)
        y.error(d["visibility"], what + ": visibility others (every seat but the zone's own) needs a zone of "
                                        "each seat (per_seat: true)");
    }
    r.zones.push_back(std::move(z));
  }
}

// `values:` of a hidden variable: a list of distinct plain values holding its initial one.
// `values: {from: LOW, to: HIGH}`: each bound a whole number or a whole-number parameter (read
// before the variables), so that the values follow the table's parameters (make_table).
void read_var_range(YamlChecker& y, const YAML::Node& n, const std::string& what, const Ruleset& r,
                    VarDef& v) {
  if (!y.keys(n, {"from", "to"}, what)) return;
  auto bound = [&](const char* key) -> Value {
    if (!n[key]) {
      y.error(n, what + " needs " + key + ": a whole number or a parameter's name");
      return Value();
    }
    Value b = scalar_value(n[key]);
    if (b.is_int()) return b;
    const ParamDef* p = b.is_string() ? r.param(b.as_string()) : nullptr;
    if (!p || !p->initial.is_int())
      y.error(n[key], what + "." + key + " is a whole number or the name of a whole-number parameter, not " +
                          (n[key].IsScalar() ? quote(n[key].Scalar()) : std::string("a list or map")) +
                          (p ? " (a parameter of " + std::string(p->initial.is_string() ? "text" : "true or false") +
                                   ")"
                             : b.is_string() ? did_you_mean(b.as_string(), r.param_names())
                                             : ""));
    return b;
  };
  v.values_from = bound("from");
  v.values_to = bound("to");
  // Unsigned, the distance of two 64-bit bounds does not overflow.
  auto span = [&] { return static_cast<std::uint64_t>(v.values_to.as_int()) - v.values_from.as_int(); };
  if (v.values_from.is_int() && v.values_to.is_int() &&
      (v.values_from.as_int() > v.values_to.as_int() || span() >= kMaxVarValues))
    y.error(n, what + ": from..to holds 1 to " + std::to_string(kMaxVarValues) + " values");
  else if (!v.initial.is_int())
    y.error(n, what + ": a range of whole numbers, so the initial value is a whole number too");
}

void read_var_values(YamlChecker& y, const YAML::Node& d, const std::string& what, const Ruleset& r,
                     VarDef& v) {
  const YAML::Node& list = d["values"];
  if (!v.hidden)
    return y.error(
        list, what + ".values: only a hidden variable declares its values (what a search samples for it)");
  if (list.IsMap()) return read_var_range(y, list, what + ".values", r, v);
  if (!y.is_list(list, what + ".values")) return;
  if (list.size() == 0 || list.size() > kMaxVarValues)
    return y.error(list, what + ".values: a list of 1 to " + std::to_string(kMaxVarValues) + " values, not " +
                             std::to_string(list.size()));
  for (const auto& item : list) {
    Value value = y.value(item, what + ".values");
    if (value.is_string() && value.as_string().size() > kMaxVarText)
      return y.error(item, what + ".values: a text of " + std::to_string(value.as_string().size()) +
                               " bytes is longer than a variable holds (" + std::to_string(kMaxVarText) +
                               ")");
    if (std::find(v.values.begin(), v.values.end(), value) != v.values.end())
      return y.error(item, what + ".values: " + quote(to_text(value)) + " is listed twice");
    v.values.push_back(value);
  }
  if (std::find(v.values.begin(), v.values.end(), v.initial) == v.values.end())
    y.error(d["initial"] ? d["initial"] : list,
            what + ".initial: " + quote(to_text(v.initial)) + " is not one of its values");
}

void read_vars(YamlChecker& y, const YAML::Node& n, Ruleset& r) {
  if (!y.is_map(n, "vars")) return;
  if (n.size() > kMaxVars) {
    y.error(n, "vars: " + std::to_string(n.size()) + " variables; a ruleset declares at most " +
                   std::to_string(kMaxVars));
    return;
  }
  std::size_t text = 0;  // of the initial values, each per-seat one counted for the most seats
  for (const auto& kv : n) {
    VarDef v;
    v.name = kv.first.Scalar();
    std::string what = "vars." + v.name;
    const YAML::Node& d = kv.second;
    if (d.IsNull()) { r.vars.push_back(v); continue; }
    if (!y.keys(d, {"per_seat", "initial", "hidden", "type", "display", "label", "values"}, what)) continue;
    if (d["display"]) v.display = y.boolean(d["display"], what + ".display");
    if (d["label"]) v.label = y.text(d["label"], what + ".label");
    if (d["type"]) v.holds_seat = y.choice(d["type"], what + ".type", {"value", "seat"}) == "seat";
    if (d["per_seat"]) v.per_seat = y.boolean(d["per_seat"], what + ".per_seat");
    if (d["initial"]) v.initial = y.value(d["initial"], what + ".initial");
    if (d["hidden"]) v.hidden = y.boolean(d["hidden"], what + ".hidden");
    if (v.hidden && !v.per_seat) y.error(d["hidden"], what + ": only a per-seat variable can be hidden");
    if (d["values"]) read_var_values(y, d, what, r, v);
    std::size_t size = v.initial.is_string() ? v.initial.as_string().size() : 0;
    if (size > kMaxVarText)
      y.error(d["initial"], what + ".initial: a text of " + std::to_string(size) +
                                " bytes is longer than a variable holds (" + std::to_string(kMaxVarText) +
                                ")");
    else if ((text += size * (v.per_seat ? kMaxSeats : 1)) > kMaxVarTextTotal)
      y.error(d["initial"], what + ".initial: the variables' initial texts, each per-seat one counted for " +
                                std::to_string(kMaxSeats) + " seats, pass " +
                                std::to_string(kMaxVarTextTotal) + " bytes");
    r.vars.push_back(std::move(v));
  }
}

void read_turns(YamlChecker& y, const YAML::Node& n, Ruleset& r) {
  if (!y.keys(n, {"rounds", "first", "out_of_turn", "simultaneous"}, "turns")) return;
  if (n["rounds"]) r.turns.rounds = y.boolean(n["rounds"], "turns.rounds");
  if (n["first"]) {
    std::string f = y.choice(n["first"], "turns.first", {"first", "youngest", "oldest"});
    r.turns.first = f == "youngest" ? FirstSeat::Youngest
                    : f == "oldest" ? FirstSeat::Oldest
                                    : FirstSeat::First;
  }
  if (n["out_of_turn"] && y.is_list(n["out_of_turn"], "turns.out_of_turn"))
    for (const auto& a : n["out_of_turn"]) r.turns.out_of_turn.push_back(y.text(a, "an action name"));
  if (n["simultaneous"]) r.turns.simultaneous = y.boolean(n["simultaneous"], "turns.simultaneous");
  // All seats in play choose at every decision: nobody is off turn to act out of it.
  if (r.turns.simultaneous && !r.turns.out_of_turn.empty())
    y.error(
        n["simultaneous"],
        "turns.simultaneous: every seat in play chooses at once, so none acts out of turn; drop turns.out_of_turn");
}

// A chance's `seen_by` and `unseen`: a secret outcome is drawn, never asked of the table aloud,
// so a physical one cannot be secret.
void read_seen_by(YamlChecker& y, const YAML::Node& d, const std::string& what, ChanceDef& c) {
  if (d["seen_by"]) {
    std::string s = y.choice(d["seen_by"], what + ".seen_by", {"everyone", "nobody", "seats"});
    c.seen_by = s == "nobody"  ? ChanceDef::SeenBy::Nobody
                : s == "seats" ? ChanceDef::SeenBy::Seats
                               : ChanceDef::SeenBy::Everyone;
  }
  bool secret = c.seen_by != ChanceDef::SeenBy::Everyone;
  if (d["unseen"]) {
    c.unseen = y.text(d["unseen"], what + ".unseen");
    if (!secret)
      y.error(
          d["unseen"],
          what +
              ".unseen is the line for the seats that do not see the outcome: give seen_by: nobody or seats");
  }
  if (secret && c.physical)
    y.error(
        d["physical"],
        what + " is physical and secret: the table would have to announce an outcome some seats may not see");
}

void read_chances(YamlChecker& y, const YAML::Node& n, Ruleset& r) {
  if (!y.is_map(n, "chance")) return;
  for (const auto& kv : n) {
    ChanceDef c;
    c.name = kv.first.Scalar();
    std::string what = "chance." + c.name;
    const YAML::Node& d = kv.second;
    if (!y.keys(d, {"physical", "ask", "outcomes", "seen_by", "unseen"}, what)) continue;
    if (d["physical"]) c.physical = y.boolean(d["physical"], what + ".physical");
    if (d["ask"]) c.ask = y.text(d["ask"], what + ".ask");
    read_seen_by(y, d, what, c);
    if (!d["outcomes"] || !d["outcomes"].IsMap() || d["outcomes"].size() == 0) {
      y.error(d, what + " needs outcomes: {NAME: what it means, ...}");
      continue;
    }
    for (const auto& o : d["outcomes"])
      c.outcomes.emplace_back(o.first.Scalar(),
                              o.second.IsNull() ? "" : y.text(o.second, what + ".outcomes"));
    r.chances.push_back(std::move(c));
  }
}

void read_variants(YamlChecker& y, const YAML::Node& n, Ruleset& r) {
  if (!y.is_map(n, "variants")) return;
  for (const auto& kv : n) {
    std::string name = kv.first.Scalar();
    if (!y.is_map(kv.second, "variants." + name)) continue;
    auto& values = r.variants[name];
    r.variant_order.push_back(name);
    for (const auto& pv : kv.second) {
      std::string p = pv.first.Scalar();
      if (!r.param(p))
        y.error(pv.first, "variant " + quote(name) + " sets unknown parameter " + quote(p) +
                              did_you_mean(p, r.param_names()));
      values[p] = y.value(pv.second, "variants." + name + "." + p);
    }
  }
}

// Cross-references: the zones and parameters that components name must exist, and the
// components (counted by the parameters' defaults) must fit in one game.
void check_references(YamlChecker& y, const YAML::Node& root, Ruleset& r) {
  std::int64_t total = 0;
  for (const auto& k : r.kinds) {
    total += k.count_param.empty() ? k.count : 0;
    if (k.zone.empty())
      y.error(root["components"],
              "component " + quote(k.name) + " has no zone: give components.start or its own zone");
    else if (!r.zone(k.zone))
      y.error(root["components"], "component " + quote(k.name) + " starts in unknown zone " + quote(k.zone) +
                                      did_you_mean(k.zone, r.zone_names()));
    else if (r.zone(k.zone)->per_seat)
      y.error(root["components"],
              "component " + quote(k.name) + " cannot start in per-seat zone " + quote(k.zone));
    if (!k.count_param.empty()) {
      const ParamDef* p = r.param(k.count_param);
      if (!p)
        y.error(root["components"], "component " + quote(k.name) + " counts by unknown parameter " +
                                        quote(k.count_param) + did_you_mean(k.count_param, r.param_names()));
      else if (!p->initial.is_int())
        y.error(root["components"],
                "parameter " + quote(k.count_param) + " must be a whole number to count components");
      else total += std::clamp<std::int64_t>(p->initial.as_int(), 0, std::int64_t{1} << 40);  // no overflow
    }
  }
  for (const auto& z : r.zones) {
    if (z.order.empty()) continue;
    std::vector<std::string> known;
    bool found = false;
    for (const auto& k : r.kinds)
      for (const auto& [name, value] : k.props) {
        found = found || name == z.order;
        if (std::find(known.begin(), known.end(), name) == known.end()) known.push_back(name);
      }
    if (!found)
      y.error(root["zones"][z.name]["order"], "zone " + quote(z.name) + " is listed by " + quote(z.order) +
                                                  ", a property no component kind has" +
                                                  did_you_mean(z.order, known));
  }
  if (total > kMaxComponents)
    y.error(root["components"], "the components add up to " + std::to_string(total) +
                                    "; a game holds at most " + std::to_string(kMaxComponents));
}

// `bots:` (their names; bots.lua must be in the folder) and `search: {playout}`.
void read_bots_and_search(YamlChecker& y, const YAML::Node& root, Ruleset& r) {
  if (root["bots"] && y.is_list(root["bots"], "bots")) {
    for (const auto& b : root["bots"]) r.bots.push_back(y.text(b, "a bot's name"));
    FileInFolder bots = file_in_folder(r.dir, "bots.lua");
    if (!bots.refused.empty()) y.error(root["bots"], "bots.lua " + bots.refused);
    else if (!bots.found) y.error(root["bots"], "bots are listed but there is no bots.lua in " + r.dir);
  }
  if (root["search"]) {
    y.keys(root["search"], {"playout"}, "search");
    if (root["search"].IsMap() && root["search"]["playout"]) {
      const YAML::Node& n = root["search"]["playout"];
      r.search_playout =
          static_cast<int>(y.integer(n, "search.playout (how many actions a search playout may take)", 1,
                                     std::numeric_limits<int>::max(), 1));
    }
  }
}

}  // namespace

std::shared_ptr<const Ruleset> load_ruleset(const std::string& dir, const std::string& scripts_dir,
                                            const std::string* game_yaml) {
  auto r = std::make_shared<Ruleset>();
  r->dir = dir;
  r->yaml_path = (fs::path(dir) / "game.yaml").string();
  // The folder's own name, also for "." or "rules/" (messages say "stacks/rules.lua:4:").
  std::error_code ec;
  fs::path folder = fs::absolute(dir, ec).lexically_normal();
  if (folder.filename().empty()) folder = folder.parent_path();
  r->id = folder.filename().string();
  YamlChecker y(r->yaml_path);
  YAML::Node root = game_yaml ? y.load_text(*game_yaml) : y.load();
  if (!y.ok()) y.throw_if_errors();
  if (!y.keys(root, kTopKeys, "game.yaml")) y.throw_if_errors();
  // Rulesets are found by their folder's name, so an id must agree with it.
  if (root["id"] && y.text(root["id"], "id") != r->id)
    y.error(root["id"], "id " + quote(root["id"].Scalar()) + " differs from the folder's name " +
                            quote(r->id) + ": rulesets are found by folder, so rename one of them");
  r->name = root["name"] ? y.text(root["name"], "name") : r->id;
  if (root["summary"]) r->summary = y.text(root["summary"], "summary");
  if (root["how_to_play"]) r->how_to_play = y.text(root["how_to_play"], "how_to_play");
  if (root["final_scores"]) r->final_scores = y.boolean(root["final_scores"], "final_scores");
  if (root["cooperative"]) r->cooperative = y.boolean(root["cooperative"], "cooperative");
  if (root["rules"]) r->rules_file = y.text(root["rules"], "rules", r->rules_file);
  if (root["players"]) read_players(y, root["players"], *r);
  else y.error("game.yaml needs players: {min: N, max: N}");
  if (root["params"]) read_params(y, root["params"], *r);
  if (root["zones"]) read_zones(y, root["zones"], *r);
  if (root["board"]) read_board(y, root["board"], *r);
  std::string shared = scripts_dir.empty() ? (fs::path(dir) / ".." / ".." / "scripts").string() : scripts_dir;
  if (root["components"]) read_components(y, root["components"], *r, shared);
  if (root["vars"]) read_vars(y, root["vars"], *r);
  if (root["turns"]) read_turns(y, root["turns"], *r);
  if (root["variants"]) read_variants(y, root["variants"], *r);
  if (root["chance"]) read_chances(y, root["chance"], *r);
  if (root["payoffs"]) read_payoffs(y, root["payoffs"], *r);
  read_bots_and_search(y, root, *r);
  check_references(y, root, *r);
  FileInFolder rules = file_in_folder(dir, r->rules_file);
  if (!rules.refused.empty())
    y.error(root["rules"] ? root["rules"] : root,
            "rules file " + quote(printable(r->rules_file)) + " " + rules.refused);
  else if (!rules.found)
    y.error(root["rules"] ? root["rules"] : root,
            "rules file " + quote(r->rules_file) + " not found in " + dir);
  y.throw_if_errors();
  return r;
}

}  // namespace arbiter
