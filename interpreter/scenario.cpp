// The scenario runner. Each step is checked against the contract in docs/scenarios.md;
// every problem is reported with the file, line and step that caused it.
#include "interpreter/scenario.hpp"

#include <algorithm>
#include <filesystem>

#include "interpreter/diagnostics.hpp"
#include "interpreter/engine.hpp"
#include "interpreter/yaml_check.hpp"

namespace fs = std::filesystem;

namespace arbiter {

namespace {

const std::vector<std::string> kTopKeys = {"name", "description", "ruleset", "players", "seed", "params",
                                           "variant", "arrange", "steps", "skip"};
const std::vector<std::string> kStepKeys = {"reject", "outcome", "arrange", "expect"};
const std::vector<std::string> kExpectKeys = {"score", "active", "over", "winners", "round",
                                              "zones", "vars", "legal"};

// A failed step or check; the runner turns it into the scenario's FAIL detail.
struct Failure {
  std::string message;
};

class Runner {
 public:
  Runner(std::string file, const std::vector<std::string>& path, const RulesFactory& f, std::string scripts)
      : y_(std::move(file)), path_(path), make_rules_(f), scripts_(std::move(scripts)) {}

  ScenarioResult run();

 private:
  [[noreturn]] void fail(const YAML::Node& at, const std::string& message) {
    throw Failure{y_.where(at) + ": " + step_label_ + message};
  }
  void load_game(const YAML::Node& root);
  std::vector<Seat> read_players(const YAML::Node& n);
  int seat(const YAML::Node& at, const std::string& name);
  int zone(const YAML::Node& at, const std::string& name);
  std::vector<std::string> component_list(const YAML::Node& list);
  void arrange(const YAML::Node& map);
  void step(const YAML::Node& s);
  void act(const YAML::Node& at, const std::string& seat_name, const std::string& action);
  void reject(const YAML::Node& at, const std::string& text);
  void decide(const YAML::Node& at, const std::string& result);
  void expect(const YAML::Node& checks);
  void expect_zone(const YAML::Node& at, int z, const YAML::Node& want);
  void expect_vars(const YAML::Node& map);
  void expect_legal(const YAML::Node& map);

