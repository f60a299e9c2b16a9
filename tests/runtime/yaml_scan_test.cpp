// Tests of runtime/yaml_scan.cpp, through YamlChecker, the one way every YAML file is
// read: trees that contain themselves or run too deep are refused before they are built.
#include <catch2/catch.hpp>

#include "runtime/limits.hpp"
#include "runtime/yaml_check.hpp"

using namespace arbiter;

namespace {

std::string only_error(const std::string& text) {
  YamlChecker y("s.yaml");
  CHECK(y.load_text(text).IsNull());
  REQUIRE(y.errors().size() == 1);
  return y.errors()[0];
}

}  // namespace

TEST_CASE("an alias inside the list or map it stands for is refused at the alias, naming its anchor") {
  CHECK(
      only_error("x: &a [*a]\n") ==
      "s.yaml:1:8: the alias '*a' stands for a list or map that holds the alias itself (its anchor is at line 1, "
      "column 4): a YAML tree may not contain itself");
  CHECK_THAT(only_error("a: &m {b: *m}\n"), Catch::StartsWith("s.yaml:1:11: the alias '*m' stands for"));
  CHECK_THAT(only_error("a: &k {*k : 1}\n"), Catch::StartsWith("s.yaml:1:8: the alias '*k'"));  // as a key
  CHECK_THAT(only_error("a: &deep\n  - - {x: *deep}\n"),
             Catch::StartsWith("s.yaml:2:11: the alias '*deep'") && Catch::Contains("line 1, column 4"));
  // An anchor given again stands for the later node, which holds the alias.
  CHECK_THAT(only_error("a: &a [1]\nb: &a [*a]\n"),
             Catch::StartsWith("s.yaml:2:8:") && Catch::Contains("line 2"));
}

TEST_CASE("a cycle in any document of a file, or after a byte order mark, is found where it is") {
  YamlChecker y("s.yaml");
  y.load_text("x: 1\n---\ny: &b [*b]\n");
  REQUIRE(y.errors().size() == 1);
  CHECK_THAT(y.errors()[0], Catch::StartsWith("s.yaml:3:8: the alias '*b'"));
  CHECK_THAT(only_error("\xEF\xBB\xBFx: &a [*a]\n"), Catch::StartsWith("s.yaml:1:8: the alias '*a'"));
}

TEST_CASE("aliases used again outside their anchor's node are fine") {
  YamlChecker y("s.yaml");
  YAML::Node n = y.load_text("a: &a [1, {b: 2}]\nb: [*a, *a]\nc: &s 3\nd: [*s, &t [*s]]\n");
  CHECK(y.ok());
  CHECK(n["b"][1][1]["b"].Scalar() == "2");
}

TEST_CASE("lists and maps nested deeper than the limit are refused, aliases counted as what they stand for") {
  std::string fits = "z: " + std::string(kMaxYamlDepth - 1, '[') + std::string(kMaxYamlDepth - 1, ']') + "\n";
  YamlChecker y("s.yaml");
  y.load_text(fits);
  CHECK(y.ok());
  std::string over = "z: " + std::string(kMaxYamlDepth, '[') + std::string(kMaxYamlDepth, ']') + "\n";
  CHECK(only_error(over) == "s.yaml:1:" + std::to_string(kMaxYamlDepth + 3) +
                                ": nested too deeply (more than 256 levels of lists and maps)");
  CHECK_THAT(only_error("z: " + std::string(100000, '[') + "\n"),
             Catch::Contains("nested too deeply (more than 256"));
  // Each line a level deeper through the alias of the line before: no line is deep itself.
  std::string chain = "a0: &a0 " + std::string(100, '[') + "1" + std::string(100, ']') + "\n";
  for (int i = 1; i < 3; ++i)
    chain.append("a")
        .append(std::to_string(i))
        .append(": &a")
        .append(std::to_string(i))
        .append(" ")
        .append(100, '[')
        .append("*a")
        .append(std::to_string(i - 1))
        .append(100, ']')
        .append("\n");
  CHECK(
      only_error(chain) ==
      "s.yaml:3:109: nested too deeply (more than 256 levels of lists and maps, counting what the alias '*a1' stands for)");
}
