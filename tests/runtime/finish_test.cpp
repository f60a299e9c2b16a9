// Tests of runtime/finish.cpp without Lua: winners worked out from results, and the
// refusals of results that are not one number from 0 to 1 per seat.
#include <catch2/catch.hpp>

#include <cmath>

#include "runtime/finish.hpp"

using namespace arbiter;

TEST_CASE("the winners of results are the seats with the best, none when all are alike") {
  CHECK(winners_of({0.5, 1, 0, 1}) == std::vector<int>{1, 3});
  CHECK(winners_of({0.25, 0.75}) == std::vector<int>{1});
  CHECK(winners_of({0.5, 0.5, 0.5}).empty());  // a draw
  CHECK(winners_of({0, 0}).empty());
  CHECK(winners_of({1}).empty());              // one seat alone has nobody to beat
}

TEST_CASE("a result that is not a number from 0 to 1 is refused, naming its seat") {
  CHECK_THROWS_WITH(winners_of({0.5, 1.5}), "game:finish: seat 2's result should be a number from 0 to 1");
  CHECK_THROWS_WITH(winners_of({-0.1, 1}), Catch::Contains("seat 1's result"));
  CHECK_THROWS_WITH(winners_of({1, 0, std::nan("")}), Catch::Contains("seat 3's result"));
}

TEST_CASE("results give one per seat") {
  CHECK_NOTHROW(check_result_count(3, 3));
  CHECK_THROWS_WITH(check_result_count(2, 3),
                    "game:finish: results gives 2 results for 3 seats: one per seat, each from 0 to 1");
}

TEST_CASE("finishing a game sorts its winners and keeps its results") {
  auto ruleset = load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/api");
  State s(make_table(ruleset, {}));
  finish_game(s, {1, 0}, {});
  CHECK(s.over);
  CHECK(s.winners == std::vector<int>{0, 1});
  CHECK(s.results.empty());
  finish_game(s, {}, {0.5, 0.5});
  CHECK(s.winners.empty());
  CHECK(s.results == std::vector<double>{0.5, 0.5});
}

TEST_CASE("a game's end reason is kept, up to the length of an action's text") {
  auto ruleset = load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/api");
  State s(make_table(ruleset, {}));
  finish_game(s, {0}, {}, "checkmate");
  CHECK(s.end_reason == "checkmate");
  std::uint64_t hash = s.hash();
  finish_game(s, {0}, {}, "resignation");
  CHECK(s.hash() == hash);  // not part of the hash: saves written before it replay alike
  CHECK_THROWS_WITH(finish_game(s, {0}, {}, std::string(4097, 'x')),
                    "game:finish: a reason of 4097 bytes is longer than 4096");
}
