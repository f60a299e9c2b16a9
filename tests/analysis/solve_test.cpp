// Tests of analysis/solve/*.cpp: CFR+ on games whose equilibria are known by hand —
// rock-paper-scissors (tests/fixtures/rps: value 0, a third each) and Kuhn poker (Kuhn,
// 1950: the first player's value is -1/18; the second player's strategy is unique).
#include <catch2/catch.hpp>

#include <cmath>

#include "lua/lua_rules.hpp"
#include "runtime/diagnostics.hpp"
#include "analysis/solve/solve.hpp"

using namespace arbiter;

namespace {

RulesFactory lua_rules() {
  return [](std::shared_ptr<const Ruleset> r) -> std::unique_ptr<Rules> {
    return std::make_unique<LuaRules>(r, ARBITER_SOURCE_DIR "/scripts");
  };
}

GameOptions two_seats() {
  GameOptions o;
  o.seats = {Seat{"Andy"}, Seat{"Bill"}};
  return o;
}

SolveTree tree_of(const std::string& dir, const GameOptions& o, std::size_t max = kMaxSolveHistories) {
  return build_solve_tree(load_ruleset(dir, ARBITER_SOURCE_DIR "/scripts"), o, lua_rules(), max);
}

double exploitability(const Cfr& cfr) { return (cfr.best_response(0) + cfr.best_response(1)) / 2; }

// The probability of `action` in the information set first reached as `where`.
double probability(const SolveTree& tree, const std::vector<SolvedInfoset>& strategy,
                   const std::string& where, const std::string& action) {
  for (const SolvedInfoset& i : strategy)
    if (i.where == where)
      for (std::size_t a = 0; a < i.actions.size(); ++a)
        if (tree.texts[i.actions[a]] == action) return i.probabilities[a];
  FAIL("no information set " << where << " with action " << action);
  return NAN;
}

}  // namespace

TEST_CASE("solve: rock-paper-scissors is two information sets, value 0, a third each", "[solve]") {
  SolveTree tree = tree_of(ARBITER_SOURCE_DIR "/tests/fixtures/rps", two_seats());
  REQUIRE(tree.error.empty());
  // Andy's throw, Bill's three histories (one information set: he cannot see Andy's throw),
  // nine finished games.
  CHECK(tree.nodes.size() == 13);
  REQUIRE(tree.infosets.size() == 2);
  CHECK(tree.where(1) == "Andy: ?");
  Cfr cfr(tree);
  for (int t = 0; t < 100; ++t) cfr.iterate();
  CHECK(std::abs(cfr.value()) < 1e-9);
  CHECK(exploitability(cfr) < 1e-9);
  for (const SolvedInfoset& i : cfr.strategy())
    for (double p : i.probabilities) CHECK(std::abs(p - 1.0 / 3) < 1e-9);
}

TEST_CASE("solve: Kuhn poker's first player is worth -1/18, the second plays Kuhn's strategy", "[solve]") {
  SolveTree tree = tree_of(ARBITER_SOURCE_DIR "/rulesets/kuhn-poker", two_seats());
  REQUIRE(tree.error.empty());
  CHECK(tree.infosets.size() == 12);  // each seat: 3 cards x its two spots to act
  Cfr cfr(tree);
  for (int t = 0; t < 1000; ++t) cfr.iterate();
  CHECK(std::abs(cfr.value() + 1.0 / 18) < 0.001);
  CHECK(exploitability(cfr) < 0.001);
  auto s = cfr.strategy();
  CHECK(probability(tree, s, "outcome ?, outcome J, Andy: bet", "fold") > 0.99);
  CHECK(probability(tree, s, "outcome ?, outcome K, Andy: bet", "call") > 0.99);
  CHECK(std::abs(probability(tree, s, "outcome ?, outcome Q, Andy: bet", "call") - 1.0 / 3) < 0.02);
  CHECK(std::abs(probability(tree, s, "outcome ?, outcome J, Andy: check", "bet") - 1.0 / 3) < 0.02);
  CHECK(probability(tree, s, "outcome ?, outcome K, Andy: check", "bet") > 0.99);
}

TEST_CASE("solve: the exploitability of a strategy far from best play is large", "[solve]") {
  SolveTree tree = tree_of(ARBITER_SOURCE_DIR "/rulesets/kuhn-poker", two_seats());
  REQUIRE(tree.error.empty());
  Cfr cfr(tree);
  cfr.iterate();  // one iteration's average: each seat's uniform strategy
  // Against a seat that checks, bets, calls and folds at random, a best response wins more
  // than the game's value: the sum of what both best responses gain is well above 0.
  CHECK(exploitability(cfr) > 0.1);
}

