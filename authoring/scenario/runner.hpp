// The scenario runner's insides, shared by scenario.cpp (setting up and playing the steps)
// and scenario_expect.cpp (the `expect` checks). Not for use outside those two files.
#pragma once
#include <yaml-cpp/yaml.h>

#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "play/driver.hpp"
#include "runtime/engine.hpp"
#include "authoring/scenario/scenario.hpp"
#include "runtime/view.hpp"
#include "runtime/yaml_check.hpp"

namespace arbiter::scenario_detail {

// A failed step or check; the runner turns it into the scenario's FAIL detail.
struct Failure {
  std::string message;
};

// "to be 3, found 4", naming the types when two values read alike ("3" and 3).
std::string compared_values(const Value& want, const Value& have);

class Runner {
 public:
  // `root` is one scenario of `file`; `name` is what it is called when it has no name:.
  Runner(std::string file, YAML::Node root, std::string name, const std::vector<std::string>& path,
         const RulesFactory& f, std::string scripts, const ScenarioOptions& options)
      : y_(std::move(file)), root_(std::move(root)), name_(std::move(name)), path_(path), make_rules_(f),
        scripts_(std::move(scripts)), options_(options) {}

  ScenarioResult run();

 private:
  [[noreturn]] void fail(const YAML::Node& at, const std::string& message) {
    throw Failure{y_.where(at) + ": " + step_label_ + message};
  }
  void label(std::string text) {  // "step 3: (Andy: fold) ", put in every failure
    step_label_ = std::move(text);
    y_.context(step_label_);
  }
  // YamlChecker's readers record an error and go on (a game.yaml reports all of them);
  // a scenario stops at its first, so no check ever runs on a fallback value.
  template <class T>
  T checked(T value) {
    if (!y_.ok()) throw Failure{y_.errors().front()};
    return value;
  }
  std::string text(const YAML::Node& n, const std::string& what) { return checked(y_.text(n, what)); }
  void keys(const YAML::Node& map, const std::vector<std::string>& allowed, const std::string& what) {
    checked(y_.keys(map, allowed, what));
  }

  // scenario.cpp
  // Sets the game up; when `refusal` is given, a table or setup the rules refuse is written
  // there rather than failing the scenario. False when the table itself was refused.
  std::string ruleset_dir(const YAML::Node& root);
  bool load_game(const YAML::Node& root, std::string* refusal = nullptr);
  void expect_refused(const YAML::Node& root);
  std::vector<Seat> read_players(const YAML::Node& n);
  int seat(const YAML::Node& at, const std::string& name);
  int zone(const YAML::Node& at, const std::string& name);
  // Component names, each known to the ruleset ("?", a hidden component, too when `hidden`).
  std::vector<std::string> component_list(const YAML::Node& list, bool hidden = false);
  void arrange(const YAML::Node& map);
  void check_arrangements_used();
  void step(const YAML::Node& s);
  void act(const YAML::Node& at, const std::string& seat_name, const std::string& action);
  void reject(const YAML::Node& at, const std::string& text);
  void decide(const YAML::Node& at, const std::string& result);
  // scenario_play.cpp
  void play(const YAML::Node& spec);
  // scenario_expect.cpp
  void expect(const YAML::Node& checks);
  void expect_score(const YAML::Node& map);
  void expect_winners(const YAML::Node& list);
  void expect_zone(const std::string& zname, const std::vector<std::string>& have, const YAML::Node& want,
                   bool hidden);
  void expect_vars(const YAML::Node& map);
  void expect_legal(const YAML::Node& map);
  // scenario_view.cpp
  void expect_view(const YAML::Node& map);
  void expect_view_vars(const std::string& whose, const View& v, const YAML::Node& map);
  void expect_unseen(const std::string& whose, const View& v, const YAML::Node& list);
  // A variable named as a scenario names it (NAME, SEAT.NAME): its index, and the seat in `seat_index`.
  int var_key(const YAML::Node& at, const std::string& key, int& seat_index);
  // An expected value of variable `var`, read strictly (a seat variable may be given by name).
  Value wanted_value(const YAML::Node& n, int var);
  void expect_log(const YAML::Node& map);
  void expect_results(const YAML::Node& map);
  void expect_chance(const YAML::Node& map);
  void expect_payoffs(const YAML::Node& map);
  void expect_end_reason(const YAML::Node& node);
  void expect_chosen(const YAML::Node& list);  // scenario_chosen.cpp
  double number(const YAML::Node& n, const std::string& what);
  std::int64_t count(const YAML::Node& n);
  std::vector<std::string> texts(const YAML::Node& list, const std::string& what);
  void not_empty(const YAML::Node& map, const std::string& what);

  // An `arrange` the scenario queued: where it was written, for when no shuffle uses it.
  struct Arranged {
    int zone;
    YAML::Node at;
    std::string step_label;
  };

  YamlChecker y_;
  YAML::Node root_;
  std::string name_;
  const std::vector<std::string>& path_;
  const RulesFactory& make_rules_;
  std::string scripts_;
  const ScenarioOptions& options_;
  std::shared_ptr<const Ruleset> ruleset_;
  std::unique_ptr<Rules> rules_;
  std::unique_ptr<Engine> engine_;
  State state_;
  // Plays state_ in place: the steps' actions and outcomes, the chance decisions the scenario
  // does not script (drawn from one stream, seeded from the scenario's seed), `play:`'s play-on.
  std::unique_ptr<TurnDriver> driver_;
  Rng play_rng_;    // the actions a `play:` step's `then: random` chooses
  std::string step_label_;
  std::vector<Arranged> arranged_;  // in the order queued
};

}  // namespace arbiter::scenario_detail
