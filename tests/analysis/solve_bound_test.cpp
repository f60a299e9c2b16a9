// Tests that the bounds `arbiter solve` reports hold: at every checkpoint, from the first
// iteration on, the exact value of the game lies between what seat 0's best response earns
// (the upper bound) and what seat 0's average strategy keeps against seat 1's best response
// (the lower), and within the exploitability of their middle. The exact values: Kuhn poker
// -1/18 (Kuhn, 1950), Leduc hold'em -0.085606424078 (rulesets/leduc-holdem/README.md), a 2x2
// matrix game 1/7 (by hand, tests/fixtures/matrix-2x2), and Liar's Dice with one die each
// (tests/fixtures/liars-dice) by the sequence-form linear program of tests/analysis/solve_lp.hpp.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <map>

#include "lua/lua_rules.hpp"
#include "runtime/diagnostics.hpp"
#include "analysis/solve/solve.hpp"
#include "tests/analysis/solve_lp.hpp"

using namespace arbiter;

namespace {

SolveTree tree_of(const std::string& dir, const std::map<std::string, std::string>& set = {}) {
  GameOptions o;
  o.seats = {Seat{"Andy"}, Seat{"Bill"}};
  o.set = set;
  RulesFactory lua = [](std::shared_ptr<const Ruleset> r) -> std::unique_ptr<Rules> {
    return std::make_unique<LuaRules>(r, ARBITER_SOURCE_DIR "/scripts");
  };
  return build_solve_tree(load_ruleset(dir, ARBITER_SOURCE_DIR "/scripts"), o, lua, kMaxSolveHistories);
}

// Runs CFR+ on `tree` up to `last` iterations and checks the bounds against `exact` after
// 1, 2, 3, 5, 10, 30, 100, 300 and `last` iterations.
void check_bounds(const SolveTree& tree, double exact, int last) {
  REQUIRE(tree.error.empty());
  Cfr cfr(tree);
  const double slack = 1e-12;  // rounding in the sums of the tree
  const std::vector<int> checkpoints = {1, 2, 3, 5, 10, 30, 100, 300};
  for (int t = 1; t <= last; ++t) {
    cfr.iterate();
    if (t != last && std::find(checkpoints.begin(), checkpoints.end(), t) == checkpoints.end()) continue;
    SolveStep s = measure(cfr);
    INFO("after " << t << " iterations: from " << s.low << " to " << s.high << ", estimate " << s.estimate()
                  << " within " << s.exploitability << ", exact " << exact);
    CHECK(s.low <= exact + slack);
    CHECK(exact <= s.high + slack);
    CHECK(std::abs(s.estimate() - exact) <= s.exploitability + slack);
    CHECK(s.low <= s.value + slack);  // the average strategies' own value lies between too
    CHECK(s.value <= s.high + slack);
  }
}

}  // namespace

TEST_CASE("solve bounds: the linear program finds Kuhn poker's -1/18 and the matrix game's 1/7", "[solve]") {
  CHECK(std::abs(lp::game_value(tree_of(ARBITER_SOURCE_DIR "/rulesets/kuhn-poker")) + 1.0 / 18) < 1e-9);
  CHECK(std::abs(lp::game_value(tree_of(ARBITER_SOURCE_DIR "/tests/fixtures/matrix-2x2")) - 1.0 / 7) < 1e-9);
  CHECK(std::abs(lp::game_value(tree_of(ARBITER_SOURCE_DIR "/tests/fixtures/rps"))) < 1e-9);
}

TEST_CASE("solve bounds: Kuhn poker's -1/18 lies within them at every checkpoint", "[solve]") {
  check_bounds(tree_of(ARBITER_SOURCE_DIR "/rulesets/kuhn-poker"), -1.0 / 18, 1000);
}

TEST_CASE("solve bounds: Leduc hold'em's -0.085606424078 lies within them at every checkpoint", "[solve]") {
  check_bounds(tree_of(ARBITER_SOURCE_DIR "/rulesets/leduc-holdem"), -0.085606424078, 300);
}

TEST_CASE("solve bounds: the 2x2 matrix game's 1/7 lies within them at every checkpoint", "[solve]") {
  SolveTree tree = tree_of(ARBITER_SOURCE_DIR "/tests/fixtures/matrix-2x2");
  check_bounds(tree, 1.0 / 7, 1000);
  // After one iteration both play uniformly: Andy's best response (top) earns 1, Bill's
  // (right) leaves Andy 0; the profile itself is worth 1/4.
  Cfr cfr(tree);
  cfr.iterate();
  SolveStep s = measure(cfr);
  CHECK(std::abs(s.high - 1) < 1e-12);
  CHECK(std::abs(s.low) < 1e-12);
  CHECK(std::abs(s.value - 0.25) < 1e-12);
}

TEST_CASE("solve bounds: a matrix game with a better row is worth that row, within them at every checkpoint",
          "[solve]") {
  // Top earns 3 whatever Bill does, bottom -3. After one iteration both play uniformly: the
  // profile is worth 0, 3 away from the value, though the best responses are 3 apart: the
  // bounds' middle (1.5) is within half of that, the profile's value is not.
  SolveTree tree = tree_of(ARBITER_SOURCE_DIR "/tests/fixtures/matrix-2x2",
                           {{"top_right", "3"}, {"bottom_left", "-3"}, {"bottom_right", "-3"}});
  REQUIRE(tree.error.empty());
  CHECK(std::abs(lp::game_value(tree) - 3) < 1e-9);
  check_bounds(tree, 3, 1000);
  Cfr cfr(tree);
  cfr.iterate();
  SolveStep s = measure(cfr);
  CHECK(std::abs(s.estimate() - 1.5) < 1e-12);
  CHECK(std::abs(s.exploitability - 1.5) < 1e-12);
}

TEST_CASE("solve bounds: Liar's Dice with one die each lies within them at every checkpoint", "[solve]") {
  for (const char* faces : {"2", "3"}) {
    SolveTree tree = tree_of(ARBITER_SOURCE_DIR "/tests/fixtures/liars-dice", {{"faces", faces}});
    REQUIRE(tree.error.empty());
    double exact = lp::game_value(tree);
    INFO(faces << " faces: exact value " << exact);
    // CFR+ converges to the same value: a check on the linear program.
    Cfr cfr(tree);
    for (int t = 0; t < 3000; ++t) cfr.iterate();
    CHECK(std::abs(cfr.value() - exact) < 1e-3);
    check_bounds(tree, exact, 1000);
  }
}
