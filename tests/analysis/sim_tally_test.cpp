// Tests of analysis/sim/tally.cpp: `sim --tally` taken from the action history, the line
// of play or how often each seat took one action, on Kuhn poker's five lines of betting.
#include <catch2/catch.hpp>

#include <set>

#include "lua/lua_rules.hpp"
#include "analysis/sim/tally.hpp"

using namespace arbiter;

namespace {

std::shared_ptr<const Ruleset> kuhn() {
  static auto r = load_ruleset(ARBITER_SOURCE_DIR "/rulesets/kuhn-poker", ARBITER_SOURCE_DIR "/scripts");
  return r;
}

SimReport tallied(const std::string& spec) {
  SimOptions o;
  o.game.seed = 3;
  o.games = 200;
  o.threads = 2;
  o.tally_actions = spec;
  RulesFactory factory = [](std::shared_ptr<const Ruleset> r) -> std::unique_ptr<Rules> {
    return std::make_unique<LuaRules>(r, ARBITER_SOURCE_DIR "/scripts");
  };
  std::string error;
  auto played = play_games(kuhn(), o, factory, error);
  REQUIRE(error.empty());
  return summarize(*make_table(kuhn(), o.game), o, played);
}

}  // namespace

TEST_CASE("an action tally is 'actions' or 'action:NAME'") {
  CHECK(is_action_tally("actions"));
  CHECK(is_action_tally("action:fold"));
  CHECK_FALSE(is_action_tally("action:"));
  CHECK_FALSE(is_action_tally("action:two words"));
  CHECK_FALSE(is_action_tally("acts"));
}

TEST_CASE("sim --tally actions counts games by their line of play: Kuhn poker has five") {
  SimReport r = tallied("actions");
  CHECK(r.tally == "actions");
  auto table = make_table(kuhn(), SimOptions{}.game);
  std::string a = table->seats[0].name, b = table->seats[1].name;
  std::set<std::string> lines = {a + " check, " + b + " check", a + " check, " + b + " bet, " + a + " call",
                                 a + " check, " + b + " bet, " + a + " fold", a + " bet, " + b + " call",
                                 a + " bet, " + b + " fold"};
  int total = 0;
  for (const auto& [line, n] : r.tally_counts) {
    INFO(line);
    CHECK(lines.count(line) == 1);
    total += n;
  }
  CHECK(r.tally_counts.size() == 5);  // random bots in 200 hands play every line
  CHECK(total == r.finished);
}

TEST_CASE("sim --tally action:NAME counts games by how often each seat took it") {
  SimReport r = tallied("action:fold");
  CHECK(r.tally == "action:fold");
  auto table = make_table(kuhn(), SimOptions{}.game);
  std::string a = table->seats[0].name, b = table->seats[1].name;
  // A hand has at most one fold: each seat folded 0 or 1 times, and the folds are the lines ending in one.
  int per_seat = 0;
  for (const auto& [value, n] : r.tally_counts) {
    INFO(value);
    CHECK((value == a + "=0" || value == a + "=1" || value == b + "=0" || value == b + "=1"));
    per_seat += n;
  }
  CHECK(per_seat == 2 * r.finished);
  SimReport lines = tallied("actions");
  int folds = 0;
  for (const auto& [line, n] : lines.tally_counts)
    if (line.size() > 5 && line.compare(line.size() - 5, 5, " fold") == 0) folds += n;
  int counted = (r.tally_counts.count(a + "=1") ? r.tally_counts.at(a + "=1") : 0) +
                (r.tally_counts.count(b + "=1") ? r.tally_counts.at(b + "=1") : 0);
  CHECK(folds > 0);
  CHECK(counted == folds);
}

TEST_CASE("a long line of play is cut at 256 bytes and ends in an ellipsis") {
  auto table = make_table(kuhn(), SimOptions{}.game);
  ActionTally t(*table, "actions");
  for (int i = 0; i < 100; ++i) t.step({i % 2, "check", 2});
  GameRecord rec;
  t.finish(rec);
  REQUIRE(rec.tallied.size() == 1);
  CHECK(rec.tallied[0].size() <= 256 + 4);
  CHECK_THAT(rec.tallied[0], Catch::EndsWith("…"));
}