TEST_CASE("solve: a tree larger than the cap is refused with the count reached", "[solve]") {
  GameOptions o = two_seats();
  o.set = {{"cards", "4"}, {"prizes", "ascending"}};
  SolveTree tree = tree_of(ARBITER_SOURCE_DIR "/rulesets/goofspiel", o, 1000);
  CHECK_THAT(tree.error, Catch::Contains("too large to solve: more than 1000 histories"));
}

TEST_CASE("solve: goofspiel with 3 cards and the prizes in order is worth 0 to each seat", "[solve]") {
  GameOptions o = two_seats();
  o.set = {{"cards", "3"}, {"prizes", "ascending"}};
  SolveTree tree = tree_of(ARBITER_SOURCE_DIR "/rulesets/goofspiel", o);
  REQUIRE(tree.error.empty());
  // The first bid: Andy's one information set, Bill's one (he has not seen Andy's bid).
  CHECK(tree.where(0) == "the start");
  CHECK(tree.where(1) == "Andy: ?");
  Cfr cfr(tree);
  for (int t = 0; t < 2000; ++t) cfr.iterate();
  CHECK(std::abs(cfr.value()) < 0.001);
  CHECK(exploitability(cfr) < 0.001);
}

TEST_CASE("solve: long action texts are held once, not once an information set", "[solve]") {
  GameOptions o = two_seats();
  o.set = {{"length", "8"}};
  SolveTree tree = tree_of(ARBITER_SOURCE_DIR "/tests/fixtures/hostile/solve-long-actions", o);
  REQUIRE(tree.error.empty());
  CHECK(tree.nodes.size() == 511);
  CHECK(tree.infosets.size() == 255);
  // Two actions and four branches ("Andy: ...", "Bill: ...") of some 4,000 bytes each.
  CHECK(tree.text_bytes < 7 * 4010);
  CHECK(solve_bytes(tree) < (std::size_t{1} << 20));
  CHECK(tree.where(1) == "Andy: " + std::string(3996, 'x') + "left");  // Bill's first choice, after Andy's
}

TEST_CASE("solve: a tree past the cap on bytes is refused with the figure", "[solve]") {
  GameOptions o = two_seats();
  o.set = {{"length", "16"}};
  SolveTree tree =
      build_solve_tree(load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/hostile/solve-long-actions",
                                    ARBITER_SOURCE_DIR "/scripts"),
                       o, lua_rules(), kMaxSolveHistories, false, std::size_t{1} << 20);
  CHECK_THAT(tree.error,
             Catch::Contains("the game is too large to solve: its tree and the solver's tables would take "
                             "more than 1 MiB ("));
}

TEST_CASE("solve: results that do not add up to the same in every finished game are refused, naming two",
          "[solve]") {
  SolveTree tree = tree_of(ARBITER_SOURCE_DIR "/tests/fixtures/hostile/solve-not-constant-sum", two_seats());
  CHECK(tree.error ==
        "the seats' results do not add up to the same in every finished game: 1 after Andy: win, "
        "0 after Andy: nobody; solve takes games where one seat's gain is the other's loss");
}

TEST_CASE("solve: the strategy to report counts against the cap, and is kept only when asked for",
          "[solve]") {
  // 255 information sets, each labelled by a way of up to 8 actions of 4,000 bytes: some
  // 4 MiB of labels, in a tree of a few hundred KiB.
  SolveOptions o;
  o.game = two_seats();
  o.game.set = {{"length", "8"}};
  o.iterations = 1;
  o.max_bytes = std::size_t{2} << 20;
  auto ruleset = load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/hostile/solve-long-actions",
                              ARBITER_SOURCE_DIR "/scripts");
  SolveReport with = solve(ruleset, o, lua_rules());
  CHECK_THAT(with.error,
             Catch::Contains("the game is too large to solve: with the strategy to report (--strategy, "
                             "--write-bot), it would take more than 2 MiB ("));
  o.strategy = false;
  SolveReport without = solve(ruleset, o, lua_rules());
  CHECK(without.error.empty());
  CHECK(without.strategy.empty());
  CHECK(without.histories == 511);
}
