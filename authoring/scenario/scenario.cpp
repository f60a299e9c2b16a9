// The scenario runner: sets the game up and plays the steps. Each step is checked against
// the contract in docs/scenarios.md; every problem is reported with the file, line and
// step that caused it. The `expect` checks are in scenario_expect.cpp.
#include "authoring/scenario/scenario.hpp"

#include <algorithm>
#include <filesystem>
#include <map>

#include "runtime/diagnostics.hpp"
#include "runtime/limits.hpp"
#include "authoring/scenario/runner.hpp"
#include "runtime/seeds.hpp"

namespace fs = std::filesystem;

namespace arbiter {

namespace scenario_detail {

namespace {

const std::vector<std::string> kTopKeys = {"name", "description", "ruleset", "players", "seed", "params",
                                           "variant", "arrange", "steps", "skip", "refused"};
const std::vector<std::string> kStepKeys = {"reject", "outcome", "arrange", "expect", "play"};

}  // namespace

ScenarioResult Runner::run() {
  ScenarioResult result;
  result.file = y_.file();
  result.name = name_;
  try {
    const YAML::Node& root = root_;
    if (!root.IsMap()) fail(root, "a scenario is a map with name, players and steps");
    if (root["name"]) result.name = text(root["name"], "name");
    keys(root, kTopKeys, "the scenario");
    if (root["skip"]) {
      // `skip: false` reads as "do not skip", and would skip: only a reason is taken.
      Value reason = scalar_value(root["skip"]);
      if (!reason.is_string() || reason.as_string().empty())
        fail(root["skip"], "skip takes the reason the scenario is not run, as text");
      result.verdict = ScenarioResult::Verdict::Skip;
      result.detail = reason.as_string();
      return result;
    }
    if (root["refused"]) {
      expect_refused(root);
      return result;
    }
    load_game(root);
    if (!root["steps"]) fail(root, "the scenario has no steps");
    if (!root["steps"].IsSequence()) fail(root["steps"], "steps should be a list");
    if (root["steps"].size() == 0) fail(root["steps"], "steps is empty: the scenario would check nothing");
    int number = 0;
    for (const auto& s : root["steps"]) {
      label("step " + std::to_string(++number) + ": ");
      step(s);
      checked(0);  // nothing a step read may be left unreported
    }
    label("");
    check_arrangements_used();
  } catch (const Failure& f) {
    result.verdict = ScenarioResult::Verdict::Fail;
    result.detail = f.message;
  } catch (const InputError& e) {
    result.verdict = ScenarioResult::Verdict::Fail;
    result.detail = e.what();
  } catch (const std::exception& e) {
    result.verdict = ScenarioResult::Verdict::Fail;
    result.detail = y_.file() + ": " + step_label_ + user_message(e, "the scenario");
  }
  return result;
}

// `refused: TEXT`: the game must not start. Its table (players, params, variant) or the
// rules' setup must refuse it with a message holding TEXT; a ruleset that does not load is
// a failure as ever, not the refusal expected.
void Runner::expect_refused(const YAML::Node& root) {
  const YAML::Node& want_node = root["refused"];
  Value v = scalar_value(want_node);
  if (!v.is_string())
    fail(want_node, "refused takes the text the refusal must hold (quote a number: \"7 players\")");
  const std::string& want = v.as_string();
  if (want.find_first_not_of(" \t") == std::string::npos)
    fail(
        want_node,
        "refused takes a text the refusal must hold; an empty text, or one of spaces, is in almost every message");
  if (root["steps"])
    fail(root["steps"], "a scenario that expects the game to be refused has no steps: the game never starts");
  std::string why;
  bool table_made = load_game(root, &why);
  if (why.empty())
    fail(want_node, "expected the game to be refused (" + quote(want) + "), but it was set up");
  if (is_limit_stop(why)) fail(want_node, "the set-up was stopped by a limit, not refused: " + why);
  std::string first_line = why.substr(0, why.find('\n'));  // not the traceback: it names every file and line
  if (first_line.find(want) == std::string::npos)
    fail(want_node, "expected the refusal to hold " + quote(want) + ", found: " + first_line);
  if (root["arrange"] && !table_made)
    fail(root["arrange"], "the table was refused before anything was dealt: this arrangement is never used");
  if (root["arrange"]) check_arrangements_used();
}

// The ruleset's folder: `ruleset:` (a path beside the scenario, or an id), else the ruleset
// whose scenarios/ folder holds the file.
std::string Runner::ruleset_dir(const YAML::Node& root) {
  std::string dir;
  if (root["ruleset"]) {
    std::string name = text(root["ruleset"], "ruleset");
    try {
      fs::path rel = fs::path(y_.file()).parent_path() / name;
      dir = (name.find('/') != std::string::npos && fs::exists(rel / "game.yaml"))
                ? rel.string()
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
  return dir;
}

bool Runner::load_game(const YAML::Node& root, std::string* refusal) {
  std::string dir = ruleset_dir(root);
  ruleset_ = options_.load_ruleset ? options_.load_ruleset(dir) : load_ruleset(dir, scripts_);
  rules_ = make_rules_(ruleset_);
  GameOptions options;
  if (root["players"]) options.seats = read_players(root["players"]);
  if (root["seed"]) options.seed = y_.unsigned_integer(root["seed"], "seed", 1);
  if (root["variant"]) options.variant = y_.text(root["variant"], "variant");
  if (root["params"] && y_.is_map(root["params"], "params"))
    for (const auto& kv : root["params"])
      options.set[y_.text(kv.first, "a parameter's name")] = y_.text(kv.second, "a parameter value");
  y_.throw_if_errors();
  at_table_params(*ruleset_, options);  // the game the rulebook describes, unless params: says otherwise
  std::shared_ptr<const Table> table;
  try {
    table = make_table(ruleset_, options);
  } catch (const InputError& e) {
    if (refusal) {
      *refusal = e.what();
      return false;
    }
    fail(root["players"] ? root["players"] : root, e.what());
  }
  engine_ = std::make_unique<Engine>(table, *rules_);
  state_ = State(table);
  play_rng_.reseed(scenario_play_seed(options.seed));
  if (root["arrange"]) {
    label("arrange: ");
    arrange(root["arrange"]);
    label("");
  }
  if (Status st = engine_->start(state_); !st.ok) {
    if (refusal) {
      *refusal = st.message;
      return true;
    }
    fail(root, "setting up the game failed: " + st.message);
  }
  TurnDriver::Options play;
  play.chance_seed = scenario_chance_seed(options.seed);
  play.undo = false;
  play.author = true;  // the scenario's reader wrote the rules: script errors name file and line
  driver_ = std::make_unique<TurnDriver>(*engine_, &state_, std::move(play));
  return true;
}

std::vector<Seat> Runner::read_players(const YAML::Node& n) {
  std::vector<Seat> seats;
  if (n.IsScalar()) {
    std::int64_t count = checked(y_.integer(n, "players"));
    if (count < 1 || count > kMaxSeats)
      fail(n, "players should be a number from 1 to " + std::to_string(kMaxSeats) + ", not " + n.Scalar());
    for (std::int64_t i = 1; i <= count; ++i) seats.push_back({"Player" + std::to_string(i), -1});
    return seats;
  }
  if (!n.IsSequence() || n.size() == 0) fail(n, "players should be a list of names or a number");
  for (const auto& p : n) {
    if (p.IsScalar()) seats.push_back({p.Scalar(), -1});
    else if (p.IsMap()) {
      keys(p, {"name", "age"}, "a player");
      if (!p["name"]) fail(p, "a player needs a name");
      std::int64_t age = p["age"] ? checked(y_.integer(p["age"], "age")) : -1;
      if (p["age"] && (age < 0 || age > 1000)) fail(p["age"], "an age is a whole number from 0 to 1000");
      seats.push_back({text(p["name"], "a player's name"), static_cast<int>(age)});
    } else fail(p, "a player is a name or {name: N, age: A}");
  }
  return seats;
}

int Runner::seat(const YAML::Node& at, const std::string& name) {
  int s = engine_->table().seat_by_name(name);
  if (s < 0)
    fail(at, "unknown seat " + quote(name) + did_you_mean(name, engine_->table().seat_names()) + "; seats: " +
                 join_choices(engine_->table().seat_names(), ", ") + " (or 1 to " +
                 std::to_string(engine_->table().seat_count()) + ")");
  return s;
}

int Runner::zone(const YAML::Node& at, const std::string& name) {
  int z = engine_->table().zone_by_name(name);
  if (z < 0) fail(at, "unknown zone " + quote(name) + did_you_mean(name, engine_->table().zone_names()));
  return z;
}

std::vector<std::string> Runner::component_list(const YAML::Node& list, bool hidden) {
  if (!list.IsSequence()) fail(list, "expected a list of component names");
  std::vector<std::string> names;
  std::vector<std::string> known;
  for (const auto& k : ruleset_->kinds) known.push_back(k.name);
  for (const auto& item : list) {
    std::string name = text(item, "a component's name");
    bool unseen = name == "?" || (name.size() > 3 && name.starts_with("?(") && name.ends_with(")"));
    if (engine_->table().kind_by_name(name) < 0 && !(hidden && unseen))
      fail(item, "unknown component " + quote(name) + did_you_mean(name, known));
    names.push_back(name);
  }
  return names;
}

void Runner::arrange(const YAML::Node& map) {
  if (!map.IsMap() || map.size() == 0) fail(map, "arrange is a map {ZONE: [NAMES]}");
  for (const auto& kv : map) {
    int z = zone(kv.first, text(kv.first, "a zone"));
    std::vector<int> kinds;
    for (const auto& name : component_list(kv.second)) kinds.push_back(engine_->table().kind_by_name(name));
    if (kinds.empty())
      fail(kv.second, "an arrangement names the components to put on top; this one names none");
    state_.arrange(z, std::move(kinds));
    arranged_.push_back({z, kv.first, step_label_});
  }
}

// An arrangement that no shuffle used fixed nothing: what the scenario then checked was
// dealt by the seeded generator, not by the arrangement its author read.
void Runner::check_arrangements_used() {
  for (std::size_t zone = 0; zone < engine_->table().zones.size(); ++zone) {
    int z = static_cast<int>(zone);
    auto left = std::count_if(state_.arranged.begin(), state_.arranged.end(),
                              [&](const auto& a) { return a.first == z; });
    if (left == 0) continue;
    std::vector<const Arranged*> queued;
    for (const auto& a : arranged_)
      if (a.zone == z) queued.push_back(&a);
    const Arranged& unused = *queued[queued.size() - static_cast<std::size_t>(left)];
    label(unused.step_label);
    fail(unused.at, "this arrangement of " + engine_->table().zones[zone].name +
                        " was never used: no shuffle of it came after it before the scenario ended");
  }
}

void Runner::step(const YAML::Node& s) {
  if (!s.IsMap() || s.size() != 1)
    fail(s, "a step is a map with exactly one key (SEAT, reject, outcome, arrange, expect or play)");
  auto kv = *s.begin();
  std::string key = text(kv.first, "a step's key");
  label(step_label_ + "(" + shortened(key + (kv.second.IsScalar() ? ": " + kv.second.Scalar() : "")) + ") ");
  if (key == "reject") reject(kv.second, text(kv.second, "reject"));
  else if (key == "outcome") decide(kv.second, text(kv.second, "outcome"));
  else if (key == "arrange") arrange(kv.second);
  else if (key == "expect") expect(kv.second);
  else if (key == "play") play(kv.second);
  else {
    if (engine_->table().seat_by_name(key) < 0) {
      std::vector<std::string> choices = kStepKeys;
      for (const auto& n : engine_->table().seat_names()) choices.push_back(n);
      fail(kv.first, "unknown step or seat " + quote(key) + did_you_mean(key, choices));
    }
    if (!kv.second.IsScalar()) fail(kv.second, "an action is written as text, as a player types it");
    act(kv.first, key, kv.second.Scalar());
  }
}

void Runner::decide(const YAML::Node& at, const std::string& result) {
  if (!engine_->pending_chance(state_)) fail(at, "no chance decision is pending");
  ActionResult o = driver_->outcome(result);
  if (!o.ok())
    fail(at, "the outcome " + quote(result) + " was refused: " + o.message +
                 (o.legal.empty() ? "" : "; outcomes: " + join_choices(o.legal, ", ")));
}

void Runner::act(const YAML::Node& at, const std::string& seat_name, const std::string& action) {
  int s = seat(at, seat_name);
  // Chance decisions the scenario does not script are drawn by the driver, from the scenario's seed.
  TurnDriver::Run r = driver_->run();
  if (r.stop == TurnDriver::Stop::Failed && driver_->decision_status().ok &&
      driver_->decision().kind == Decision::Kind::Chance)
    fail(at, r.status.message);  // "chance decision: " and why
  ActionResult o = driver_->act(s, action);
  if (!o.ok()) {
    std::string msg = "expected " + quote(action) + " by " + seat_name +
                      " to be accepted, but it was refused: " + to_text(o.refusal) +
                      (o.message.empty() ? "" : " (" + o.message + ")");
    if (!o.legal.empty()) msg += "; legal: " + join_choices(o.legal, ", ");
    fail(at, msg);
  }
}

void Runner::reject(const YAML::Node& at, const std::string& text) {
  std::string seat_name, action;
  if (!split_seat_action(text, seat_name, action)) fail(at, "reject takes \"SEAT: ACTION\"");
  int s = seat(at, seat_name);
  // No player can type an empty action, and none is taken: the step could not fail.
  if (action.empty()) fail(at, "reject names no action after '" + seat_name + ":': it would check nothing");
  // Arbiter refuses a text this long before any rule sees it: the step could not fail.
  if (action.size() > kMaxActionText)
    fail(at, "reject names an action of " + std::to_string(action.size()) +
                 " bytes, longer than any action is read (" + std::to_string(kMaxActionText) +
                 "): it would check nothing");
  std::uint64_t before = state_.hash();
  State copy = state_;
  ActionResult o = engine_->apply(state_, s, action);
  if (o.ok()) fail(at, "expected " + quote(text) + " to be refused, but it was accepted");
  if (o.refusal == Refusal::ScriptError) fail(at, "expected a refusal, but the ruleset failed: " + o.message);
  if (state_.hash() != before || !state_.same_play_state(copy))
    fail(at, "the action was refused but the state changed");
}

}  // namespace scenario_detail

struct ScenarioCache::Impl {
  struct File {
    std::vector<YAML::Node> scenarios;
    std::string errors;  // why the file does not parse, one line each
  };
  std::map<std::string, File> files;
};

ScenarioCache::ScenarioCache() : impl(std::make_unique<Impl>()) {}
ScenarioCache::~ScenarioCache() = default;

namespace {

// The scenarios of a file: each document is a scenario, or a list of them. An empty
// document (a trailing '---') holds no steps that could be lost; it is not a scenario when
// others are there.
ScenarioCache::Impl::File read_scenario_file(const std::string& file) {
  ScenarioCache::Impl::File out;
  YamlChecker y(file);
  std::vector<YAML::Node> documents = y.load_documents();
  for (const auto& e : y.errors()) out.errors += (out.errors.empty() ? "" : "\n") + e;
  if (!y.ok()) return out;
  for (const auto& d : documents) {
    if (d.IsSequence()) {
      if (d.size() == 0) out.scenarios.push_back(d);  // fails: "a scenario is a map"
      for (const auto& item : d) out.scenarios.push_back(item);
    } else if (!d.IsNull() || documents.size() == 1) {
      out.scenarios.push_back(d);
    }
  }
  if (out.scenarios.empty()) out.scenarios.emplace_back();
  return out;
}

}  // namespace

std::vector<ScenarioResult> run_scenarios(const std::string& file,
                                          const std::vector<std::string>& search_path,
                                          const RulesFactory& make_rules, const std::string& scripts_dir,
                                          const ScenarioOptions& options) {
  std::string base = fs::path(file).filename().string();
  ScenarioCache::Impl::File read;
  const ScenarioCache::Impl::File* parsed = &read;
  if (options.cache) {
    auto& files = options.cache->impl->files;
    auto kept = files.find(file);
    if (kept == files.end()) kept = files.emplace(file, read_scenario_file(file)).first;
    parsed = &kept->second;
  } else {
    read = read_scenario_file(file);
  }
  if (!parsed->errors.empty())
    return {ScenarioResult{file, base, ScenarioResult::Verdict::Fail, parsed->errors}};
  const std::vector<YAML::Node>& scenarios = parsed->scenarios;
  std::vector<ScenarioResult> results;
  for (std::size_t i = 0; i < scenarios.size(); ++i) {
    std::string name = scenarios.size() == 1 ? base : base + " #" + std::to_string(i + 1);
    scenario_detail::Runner runner(file, scenarios[i], name, search_path, make_rules, scripts_dir, options);
    results.push_back(runner.run());
    if (options.stop_at_failure && results.back().verdict == ScenarioResult::Verdict::Fail) break;
  }
  return results;
}

ScenarioResult run_scenario(const std::string& file, const std::vector<std::string>& search_path,
                            const RulesFactory& make_rules, const std::string& scripts_dir) {
  std::vector<ScenarioResult> all = run_scenarios(file, search_path, make_rules, scripts_dir);
  if (all.size() == 1) return all.front();
  // Several: one verdict for the file, so none of them can fail unseen.
  ScenarioResult r{file, fs::path(file).filename().string(), ScenarioResult::Verdict::Skip, ""};
  for (const auto& one : all) {
    if (one.verdict == ScenarioResult::Verdict::Fail) {
      r.verdict = ScenarioResult::Verdict::Fail;
      r.detail += (r.detail.empty() ? "" : "\n") + one.name + ": " + one.detail;
    } else if (one.verdict == ScenarioResult::Verdict::Pass && r.verdict == ScenarioResult::Verdict::Skip) {
      r.verdict = ScenarioResult::Verdict::Pass;
    }
  }
  return r;
}

}  // namespace arbiter
