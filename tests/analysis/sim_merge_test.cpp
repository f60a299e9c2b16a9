// Tests of analysis/sim/merge.cpp (`sim --merge`) beyond tests/analysis/sim_test.cpp's (merged parts
// equal the whole run byte for byte; overlaps, gaps, other limits and edited reports refused):
// the reports refused for being of other games, partial or unmergeable, and the counts added.
#include <catch2/catch.hpp>

#include "runtime/diagnostics.hpp"
#include "analysis/sim/sim.hpp"

using namespace arbiter;

namespace {

std::shared_ptr<const Ruleset> counter() {
  static auto r = load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/counter");
  return r;
}

// The report of `games` games from `seed`, Andy winning each even game and Bill each odd one,
// each scored 1 for its winner; the `unfinished` first games stopped at the action limit.
SimReport report(std::uint64_t seed, int games, int unfinished = 0) {
  SimOptions o;
  o.game.seats = {{"Andy", -1}, {"Bill", -1}};
  o.game.seed = seed;
  o.games = games;
  auto table = make_table(counter(), o.game);
  std::vector<GameRecord> records;
  for (int g = 0; g < games; ++g) {
    GameRecord r;
    r.seed = seed + static_cast<std::uint64_t>(g);
    r.bots = {"random", "random"};
    int winner = static_cast<int>(r.seed % 2);
    r.winners = {winner};
    r.scores = {Value(winner == 0 ? 1 : 0), Value(winner == 1 ? 1 : 0)};
    r.first_seat = 0;
    r.turns = 4 + g, r.rounds = 1, r.actions = 5 + g;
    r.hit_limit = g < unfinished;
    records.push_back(std::move(r));
  }
  return summarize(*table, o, records);
}

}  // namespace

TEST_CASE("sim_merge: merged counts are the parts' counts added, in whatever order the parts come") {
  SimReport a = report(10, 6, 1), b = report(16, 4, 1);
  SimReport m = merge_reports({b, a}, {"b.json", "a.json"});
  CHECK(m.seed == 10);
  CHECK(m.games == 10);
  CHECK(m.finished == 8);
  CHECK(m.hit_limit == 2);
  CHECK(m.limit_seeds == std::vector<std::uint64_t>{10, 16});
  CHECK(m.seats[0].win.games == 8);
  CHECK(m.seats[0].win.wins == a.seats[0].win.wins + b.seats[0].win.wins);
  CHECK(m.turns.n == 8);
  CHECK(m.turns.min == 5);  // the second game of each (the first of each, of 4 turns, hit the limit)
  CHECK(m.turns.max == 9);  // a's last
  CHECK(m.seats[0].score.n == 8);
  CHECK(m.seats[0].histogram.size() == a.seats[0].histogram.size());
  int counted = 0;
  for (int c : m.seats[1].histogram) counted += c;
  CHECK(counted == 8);
}

TEST_CASE("sim_merge: one report merged alone is itself; none is an error") {
  SimReport a = report(3, 5);
  SimReport m = merge_reports({a}, {"a.json"});
  CHECK(m.games == a.games);
  CHECK(m.seats[1].win.wins == a.seats[1].win.wins);
  CHECK_THROWS_WITH(merge_reports({}, {}), "sim --merge: name the reports to merge");
}

TEST_CASE("sim_merge: reports of other seats, bots, rulesets or tallies are refused, naming both files") {
  SimReport a = report(1, 4), b = report(5, 4);
  SECTION("a seat named otherwise") {
    b.seats[1].name = "Cleo";
    CHECK_THROWS_WITH(merge_reports({a, b}, {"a.json", "b.json"}),
                      "a.json and b.json cannot be merged: seat 2 is Bill in one and Cleo in the other");
  }
  SECTION("another bot") {
    b.seats[0].bot = "mcts";
    CHECK_THROWS_WITH(merge_reports({a, b}, {"a.json", "b.json"}),
                      Catch::Contains("Andy is played by random in one and mcts"));
  }
  SECTION("another ruleset") {
    b.ruleset = "stacks";
    CHECK_THROWS_WITH(merge_reports({a, b}, {"a.json", "b.json"}),
                      Catch::Contains("they are of different rulesets"));
  }
  SECTION("another tally") {
    b.tally = "count";
    CHECK_THROWS_WITH(merge_reports({a, b}, {"a.json", "b.json"}),
                      Catch::Contains("they tally different variables (none and count)"));
  }
}

TEST_CASE("sim_merge: a partial report may end the seeds but not be followed, and an old report is refused") {
  SimReport a = report(1, 4), b = report(5, 4);
  a.asked = 10;  // stopped by Ctrl-C after 4 of 10 games
  CHECK_THROWS_WITH(merge_reports({a, b}, {"a.json", "b.json"}),
                    Catch::Contains("a.json is partial (stopped after 4 of the 10 games asked for)"));
  SimReport last = report(5, 4);
  last.asked = 6;
  CHECK(merge_reports({report(1, 4), last}, {"a.json", "b.json"}).asked == 10);
  b.mergeable = false;
  CHECK_THROWS_WITH(merge_reports({report(1, 4), b}, {"a.json", "b.json"}),
                    Catch::StartsWith("b.json: a report without the exact sums merging needs"));
}
