// Tests of interpreter/yaml_check.cpp: what every YAML loader (game.yaml, scenarios, saves)
// refuses before any key is read.
#include <catch2/catch.hpp>

#include "interpreter/yaml_check.hpp"

using namespace arbiter;

TEST_CASE("a key given twice in one map is an error at the second, naming the first") {
  YamlChecker y("game.yaml");
  y.load_text("name: A\nplayers: {min: 2, max: 4}\nname: B\n");
  REQUIRE(y.errors().size() == 1);
  CHECK(y.errors()[0] == "game.yaml:3:1: duplicate key 'name' (first given at line 1)");
}

TEST_CASE("duplicates are found in nested maps and lists, and the same key in two maps is fine") {
  YamlChecker y("s.yaml");
  y.load_text("steps:\n  - expect: {over: true, over: false}\nother: {over: 1}\n");
  REQUIRE(y.errors().size() == 1);
  CHECK(y.errors()[0].rfind("s.yaml:2:26: duplicate key 'over'", 0) == 0);
}

TEST_CASE("aliases that multiply a small file into a huge tree are refused, not walked") {
  std::string text = "a: &a [x, x, x, x, x, x, x, x, x, x]\n";
  char prev = 'a';
  for (char c = 'b'; c <= 'j'; ++c, ++prev)
    text += std::string(1, c) + ": &" + c + " [*" + prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev +
            ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + "]\n";
  YamlChecker y("laughs.yaml");
  CHECK(y.load_text(text).IsNull());
  REQUIRE(y.errors().size() == 1);
  CHECK(y.errors()[0].find("too many YAML nodes") != std::string::npos);
}
