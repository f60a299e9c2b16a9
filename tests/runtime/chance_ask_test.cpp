// Tests of runtime/chance_ask.cpp without Lua: the coin fixture's toss, asked as
// "How did {seat}'s coin land?", with its weights and its question.
#include <catch2/catch.hpp>

#include <cmath>

#include "runtime/chance_ask.hpp"

using namespace arbiter;

namespace {
std::shared_ptr<const Ruleset> coin() { return load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/coin"); }
}  // namespace

TEST_CASE("a chance decision has the weights the rules give, 0 for the others, and its question filled in") {
  auto r = coin();
  ChanceAsk a(*r, "toss");
  a.weigh("tails", 1);
  a.weigh("heads", 2.5);
  a.ask();
  a.fill("seat", "Andy");
  a.fill("unused", "x");
  PendingChance p = a.take();
  CHECK(p.def == r->chance_index("toss"));
  CHECK(p.weights == std::vector<double>{2.5, 1, 0});
  CHECK(p.question == "How did Andy's coin land?");
}

TEST_CASE("a text holding its own key is put in once, and a question past the limit is refused") {
  auto r = coin();
  ChanceAsk a(*r, "toss");
  a.weigh("edge", 1);
  a.ask();
  a.fill("seat", "{seat}{seat}");
  CHECK(a.take().question == "How did {seat}{seat}'s coin land?");
  ChanceAsk b(*r, "toss");
  b.weigh("edge", 1);
  b.ask();
  CHECK_THROWS_WITH(b.fill("seat", std::string(kMaxChanceQuestion, 'x')),
                    "chance 'toss': the question would be longer than 4096 bytes");
}

TEST_CASE("unknown decisions and outcomes are named with a suggestion; weights are finite, 0 or more") {
  auto r = coin();
  CHECK_THROWS_WITH(ChanceAsk(*r, "tosss"),
                    Catch::Contains("unknown chance decision 'tosss' (did you mean 'toss'?)"));
  ChanceAsk a(*r, "toss");
  CHECK_THROWS_WITH(a.weigh("head", 1), "chance 'toss' has no outcome 'head' (did you mean 'heads'?)");
  CHECK_THROWS_WITH(a.weigh("heads", -1), "chance weights are finite numbers, 0 or more");
  CHECK_THROWS_WITH(a.weigh("heads", std::nan("")), "chance weights are finite numbers, 0 or more");
  CHECK_THROWS_WITH(a.weigh("heads", INFINITY), "chance weights are finite numbers, 0 or more");
  a.weigh("heads", 0);
  CHECK_THROWS_WITH(a.ask(), "chance 'toss': every outcome has weight 0");
}
