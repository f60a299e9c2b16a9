// Writing and replaying saved games.
#include "interpreter/save.hpp"

#include <yaml-cpp/yaml.h>

#include <cstdio>

#include "interpreter/diagnostics.hpp"
#include "interpreter/yaml_check.hpp"

namespace arbiter {

static std::string hex(std::uint64_t h) {
  char buf[17];
  std::snprintf(buf, sizeof buf, "%016llx", static_cast<unsigned long long>(h));
  return buf;
}

std::string save_text(Engine& engine, const State& state) {
  const Table& t = *state.table;
  YAML::Emitter out;
  out << YAML::BeginMap;
  out << YAML::Key << "arbiter_save" << YAML::Value << 1;
  out << YAML::Key << "ruleset" << YAML::Value << t.ruleset->id;
  if (!t.variant.empty()) out << YAML::Key << "variant" << YAML::Value << t.variant;
  out << YAML::Key << "seed" << YAML::Value << t.seed;
  out << YAML::Key << "players" << YAML::Value << YAML::BeginSeq;
  for (const auto& s : t.seats) {
    out << YAML::Flow << YAML::BeginMap << YAML::Key << "name" << YAML::Value << s.name;
    if (s.age >= 0) out << YAML::Key << "age" << YAML::Value << s.age;
    out << YAML::EndMap;
  }
  out << YAML::EndSeq;
  out << YAML::Key << "params" << YAML::Value << YAML::Flow << YAML::BeginMap;
  for (const auto& [k, v] : t.params) out << YAML::Key << k << YAML::Value << to_text(v);
  out << YAML::EndMap;
  out << YAML::Key << "actions" << YAML::Value << YAML::BeginSeq;
  State replay(state.table);
  bool replaying = engine.start(replay).ok;
  for (const auto& e : state.log.entries()) {
    if (e.kind == Event::Kind::Say) continue;
    bool chance = e.kind == Event::Kind::Chance;
    replaying = replaying && (chance ? engine.decide(replay, e.text) : engine.apply(replay, e.seat, e.text)).ok();
    out << YAML::Flow << YAML::BeginMap;
    if (chance) out << YAML::Key << "chance" << YAML::Value << e.text;
    else out << YAML::Key << "seat" << YAML::Value << t.seats[e.seat].name << YAML::Key << "action" << YAML::Value << e.text;
    if (replaying) out << YAML::Key << "hash" << YAML::Value << hex(replay.hash());
    out << YAML::EndMap;
  }
  out << YAML::EndSeq << YAML::EndMap;
  return std::string("# An Arbiter saved game: `arbiter play --load FILE` resumes it.\n") + out.c_str() + "\n";
}

SavedGame read_save(const std::string& file) {
  YamlChecker y(file);
  YAML::Node root = y.load();
  y.throw_if_errors();
  if (!root.IsMap() || !root["arbiter_save"]) throw InputError(file + ": not an Arbiter saved game");
  y.keys(root, {"arbiter_save", "ruleset", "variant", "seed", "players", "params", "actions"}, "a saved game");
  SavedGame g;
  if (!root["ruleset"]) y.error(root, "missing 'ruleset'");
  else g.ruleset = y.text(root["ruleset"], "ruleset");
  if (root["variant"]) g.options.variant = y.text(root["variant"], "variant");
  if (root["seed"]) g.options.seed = static_cast<std::uint64_t>(y.integer(root["seed"], "seed"));
  if (root["players"] && y.is_list(root["players"], "players"))
    for (const auto& p : root["players"]) {
      if (!p.IsMap() || !p["name"]) { y.error(p, "a player is {name: N, age: A}"); continue; }
      g.options.seats.push_back({y.text(p["name"], "name"), p["age"] ? static_cast<int>(y.integer(p["age"], "age")) : -1});
    }
  if (root["params"] && y.is_map(root["params"], "params"))
    for (const auto& kv : root["params"]) g.options.set[kv.first.Scalar()] = y.text(kv.second, "a parameter");
  if (root["actions"] && y.is_list(root["actions"], "actions"))
    for (const auto& a : root["actions"]) {
      bool chance = a.IsMap() && a["chance"];
      if (!a.IsMap() || (!chance && (!a["seat"] || !a["action"]))) {
        y.error(a, "a step is {seat: NAME, action: TEXT, hash: H} or {chance: OUTCOME, hash: H}");
        continue;
      }
      SavedStep s;
      s.line = a.Mark().line + 1;
      if (chance) {
        s.action = y.text(a["chance"], "chance");
      } else {
        s.action = y.text(a["action"], "action");
        std::string seat = y.text(a["seat"], "seat");
        for (std::size_t i = 0; i < g.options.seats.size(); ++i)
          if (g.options.seats[i].name == seat) s.seat = static_cast<int>(i);
        if (s.seat < 0) y.error(a["seat"], "unknown seat '" + seat + "'");
      }
      if (a["hash"]) {
        std::string h = y.text(a["hash"], "hash");
        char* end = nullptr;
        s.hash = std::strtoull(h.c_str(), &end, 16);
        if (h.empty() || *end) y.error(a["hash"], "a hash is 16 hex digits");
      }
      g.steps.push_back(std::move(s));
    }
  y.throw_if_errors();
  return g;
}

State replay_save(Engine& engine, const SavedGame& game, const std::string& file) {
  State s(engine.table_ptr());
  if (Status st = engine.start(s); !st.ok) throw InputError(file + ": setting up the game failed: " + st.message);
  int n = 0;
  for (const auto& step : game.steps) {
    ++n;
    std::string who = step.seat < 0 ? "chance" : engine.table().seats[step.seat].name;
    std::string where = file + ":" + std::to_string(step.line) + ": step " + std::to_string(n) + " (" + who + ": " +
                        step.action + "): ";
    Outcome o = step.seat < 0 ? engine.decide(s, step.action) : engine.apply(s, step.seat, step.action);
    if (!o.ok()) throw InputError(where + "refused on replay (" + to_text(o.refusal) + (o.message.empty() ? "" : ": " + o.message) +
                                  "); was the ruleset edited since the game was saved?");
    if (step.hash && s.hash() != step.hash)
      throw InputError(where + "the state differs from the saved one; the ruleset (or its parameters) changed since the game was saved");
  }
  return s;
}

}  // namespace arbiter
