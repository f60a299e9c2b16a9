// Tests of payoffs (runtime/payoffs.cpp) and how sim reports them: the checks at the end
// of a game, the winners they make, and each seat's mean payoff in a report, its interval,
// its JSON, --merge (exact: parts merged equal the whole) and --compare.
#include <catch2/catch.hpp>

#include "lua/lua_rules.hpp"
#include "cli/sim/report.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/payoffs.hpp"
#include "analysis/sim/sim.hpp"

using namespace arbiter;

namespace {

std::shared_ptr<const Ruleset> kuhn() {
  static auto r = load_ruleset(ARBITER_SOURCE_DIR "/rulesets/kuhn-poker", ARBITER_SOURCE_DIR "/scripts");
  return r;
}

SimReport simulate(std::uint64_t seed, int games) {
  SimOptions o;
  o.game.seed = seed;
  o.games = games;
  o.threads = 1;
  std::string error;
  RulesFactory rules = [](std::shared_ptr<const Ruleset> r) -> std::unique_ptr<Rules> {
    return std::make_unique<LuaRules>(r, ARBITER_SOURCE_DIR "/scripts");
  };
  auto records = play_games(kuhn(), o, rules, error);
  REQUIRE(error.empty());
  return summarize(*make_table(kuhn(), o.game), o, records);
}

}  // namespace

TEST_CASE("payoffs: one per seat, within the bounds, adding up to 0 when zero-sum") {
  PayoffDef def;
  def.declared = true, def.min = -2, def.max = 2, def.zero_sum = true;
  CHECK_NOTHROW(check_payoffs(def, {2, -2}, 2));
  CHECK_NOTHROW(check_payoffs(def, {1.0 / 3, 1.0 / 3, -2.0 / 3}, 3));  // zero within rounding
  CHECK_THROWS_WITH(check_payoffs(def, {3, -3}, 2), Catch::Contains("seat 1's payoff 3 is not within"));
  CHECK_THROWS_WITH(check_payoffs(def, {1, 1}, 2), Catch::Contains("add up to 2"));
  CHECK_THROWS_WITH(check_payoffs(def, {1}, 2), Catch::Contains("1 payoffs for 2 seats"));
  CHECK_THROWS_WITH(check_payoffs(def, {0, std::nan("")}, 2),
                    Catch::Contains("seat 2's payoff is not a number"));
  def.zero_sum = false;
  CHECK_NOTHROW(check_payoffs(def, {1, 1}, 2));
  CHECK(def.scaled(-2) == 0);
  CHECK(def.scaled(2) == 1);
  CHECK(def.scaled(0) == 0.5);
}

TEST_CASE("payoffs: the seats with the highest share the win; all alike is a draw") {
  CHECK(results_of_payoffs({2, -2}) == std::vector<double>{1, 0});
  CHECK(results_of_payoffs({1, 1, -2}) == std::vector<double>{0.5, 0.5, 0});
  CHECK(results_of_payoffs({0, 0}) == std::vector<double>{0.5, 0.5});
}

TEST_CASE("sim: each seat's mean payoff with its interval, in JSON, merged exactly and compared") {
  SimReport whole = simulate(1, 300);
  REQUIRE(whole.paid);
  REQUIRE(whole.payoffs.size() == 2);
  CHECK(whole.payoff_unit == "chips");
  CHECK(whole.payoffs[0].n == 300);
  CHECK(whole.payoffs[0].mean == Approx(-whole.payoffs[1].mean));  // zero-sum
  CHECK(whole.payoffs[0].min >= -2);
  CHECK(whole.payoffs[0].max <= 2);
  Interval ci = mean_interval(whole.payoffs[0]);
  CHECK(ci.low < whole.payoffs[0].mean);
  CHECK(ci.high > whole.payoffs[0].mean);
  // Random play: the first seat's expected payoff is 1/8 (bet and fold: +1/4; check, bet, fold: -1/8).
  CHECK(ci.low < 0.125);
  CHECK(ci.high > 0.125);

  std::string json = cli::report_json(whole, {});
  CHECK(json.find("\"payoff\"") != std::string::npos);
  CHECK(json.find("\"unit\": \"chips\"") != std::string::npos);
  CHECK(cli::report_csv(whole).find("payoff_mean") != std::string::npos);

  SimReport merged = merge_reports({simulate(151, 150), simulate(1, 150)}, {"b.json", "a.json"});
  CHECK(cli::report_json(merged, {}) == json);

  bool compared = false;
  for (const Comparison& c : compare(whole, simulate(1001, 300)))
    compared = compared || c.metric == "mean payoff Player1";
  CHECK(compared);
}

TEST_CASE("sim: a report without payoffs and one with them are not merged") {
  SimReport paid = simulate(1, 10), unpaid = paid;
  unpaid.seed = 11, unpaid.paid = false, unpaid.payoffs.clear();
  CHECK_THROWS_WITH(merge_reports({paid, unpaid}, {"a.json", "b.json"}), Catch::Contains("payoffs"));
}