  YamlChecker y_;
  const std::vector<std::string>& path_;
  const RulesFactory& make_rules_;
  std::string scripts_;
  std::shared_ptr<const Ruleset> ruleset_;
  std::unique_ptr<Rules> rules_;
  std::unique_ptr<Engine> engine_;
  State state_;
  Rng chance_rng_;  // unscripted chance decisions
  std::string step_label_;
};

ScenarioResult Runner::run() {
  ScenarioResult result;
  result.file = y_.file();
  result.name = fs::path(y_.file()).filename().string();
  try {
    YAML::Node root = y_.load();
    y_.throw_if_errors();
    if (!root.IsMap()) fail(root, "a scenario is a map with name, players and steps");
    if (root["name"] && root["name"].IsScalar()) result.name = root["name"].Scalar();
    y_.keys(root, kTopKeys, "the scenario");
    y_.throw_if_errors();
    if (root["skip"]) {
      result.verdict = ScenarioResult::Verdict::Skip;
      result.detail = root["skip"].IsScalar() ? root["skip"].Scalar() : "";
      return result;
    }
    load_game(root);
    if (!root["steps"]) fail(root, "the scenario has no steps");
    if (!root["steps"].IsSequence()) fail(root["steps"], "steps should be a list");
    int number = 0;
    for (const auto& s : root["steps"]) {
      ++number;
      step_label_ = "step " + std::to_string(number) + ": ";
      step(s);
    }
  } catch (const Failure& f) {
    result.verdict = ScenarioResult::Verdict::Fail;
    result.detail = f.message;
  } catch (const InputError& e) {
    result.verdict = ScenarioResult::Verdict::Fail;
    result.detail = e.what();
  } catch (const std::exception& e) {
    result.verdict = ScenarioResult::Verdict::Fail;
    result.detail = y_.file() + ": " + step_label_ + e.what();
  }
  return result;
}

void Runner::load_game(const YAML::Node& root) {
  std::string dir;
  if (root["ruleset"]) {
    std::string name = y_.text(root["ruleset"], "ruleset");
    try {
      fs::path rel = fs::path(y_.file()).parent_path() / name;
      dir = (name.find('/') != std::string::npos && fs::exists(rel / "game.yaml")) ? rel.string()
                                                                                   : find_ruleset_dir(name, path_);
    } catch (const InputError& e) {
      fail(root["ruleset"], e.what());
    }
  } else {
    fs::path here = fs::absolute(y_.file()).parent_path();
    if (here.filename() != "scenarios" || !fs::exists(here.parent_path() / "game.yaml"))
      fail(root, "no ruleset: give 'ruleset:' or keep the file in a ruleset's scenarios/ folder");
    dir = here.parent_path().string();
  }
  ruleset_ = load_ruleset(dir, scripts_);
  rules_ = make_rules_(ruleset_);
  GameOptions options;
  if (root["players"]) options.seats = read_players(root["players"]);
  if (root["seed"]) options.seed = static_cast<std::uint64_t>(y_.integer(root["seed"], "seed", 1));
  if (root["variant"]) options.variant = y_.text(root["variant"], "variant");
  if (root["params"] && y_.is_map(root["params"], "params"))
    for (const auto& kv : root["params"]) options.set[kv.first.Scalar()] = y_.text(kv.second, "a parameter value");
  y_.throw_if_errors();
  std::shared_ptr<const Table> table;
  try {
    table = make_table(ruleset_, options);
  } catch (const InputError& e) {
    fail(root, e.what());
  }
  engine_ = std::make_unique<Engine>(table, *rules_);
  state_ = State(table);
  chance_rng_.reseed(options.seed ^ 0x5ce7a210ULL);
  if (root["arrange"]) arrange(root["arrange"]);
  if (Status st = engine_->start(state_); !st.ok) fail(root, "setting up the game failed: " + st.message);
}

std::vector<Seat> Runner::read_players(const YAML::Node& n) {
  std::vector<Seat> seats;
  if (n.IsScalar()) {
    std::int64_t count = y_.integer(n, "players");
    for (std::int64_t i = 1; i <= count && i <= 32; ++i) seats.push_back({"Player" + std::to_string(i), -1});
    return seats;
  }
  if (!n.IsSequence()) fail(n, "players should be a list of names or a number");
  for (const auto& p : n) {
    if (p.IsScalar()) seats.push_back({p.Scalar(), -1});
    else if (p.IsMap()) {
      y_.keys(p, {"name", "age"}, "a player");
      if (!p["name"]) fail(p, "a player needs a name");
      seats.push_back({p["name"].Scalar(), p["age"] ? static_cast<int>(y_.integer(p["age"], "age")) : -1});
    } else fail(p, "a player is a name or {name: N, age: A}");
  }
  y_.throw_if_errors();
  return seats;
}

int Runner::seat(const YAML::Node& at, const std::string& name) {
  int s = engine_->table().seat_by_name(name);
  if (s < 0)
    fail(at, "unknown seat '" + name + "'" + did_you_mean(name, engine_->table().seat_names()) + "; seats: " +
                 join_choices(engine_->table().seat_names(), ", "));
  return s;
}

int Runner::zone(const YAML::Node& at, const std::string& name) {
  int z = engine_->table().zone_by_name(name);
  if (z < 0) fail(at, "unknown zone '" + name + "'" + did_you_mean(name, engine_->table().zone_names()));
  return z;
}

std::vector<std::string> Runner::component_list(const YAML::Node& list) {
  if (!list.IsSequence()) fail(list, "expected a list of component names");
  std::vector<std::string> names;
  std::vector<std::string> known;
  for (const auto& k : ruleset_->kinds) known.push_back(k.name);
  for (const auto& item : list) {
    std::string name = item.IsScalar() ? item.Scalar() : "";
    if (engine_->table().kind_by_name(name) < 0)
      fail(item, "unknown component '" + name + "'" + did_you_mean(name, known));
    names.push_back(name);
  }
  return names;
}

void Runner::arrange(const YAML::Node& map) {
  if (!map.IsMap()) fail(map, "arrange is a map {ZONE: [NAMES]}");
  for (const auto& kv : map) {
    int z = zone(kv.first, kv.first.Scalar());
    std::vector<int> kinds;
    for (const auto& name : component_list(kv.second)) kinds.push_back(engine_->table().kind_by_name(name));
    state_.arrange(z, std::move(kinds));
  }
}

void Runner::step(const YAML::Node& s) {
  if (!s.IsMap() || s.size() != 1) fail(s, "a step is a map with exactly one key (SEAT, reject, outcome, arrange or expect)");
  auto kv = *s.begin();
  std::string key = kv.first.Scalar();
  step_label_ += "(" + key + (kv.second.IsScalar() ? ": " + kv.second.Scalar() : "") + ") ";
  if (key == "reject") reject(kv.second, y_.text(kv.second, "reject"));
  else if (key == "outcome") decide(kv.second, y_.text(kv.second, "outcome"));
  else if (key == "arrange") arrange(kv.second);
  else if (key == "expect") expect(kv.second);
  else {
    if (engine_->table().seat_by_name(key) < 0) {
      std::vector<std::string> choices = kStepKeys;
      for (const auto& n : engine_->table().seat_names()) choices.push_back(n);
      fail(kv.first, "unknown step or seat '" + key + "'" + did_you_mean(key, choices));
    }
    if (!kv.second.IsScalar()) fail(kv.second, "an action is written as text, as a player types it");
    act(kv.first, key, kv.second.Scalar());
  }
}

void Runner::decide(const YAML::Node& at, const std::string& result) {
  if (!engine_->pending_chance(state_)) fail(at, "no chance decision is pending");
  Outcome o = engine_->decide(state_, result);
  if (!o.ok())
    fail(at, "the outcome '" + result + "' was refused: " + o.message +
                 (o.legal.empty() ? "" : "; outcomes: " + join_choices(o.legal, ", ")));
}

void Runner::act(const YAML::Node& at, const std::string& seat_name, const std::string& action) {
  int s = seat(at, seat_name);
  // Chance decisions the scenario does not script are made by its seeded RNG.
  while (engine_->pending_chance(state_)) {
    Outcome o = engine_->decide_randomly(state_, chance_rng_);
    if (!o.ok()) fail(at, "a chance decision failed: " + o.message);
  }
  Outcome o = engine_->apply(state_, s, action);
  if (!o.ok()) {
    std::string msg = "expected '" + action + "' by " + seat_name + " to be accepted, but it was refused: " +
                      to_text(o.refusal) + (o.message.empty() ? "" : " (" + o.message + ")");
    if (!o.legal.empty()) msg += "; legal: " + join_choices(o.legal, ", ");
    fail(at, msg);
  }
}

void Runner::reject(const YAML::Node& at, const std::string& text) {
  auto colon = text.find(':');
  if (colon == std::string::npos) fail(at, "reject takes \"SEAT: ACTION\"");
  std::string seat_name = normalize_action(text.substr(0, colon));
  std::string action = normalize_action(text.substr(colon + 1));
  int s = seat(at, seat_name);
  std::uint64_t before = state_.hash();
  State copy = state_;
  Outcome o = engine_->apply(state_, s, action);
  if (o.ok()) fail(at, "expected '" + text + "' to be refused, but it was accepted");
  if (o.refusal == Refusal::ScriptError) fail(at, "expected a refusal, but the ruleset failed: " + o.message);
  if (state_.hash() != before || !state_.same_play_state(copy)) fail(at, "the action was refused but the state changed");
}

std::string as_list(const std::vector<std::string>& v) { return "[" + join_choices(v, ", ") + "]"; }

void Runner::expect(const YAML::Node& checks) {
  if (!checks.IsMap()) fail(checks, "expect is a map of checks");
  y_.keys(checks, kExpectKeys, "expect");
  if (!y_.ok()) { std::string e = y_.errors().back(); throw Failure{e}; }
  const Table& t = engine_->table();
  for (const auto& kv : checks) {
    std::string key = kv.first.Scalar();
    const YAML::Node& want = kv.second;
    if (key == "score") {
      if (!want.IsMap()) fail(want, "score is a map {SEAT: N}");
      for (const auto& sv : want) {
        int s = seat(sv.first, sv.first.Scalar());
        Value have = engine_->score(state_, s);
        Value expected = scalar_value(sv.second);
        if (have != expected)
          fail(sv.second, "expected " + t.seats[s].name + "'s score to be " + to_text(expected) + ", found " + to_text(have));
      }
    } else if (key == "active") {
      int s = seat(want, y_.text(want, "active"));
      if (state_.over) fail(want, "expected " + t.seats[s].name + " on turn, but the game is over");
      if (state_.active() != s) fail(want, "expected " + t.seats[s].name + " on turn, found " + t.seats[state_.active()].name);
    } else if (key == "over") {
      bool w = y_.boolean(want, "over");
      if (w != state_.over) fail(want, std::string("expected the game ") + (w ? "to be over" : "not to be over") +
                                           (state_.over ? ", but it is over" : ", but it goes on"));
    } else if (key == "winners") {
      if (!want.IsSequence()) fail(want, "winners is a list of seats");
      std::vector<int> w;
      for (const auto& n : want) w.push_back(seat(n, n.Scalar()));
      std::sort(w.begin(), w.end());
      std::vector<std::string> have;
      for (int s : state_.winners) have.push_back(t.seats[s].name);
      if (!state_.over) fail(want, "expected winners, but the game is not over");
      if (w != state_.winners) {
        std::vector<std::string> names;
        for (int s : w) names.push_back(t.seats[s].name);
        fail(want, "expected winners " + as_list(names) + ", found " + as_list(have));
      }
    } else if (key == "round") {
      std::int64_t r = y_.integer(want, "round");
      if (r != state_.round) fail(want, "expected round " + std::to_string(r) + ", found round " + std::to_string(state_.round));
    } else if (key == "zones") {
      if (!want.IsMap()) fail(want, "zones is a map {ZONE: ...}");
      for (const auto& zv : want) expect_zone(zv.first, zone(zv.first, zv.first.Scalar()), zv.second);
    } else if (key == "vars") {
      expect_vars(want);
    } else if (key == "legal") {
      expect_legal(want);
    }
  }
}

void Runner::expect_zone(const YAML::Node& at, int z, const YAML::Node& want) {
  const Table& t = engine_->table();
  std::vector<std::string> have;
  for (int c : state_.contents(z)) have.push_back(state_.name(c));
  std::string zname = t.zones[z].name;
  if (want.IsSequence()) {
    std::vector<std::string> w = component_list(want);
    std::vector<std::string> a = have;
    std::sort(w.begin(), w.end());
    std::sort(a.begin(), a.end());
    if (w != a) fail(want, "expected " + zname + " to hold " + as_list(w) + ", found " + as_list(have) + " (top first)");
  } else if (want.IsMap()) {
    y_.keys(want, {"count", "top"}, "a zone check");
    if (!y_.ok()) throw Failure{y_.errors().back()};
    if (want["count"]) {
      std::int64_t n = y_.integer(want["count"], "count");
      if (n != static_cast<std::int64_t>(have.size()))
        fail(want["count"], "expected " + zname + " to hold " + std::to_string(n) + ", found " +
                                std::to_string(have.size()) + " " + as_list(have));
    }
    if (want["top"]) {
      std::vector<std::string> w = component_list(want["top"]);
      if (w.size() > have.size() || !std::equal(w.begin(), w.end(), have.begin()))
        fail(want["top"], "expected the top of " + zname + " to be " + as_list(w) + ", found " + as_list(have));
    }
  } else {
    fail(want, "a zone check is a list of names, {count: N} or {top: [NAMES]}");
  }
  (void)at;
}

void Runner::expect_vars(const YAML::Node& map) {
  if (!map.IsMap()) fail(map, "vars is a map {NAME: V} or {SEAT.NAME: V}");
  const Table& t = engine_->table();
  for (const auto& kv : map) {
    std::string key = kv.first.Scalar();
    int seat_index = -1;
    std::string name = key;
    auto dot = key.find('.');
    if (dot != std::string::npos) {
      seat_index = seat(kv.first, key.substr(0, dot));
      name = key.substr(dot + 1);
    }
    int v = ruleset_->var_index(name);
    if (v < 0) fail(kv.first, "unknown variable '" + name + "'" + did_you_mean(name, ruleset_->var_names()));
    bool per_seat = ruleset_->vars[v].per_seat;
    if (per_seat && seat_index < 0) fail(kv.first, "variable '" + name + "' is per seat: write SEAT." + name);
    if (!per_seat && seat_index >= 0) fail(kv.first, "variable '" + name + "' is not per seat: write " + name);
    Value have = state_.var(v, per_seat ? seat_index : 0);
    Value want = scalar_value(kv.second);
    // A variable that holds a seat may be expected by the seat's name.
    if (ruleset_->vars[v].holds_seat && want.is_string() && t.seat_by_name(want.as_string()) >= 0)
      want = Value{t.seat_by_name(want.as_string()) + 1};
    if (have != want)
      fail(kv.second, "expected " + key + " to be " + to_text(want) + ", found " + to_text(have));
  }
}

void Runner::expect_legal(const YAML::Node& map) {
  if (!map.IsMap()) fail(map, "legal is a map {SEAT: {includes: [...], excludes: [...]}}");
  for (const auto& kv : map) {
    int s = seat(kv.first, kv.first.Scalar());
    std::vector<std::string> legal;
    if (Status st = engine_->legal(state_, s, legal); !st.ok) fail(kv.first, "the ruleset failed: " + st.message);
    const YAML::Node& spec = kv.second;
    y_.keys(spec, {"includes", "excludes"}, "a legal check");
    if (!y_.ok()) throw Failure{y_.errors().back()};
    // Open-ended actions (a bid of any integer) are legal when the ruleset accepts them.
    auto has = [&](const std::string& a) {
      std::string n = normalize_action(a);
      if (std::any_of(legal.begin(), legal.end(), [&](const std::string& l) { return same_action(l, n); })) return true;
      bool accepted = false;
      std::string canonical, why;
      Status st = engine_->rules().accepts(state_, s, n, accepted, canonical, why);
      if (!st.ok) fail(kv.first, "the ruleset failed: " + st.message);
      return accepted;
    };
    for (const char* which : {"includes", "excludes"}) {
      if (!spec[which]) continue;
      if (!spec[which].IsSequence()) fail(spec[which], std::string(which) + " is a list of actions");
      for (const auto& a : spec[which]) {
        bool want_in = std::string(which) == "includes";
        if (has(a.Scalar()) != want_in)
          fail(a, "expected " + kv.first.Scalar() + "'s legal actions " + (want_in ? "to include" : "to exclude") +
                      " '" + a.Scalar() + "'; legal: " + as_list(legal));
      }
    }
  }
}

}  // namespace

ScenarioResult run_scenario(const std::string& file, const std::vector<std::string>& search_path,
                            const RulesFactory& make_rules, const std::string& scripts_dir) {
  Runner runner(file, search_path, make_rules, scripts_dir);
  return runner.run();
}

}  // namespace arbiter
