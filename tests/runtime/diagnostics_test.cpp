// Tests of runtime/diagnostics.cpp: located messages, suggestions and lists of choices.
#include <catch2/catch.hpp>

#include "runtime/diagnostics.hpp"

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

TEST_CASE("closest does bounded work whatever the lengths and the number of names") {
  // Two names of a megabyte: the full table would be 10^12 cells.
  std::string long_name(1 << 20, 'a');
  CHECK(closest(long_name, {long_name + "b"}) == "");
  CHECK(closest("zone", {long_name, "zones"}) == "zones");
  // A long list of names a little off: the search stops after kSuggestWork cells, having found one.
  std::vector<std::string> many(200000, std::string(200, 'x'));
  many[10] = std::string(199, 'x') + "y";
  CHECK(closest(std::string(200, 'x') + "", many) == many[0]);
  many.push_back(std::string(200, 'q'));
  CHECK(closest(std::string(200, 'q'), many) ==
        "");  // beyond the budget: no suggestion rather than a long wait
}

TEST_CASE("quote cuts long input and gives its length") {
  CHECK(quote("Andy") == "'Andy'");
  std::string name(20 << 20, 'z');
  CHECK(quote(name) == "'" + std::string(56, 'z') + "…' (20971520 bytes)");
  CHECK(shortened(name) == std::string(56, 'z') + "… (20971520 bytes)");
  // Not in the middle of a character: 'é' is two bytes.
  std::string accents;
  for (int i = 0; i < 40; ++i) accents += "é";
  std::string cut = quote(accents);
  CHECK(cut.substr(0, 57) == std::string("'").append(accents, 0, 56));
}

TEST_CASE("a script error in another seat's action shows only the place it starts with") {
  CHECK(
      withheld_script_error(
          "botleak/rules.lua:14: cannot play plum now\n\tbotleak/rules.lua:14: in function <x>", "Bob") ==
      "botleak/rules.lua:14: a script error in Bob's action (its message is not shown to the other seats: it may name "
      "what only Bob sees)");
  // Text before a place is the ruleset's own: error("cannot play plum: " .. err, 0).
  std::string level0 = withheld_script_error("cannot play plum now: leak/rules.lua:13: boom", "Bob");
  CHECK(level0.find("plum") == std::string::npos);
  CHECK(level0.rfind("a script error in Bob's action", 0) == 0);
  CHECK(withheld_script_error("plum", "Bob").find("plum") == std::string::npos);
}
