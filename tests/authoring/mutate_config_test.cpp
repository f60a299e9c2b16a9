// Tests of authoring/mutate/config.cpp: a ruleset's mutate.yaml is read whole, and every
// problem in it is refused with mutate.yaml:line:column.
#include <catch2/catch.hpp>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "runtime/diagnostics.hpp"
#include "authoring/mutate/config.hpp"

using namespace arbiter;
namespace fs = std::filesystem;

namespace {

// A folder holding one mutate.yaml with `text`, removed at the end.
struct ConfigDir {
  fs::path dir;
  explicit ConfigDir(const std::string& text) {
    dir = fs::temp_directory_path() / ("arbiter-mutate-config-" + std::to_string(::getpid()));
    fs::create_directories(dir);
    std::ofstream(dir / "mutate.yaml") << text;
  }
  ~ConfigDir() { fs::remove_all(dir); }
  std::string error() const {
    try {
      read_mutate_config(dir.string());
    } catch (const InputError& e) {
      return e.what();
    }
    return "";
  }
};

}  // namespace

TEST_CASE("mutate.yaml: words and accepted survivors are read, each with its line") {
  ConfigDir c(
      "min_score: 90\n"
      "words:\n"
      "  - {file: reasons.lua, reason: refusal wording only}\n"
      "  - {file: rules.lua, function: describe, reason: narration}\n"
      "accepted:\n"
      "  - file: rules.lua\n    line: 42\n    change: \"'<' -> '<='\"\n    reason: n is never 3 here\n");
  MutateConfig m = read_mutate_config(c.dir.string());
  REQUIRE(m.words.size() == 2);
  CHECK(m.words[0].file == "reasons.lua");
  CHECK(m.words[0].function.empty());
  CHECK(m.words[1].function == "describe");
  CHECK(m.words[1].at == 4);
  CHECK(m.min_score == 90);
  REQUIRE(m.accepted.size() == 1);
  CHECK(m.accepted[0].file == "rules.lua");
  CHECK(m.accepted[0].line == 42);
  CHECK(m.accepted[0].change == "'<' -> '<='");
  CHECK(m.accepted[0].reason == "n is never 3 here");
  CHECK(m.accepted[0].at == 6);
  CHECK(m.path == (c.dir / "mutate.yaml").string());
}

TEST_CASE("mutate.yaml: accepted survivors keyed by function and near, game.yaml's by change alone") {
  ConfigDir c(
      "accepted:\n"
      "  - {file: rules.lua, function: rules.apply, near: \"if  n <\n 3 then\", change: \"'<' -> '<='\", reason: r}\n"
      "  - {file: rules.lua, near: local x = 1, change: \"'1' -> '0'\", reason: r}\n"
      "  - {file: game.yaml, change: \"players.max: '4' -> '5'\", reason: r}\n"
      "  - file: rules.lua\n    line: 7\n    change: x\n    reason: the old form\n");
  MutateConfig m = read_mutate_config(c.dir.string());
  REQUIRE(m.accepted.size() == 4);
  CHECK(m.accepted[0].function == "rules.apply");
  CHECK(m.accepted[0].near == "if n < 3 then");  // spaces made one, as the report writes it
  CHECK(m.accepted[0].line == 0);
  CHECK(m.accepted[1].function.empty());
  CHECK(m.accepted[2].near.empty());
  CHECK(m.accepted[3].line == 7);
  CHECK(m.accepted[3].line_at == 7);  // the first entry's near spans two lines
  std::string path = "mutate.yaml:";
  CHECK_THAT(ConfigDir("accepted:\n  - {file: rules.lua, change: x, reason: y}\n").error(),
             Catch::Contains(path + "2:5: an accepted survivor of a Lua file needs near"));
  CHECK_THAT(
      ConfigDir("accepted:\n  - {file: rules.lua, line: 3, near: a, change: x, reason: y}\n").error(),
      Catch::Contains(path +
                      "2:5: an accepted survivor is keyed by near and function, or (the old form) by line"));
  CHECK_THAT(ConfigDir("accepted:\n  - {file: game.yaml, near: a, change: x, reason: y}\n").error(),
             Catch::Contains(path + "2:5: a game.yaml survivor is keyed by its file and change alone"));
}

TEST_CASE("mutate.yaml: no file is no words and nothing accepted") {
  MutateConfig m = read_mutate_config(fs::temp_directory_path().string() + "/arbiter-no-such-folder");
  CHECK(m.path.empty());
  CHECK(m.words.empty());
  CHECK(m.accepted.empty());
  CHECK(m.min_score < 0);
}

TEST_CASE("mutate.yaml: every problem is refused with its line and column") {
  std::string path = "mutate.yaml:";
  CHECK_THAT(ConfigDir("acepted: []\n").error(),
             Catch::Contains(path + "1:1: unknown key 'acepted' in mutate.yaml (did you mean 'accepted'?)"));
  CHECK_THAT(ConfigDir("accepted:\n  - {file: rules.lua, line: 4, change: x}\n").error(),
             Catch::Contains(path + "2:5: an accepted survivor needs a reason"));
  CHECK_THAT(ConfigDir("accepted:\n  - {file: rules.lua, line: -4, change: x, reason: y}\n").error(),
             Catch::Contains(path + "2:29: line should be a whole number from 1"));
  CHECK_THAT(ConfigDir("accepted:\n  - {file: rules.lua, near: a, reason: y}\n").error(),
             Catch::Contains(path + "2:5: an accepted survivor needs the change"));
  CHECK_THAT(ConfigDir("accepted:\n  - {line: 4, change: x, reason: y}\n").error(),
             Catch::Contains(path + "2:5: an accepted survivor needs a file"));
  CHECK_THAT(ConfigDir("words:\n  - {file: rules.lua, reason: \"  \"}\n").error(),
             Catch::Contains(path + "2:31: the reason is empty"));
  CHECK_THAT(ConfigDir("words: {file: rules.lua}\n").error(),
             Catch::Contains(path + "1:8: words should be a list"));
  CHECK_THAT(ConfigDir("words:\n  - {file: game.yaml, reason: r}\n").error(),
             Catch::Contains(path + "2:12: words are Lua"));
  CHECK_THAT(ConfigDir("min_score: 101\n").error(),
             Catch::Contains(
                 path + "1:12: min_score (a percent) should be a whole number from 0 to 100, not '101'"));
  CHECK_THAT(ConfigDir("accepted: [\n").error(), Catch::Contains(path));
}
