// The loopback tests' audit (tests/serve/audit.hpp).
#include "audit.hpp"

#include <fstream>

#include "present/json_text.hpp"
#include "present/json_view.hpp"
#include "play/save.hpp"

namespace serve_test {

using namespace arbiter;

Truth::Truth(const std::string& save_text) {
  std::string file = temp_dir() + "/game.yaml";
  std::ofstream(file) << save_text;
  SavedGame game = read_save(file);
  ruleset = load_ruleset(std::string(ARBITER_SOURCE_DIR "/rulesets/") + game.ruleset,
                         ARBITER_SOURCE_DIR "/scripts");
  rules = std::make_unique<LuaRules>(ruleset, ARBITER_SOURCE_DIR "/scripts");
  engine = std::make_unique<Engine>(make_table(ruleset, game.options), *rules);
  State s(engine->table_ptr());
  if (!engine->start(s).ok) throw std::runtime_error("the save's game does not start");
  states.push_back(s);
  for (const SavedStep& step : game.steps) {
    ActionResult o =
        step.seat < 0 ? engine->decide(s, step.action) : engine->apply(s, step.seat, step.action);
    if (!o.ok() || s.hash() != step.hash)
      throw std::runtime_error("the save does not replay at " + step.action);
    states.push_back(s);
  }
}

int Truth::seat(const std::string& name) const { return engine->table().seat_by_name(name); }

namespace {

Json plain(const present::Json& j) { return Json::parse(present::json_text(j)); }

}  // namespace

std::string Truth::check(const Json& m, int seat) const {
  std::string type = m.value("type", "");
  if (m.contains("seed")) return "a message holds the seed";
  if (type == "over") {
    Json view = plain(present::view_json(make_view(states.back(), -1, 0)));
    return m["view"] == view ? "" : "the end's view is not the public view";
  }
  if (type != "state") return "";
  std::size_t n = m["seq"].get<std::size_t>();
  if (n >= states.size()) return "seq " + std::to_string(n) + " beyond the game's steps";
  View v = make_view(states[n], seat, 0);
  if (m["view"] != plain(present::view_json(v)))
    return "seq " + std::to_string(n) + ": the view is not the seat's own";
  Json log = plain(present::log_json(v.log, engine->table()));
  std::size_t from = m["log_from"].get<std::size_t>();
  if (from + m["log"].size() != log.size())
    return "seq " + std::to_string(n) + ": the log does not reach the seat's last line";
  for (std::size_t i = 0; i < m["log"].size(); ++i)
    if (m["log"][i] != log[from + i])
      return "seq " + std::to_string(n) + ": log line " + std::to_string(from + i) + " is not the seat's";
  return "";
}

}  // namespace serve_test
