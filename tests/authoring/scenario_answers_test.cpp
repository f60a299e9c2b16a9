// Tests of a scenario's answers about the game itself: `refused:` (the game must not start),
// `chosen:` (who has committed to an open simultaneous choice) and `end_reason:`.
#include <catch2/catch.hpp>

#include "authoring/scenario/scenario.hpp"
#include "tests/authoring/scenario_text.hpp"

using namespace arbiter;
using namespace arbiter::scenario_text;

namespace {

using Verdict = ScenarioResult::Verdict;

}  // namespace

TEST_CASE("refused: a set-up stopped by a limit is not a refusal") {
  ScenarioResult r = run_text("refused-loop",
                              "ruleset: " ARBITER_SOURCE_DIR "/tests/fixtures/setup-loop\nrefused: budget\n");
  CHECK(r.verdict == Verdict::Fail);
  CHECK_THAT(r.detail, Catch::Contains("the set-up was stopped by a limit, not refused") &&
                           Catch::Contains("instruction budget exceeded"));
}

TEST_CASE("refused: the game must not start, and the refusal must say the text") {
  const std::string coin = "ruleset: " ARBITER_SOURCE_DIR "/tests/fixtures/coin\n";
  CHECK(run_text("refused-holds", coin + "players: 3\nrefused: players\n").verdict == Verdict::Pass);
  const Malformed cases[] = {
      {"refused-started", "players: 2\nrefused: players\n",
       ":3:10:", "expected the game to be refused ('players'), but it was set up"},
      {"refused-other", "players: 3\nrefused: dragons\n",
       ":3:10:", "expected the refusal to hold 'dragons', found: "},
      {"refused-empty", "players: 3\nrefused: \"\"\n",
       ":3:10:", "an empty text, or one of spaces, is in almost every message"},
      {"refused-steps", "players: 3\nrefused: players\nsteps: []\n",
       ":4:8:", "has no steps: the game never starts"},
      {"refused-spaces", "players: 3\nrefused: \" \"\n",
       ":3:10:", "one of spaces, is in almost every message"},
      {"refused-number", "players: 3\nrefused: 3\n",
       ":3:10:", "refused takes the text the refusal must hold"},
      {"refused-traceback", "players: 3\nrefused: \"in function\"\n",
       ":3:10:", "expected the refusal to hold 'in function'"},
      {"refused-arrange", "players: 3\nrefused: players\narrange: {pile: [token]}\n",
       ":4:10:", "the table was refused before anything was dealt"},
  };
  expect_failures(cases, coin);
}

TEST_CASE("chosen: who has committed to the open simultaneous choice, and nothing else can read it") {
  const std::string throw_ =
      "ruleset: " ARBITER_SOURCE_DIR "/tests/fixtures/throw\nplayers: [Ann, Bob]\nsteps:\n";
  CHECK(run_text("chosen-holds",
                 throw_ + "  - expect: {chosen: []}\n  - Ann: paper\n  - expect: {chosen: [Ann]}\n")
            .verdict == Verdict::Pass);
  const Malformed cases[] = {
      {"chosen-wrong", "  - Ann: paper\n  - expect: {chosen: [Bob]}\n",
       ":5:", "expected [Bob] to have chosen, found [Ann]"},
      {"chosen-map", "  - expect: {chosen: {Ann: paper}}\n",
       ":4:", "chosen is a list of the seats that have chosen"},
      {"chosen-unknown", "  - expect: {chosen: [Zed]}\n", ":4:", "Zed"},
      {"chosen-twice", "  - Ann: paper\n  - expect: {chosen: [Ann, Ann]}\n", ":5:", "chosen names Ann twice"},
  };
  expect_failures(cases, throw_);
  const std::string coin = "ruleset: " ARBITER_SOURCE_DIR "/tests/fixtures/coin\nplayers: [Andy]\nsteps:\n";
  ScenarioResult closed = run_text("chosen-closed", coin + "  - expect: {chosen: []}\n");
  CHECK(closed.verdict == Verdict::Fail);
  CHECK_THAT(closed.detail, Catch::Contains("expected a simultaneous choice to be open, but none is"));
}

TEST_CASE("end_reason: the reason the rules ended the game with, exactly, once it is over") {
  const std::string ttt = "ruleset: tictactoe\nplayers: [Ann, Bob]\nsteps:\n";
#define ROW "  - Ann: a1\n  - Bob: b1\n  - Ann: a2\n  - Bob: b2\n  - Ann: a3\n"
  CHECK(run_text("end-reason-holds", ttt + ROW "  - expect: {end_reason: three in a row}\n").verdict ==
        Verdict::Pass);
  const Malformed cases[] = {
      {"end-reason-other", ROW "  - expect: {end_reason: a full grid}\n",
       ":9:", "expected the game to have ended by 'a full grid', found 'three in a row'"},
      {"end-reason-not-over", "  - Ann: a1\n  - expect: {end_reason: three in a row}\n",
       ":5:", "expected the game to have ended by 'three in a row', but it is not over"},
      {"end-reason-empty", ROW "  - expect: {end_reason: \" \"}\n",
       ":9:", "end_reason is the text the rules finish with"},
      {"end-reason-list", ROW "  - expect: {end_reason: [three]}\n", ":9:", "a reason"},
  };
#undef ROW
  expect_failures(cases, ttt);
}
