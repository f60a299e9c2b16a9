// Tests of interpreter/diagnostics.cpp: located messages, suggestions and lists of choices.
#include <catch2/catch.hpp>

#include "interpreter/diagnostics.hpp"

using namespace arbiter;

TEST_CASE("located prefixes file, line and column, leaving out what is unknown") {
  CHECK(located("stacks/game.yaml", 12, 5, "oops") == "stacks/game.yaml:12:5: oops");
  CHECK(located("stacks/game.yaml", 12, 0, "oops") == "stacks/game.yaml:12: oops");
  CHECK(located("stacks/game.yaml", 0, 5, "oops") == "stacks/game.yaml: oops");
}

TEST_CASE("closest suggests a near name and nothing for a far one") {
  const std::vector<std::string> keys = {"id", "name", "players", "params", "zones", "vars", "turns"};
  CHECK(closest("plyers", keys) == "players");
  CHECK(closest("PLAYERS", keys) == "players");  // case does not count as a difference
  CHECK(closest("zone", keys) == "zones");
  CHECK(closest("parms", keys) == "params");
  CHECK(closest("xyzzy", keys) == "");
  CHECK(closest("anything", {}) == "");
  // Short names allow two edits, longer ones about a third of their length.
  CHECK(closest("ab", {"xy"}) == "xy");
  CHECK(closest("abc", {"xyz"}) == "");
  CHECK(closest("abcdefghijkl", {"abcdefghwxyz"}) == "abcdefghwxyz");
  CHECK(closest("abcdefghijkl", {"abcdefgvwxyz"}) == "");
  // Of two equally close, the first listed.
  CHECK(closest("cat", {"bat", "cap"}) == "bat");
}

TEST_CASE("did_you_mean is ready to append, or empty") {
  CHECK(did_you_mean("plyers", {"players"}) == " (did you mean 'players'?)");
  CHECK(did_you_mean("xyzzy", {"players"}) == "");
}

TEST_CASE("join_choices lists what is allowed") {
  CHECK(join_choices({}) == "");
  CHECK(join_choices({"a"}) == "a");
  CHECK(join_choices({"a", "b"}) == "a or b");
  CHECK(join_choices({"a", "b", "c"}) == "a, b or c");
  CHECK(join_choices({"a", "b", "c"}, ", ") == "a, b, c");
}
