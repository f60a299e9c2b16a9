// Tests of runtime/yaml_check.cpp: what every YAML loader (game.yaml, scenarios, saves)
// refuses before any key is read.
#include <catch2/catch.hpp>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "runtime/yaml_check.hpp"

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
    text += std::string(1, c) + ": &" + c + " [*" + prev + ", *" + prev + ", *" + prev + ", *" + prev +
            ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + ", *" + prev + "]\n";
  YamlChecker y("laughs.yaml");
  CHECK(y.load_text(text).IsNull());
  REQUIRE(y.errors().size() == 1);
  CHECK(y.errors()[0].find("too many YAML nodes") != std::string::npos);
}

TEST_CASE("a YAML file over the size limit is refused before it is parsed") {
  auto path = std::filesystem::temp_directory_path() / "arbiter-huge.yaml";
  {
    std::ofstream out(path);
    out << "players: {min: 2, max: 2}\n";
    std::string filler = "# " + std::string(1021, 'x') + "\n";  // 1 KiB a line
    for (int i = 0; i < 17 * 1024; ++i) out << filler;
  }
  YamlChecker y(path.string());
  CHECK(y.load().IsNull());
  std::filesystem::remove(path);
  REQUIRE(y.errors().size() == 1);
  CHECK_THAT(y.errors()[0],
             Catch::EndsWith(
                 "arbiter-huge.yaml: is 17825818 bytes; a YAML file may hold at most 16777216 (16 MiB)"));
}

TEST_CASE("an unreadable YAML file says why") {
  if (geteuid() == 0) {
    WARN("skipped: root reads a file whatever its permissions");
    return;
  }
  auto path = std::filesystem::temp_directory_path() / "arbiter-unreadable.yaml";
  std::ofstream(path) << "players: {min: 2, max: 2}\n";
  std::filesystem::permissions(path, std::filesystem::perms::none);
  YamlChecker y(path.string());
  CHECK(y.load().IsNull());
  std::filesystem::remove(path);
  REQUIRE(y.errors().size() == 1);
  CHECK_THAT(y.errors()[0], Catch::EndsWith("arbiter-unreadable.yaml: cannot be read (Permission denied)"));
}

TEST_CASE("a folder, or a file nested past the parser's depth, is an error and not a crash") {
  YamlChecker folder(std::filesystem::temp_directory_path().string());
  CHECK(folder.load().IsNull());
  REQUIRE(folder.errors().size() == 1);
  CHECK_THAT(folder.errors()[0], Catch::EndsWith(": is a folder, not a YAML file"));
  YamlChecker deep("deep.yaml");
  CHECK(deep.load_text("a: " + std::string(5000, '[') + std::string(5000, ']') + "\n").IsNull());
  REQUIRE(deep.errors().size() == 1);
  CHECK_THAT(deep.errors()[0], Catch::StartsWith("deep.yaml:1:") && Catch::Contains("nested too deeply"));
}

TEST_CASE("a file holds one YAML document: text after '---' or '...' is an error, not ignored") {
  for (const char* text : {"steps: [a]\n---\nsteps: [b]\n", "steps: [a]\n...\nexpect: {over: true}\n"}) {
    YamlChecker y("s.yaml");
    CHECK(y.load_text(text).IsNull());
    REQUIRE(y.errors().size() == 1);
    CHECK(y.errors()[0].rfind("s.yaml:3:1: a second YAML document", 0) == 0);
  }
  YamlChecker y("s.yaml");
  CHECK(y.load_text("---\nsteps: [a]\n...\n")["steps"].IsSequence());
  CHECK(y.ok());
}

TEST_CASE("unsigned_integer reads every 64-bit seed and nothing else") {
  YamlChecker y("s.yaml");
  YAML::Node n = y.load_text("a: 18446744073709551615\nb: -1\nc: \"7\"\nd: 18446744073709551616\n");
  CHECK(y.unsigned_integer(n["a"], "seed") == 18446744073709551615ULL);
  CHECK(y.ok());
  for (const char* k : {"b", "c", "d"}) y.unsigned_integer(n[k], "seed");
  CHECK(y.errors().size() == 3);
}

TEST_CASE("a file with a zero byte is not text, and says on which line") {
  std::string file =
      std::filesystem::temp_directory_path() / ("arbiter-zero-" + std::to_string(::getpid()) + ".yaml");
  std::ofstream(file, std::ios::binary) << "a: 1\nb: \x01" << std::string(1, '\0') << "\x7f\n";
  YamlChecker y(file);
  CHECK(y.load().IsNull());
  std::filesystem::remove(file);
  REQUIRE(y.errors().size() == 1);
  CHECK(y.errors()[0] == file + ": is not a text file (a zero byte on line 2)");
}

TEST_CASE("load_documents reads every document (scenario files only), each key-checked") {
  std::string file =
      std::filesystem::temp_directory_path() / ("arbiter-docs-" + std::to_string(::getpid()) + ".yaml");
  std::ofstream(file) << "steps: [a]\n---\nsteps: [b]\n...\n---\nx: 1\nx: 2\n";
  YamlChecker y(file);
  auto docs = y.load_documents();
  std::filesystem::remove(file);
  REQUIRE(docs.size() == 3);
  CHECK(docs[1]["steps"][0].Scalar() == "b");
  REQUIRE(y.errors().size() == 1);
  CHECK_THAT(y.errors()[0], Catch::Contains(":7:1: duplicate key 'x' (first given at line 6)"));
}
