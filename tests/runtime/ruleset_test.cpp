// Tests of runtime/ruleset.cpp: reading game.yaml, reporting every mistake with
// file:line:column, and finding rulesets by id.
#include <catch2/catch.hpp>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "runtime/diagnostics.hpp"
#include "runtime/ruleset.hpp"
#include "runtime/table.hpp"
#include "runtime/view.hpp"

using namespace arbiter;

namespace {

const std::string kFixtures = ARBITER_SOURCE_DIR "/tests/fixtures";

// The message load_ruleset throws for a fixture, or "" when it loads.
std::string load_error(const std::string& fixture) {
  try {
    load_ruleset(kFixtures + "/" + fixture);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

std::vector<std::string> lines(const std::string& text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) out.push_back(line);
  return out;
}

}  // namespace

TEST_CASE("a valid game.yaml is read into the ruleset's facts") {
  auto r = load_ruleset(kFixtures + "/counter");
  CHECK(r->id == "counter");
  CHECK(r->name == "Counter");
  CHECK(r->rules_file == "rules.lua");
  CHECK(r->min_players == 2);
  CHECK(r->max_players == 4);
  CHECK(r->default_players == 2);
  REQUIRE(r->kinds.size() == 5);
  CHECK(r->kinds[0].name == "ace");
  CHECK(r->kinds[0].count == 3);
  CHECK(r->kinds[0].zone == "deck");
  CHECK(r->kinds[0].props.at("value") == Value{1});
  CHECK(r->kinds[3].zone == "pile");
  CHECK(r->kinds[4].count_param == "markers");
  CHECK(r->zone_names() == std::vector<std::string>{"deck", "pile", "hand"});
  CHECK(r->zone("deck")->visibility == Visibility::Hidden);
  CHECK(r->zone("pile")->visibility == Visibility::Public);
  CHECK(r->zone("hand")->per_seat);
  CHECK(r->zone("hand")->visibility == Visibility::Owner);
  CHECK(r->var_names() == std::vector<std::string>{"count", "pokes", "score"});
  CHECK(r->vars[r->var_index("count")].initial == Value{0});
  CHECK(r->vars[r->var_index("pokes")].per_seat);
  CHECK(r->var_index("nothing") == -1);
  REQUIRE(r->param("target"));
  CHECK(r->param("target")->initial == Value{10});
  CHECK(r->param("target")->min == 1);
  CHECK(r->param("target")->max == 100);
  CHECK(r->param("colour")->choices == std::vector<std::string>{"red", "blue"});
  CHECK(r->variants.at("quick").at("target") == Value{3});
  CHECK(r->turns.rounds);
  CHECK(r->turns.first == FirstSeat::Youngest);
  CHECK(r->turns.out_of_turn == std::vector<std::string>{"poke"});
}

TEST_CASE("a YAML syntax error names the file, line and column") {
  std::string e = load_error("bad-syntax");
  CHECK_THAT(e,
             Catch::Contains("bad-syntax/game.yaml:5:1: ") && Catch::Contains("end of map flow not found"));
}

TEST_CASE("an unknown key gets a suggestion and the allowed keys") {
  std::string e = load_error("bad-unknown-key");
  CHECK_THAT(e, Catch::Contains("bad-unknown-key/game.yaml:3:1: unknown key 'plyers' in game.yaml "
                                "(did you mean 'players'?); allowed: id, name,"));
  CHECK_THAT(e, Catch::Contains("needs players"));
}

TEST_CASE("a component starting in an unknown zone is reported with a suggestion") {
  std::string e = load_error("bad-unknown-zone");
  CHECK_THAT(e, Catch::Contains("bad-unknown-zone/game.yaml:7:") &&
                    Catch::Contains("component 'a' starts in unknown zone 'dek' (did you mean 'deck'?)"));
}

TEST_CASE("every mistake in a file is reported together, each with its place") {
  std::vector<std::string> errors = lines(load_error("bad-many-errors"));
  REQUIRE(errors.size() == 4);
  CHECK_THAT(errors[0], Catch::Contains("game.yaml:5:") && Catch::Contains("params.target needs a default"));
  CHECK_THAT(errors[1], Catch::Contains("game.yaml:7:") && Catch::Contains("unknown key 'visiblity'") &&
                            Catch::Contains("did you mean 'visibility'?"));
  CHECK_THAT(errors[2], Catch::Contains("game.yaml:8:") &&
                            Catch::Contains("'secret' is not one of public, owner, hidden or others"));
  CHECK_THAT(errors[3], Catch::Contains("game.yaml:12:") && Catch::Contains("count cannot be negative"));
}

TEST_CASE("a values range names a whole-number parameter or a number, and holds 1 to 1,000 values") {
  std::vector<std::string> errors = lines(load_error("bad-values-range"));
  REQUIRE(errors.size() == 5);
  CHECK_THAT(errors[0], Catch::Contains("game.yaml:10:") && Catch::Contains("vars.die.values.to is a whole number") &&
                            Catch::Contains("not 'face'") && Catch::Contains("did you mean 'faces'?"));
  CHECK_THAT(errors[1], Catch::Contains("game.yaml:11:") && Catch::Contains("not 'colour' (a parameter of text)"));
  CHECK_THAT(errors[2], Catch::Contains("game.yaml:12:") && Catch::Contains("from..to holds 1 to 1000 values"));
  CHECK_THAT(errors[3], Catch::Contains("game.yaml:13:") && Catch::Contains("needs to:"));
  // The widest 64-bit range: its size is counted without overflow, and refused.
  CHECK_THAT(errors[4], Catch::Contains("game.yaml:14:") && Catch::Contains("from..to holds 1 to 1000 values"));
}

TEST_CASE("search.playout is read, and a bad one is reported") {
  auto r = load_ruleset(ARBITER_SOURCE_DIR "/rulesets/stacks-5x5", ARBITER_SOURCE_DIR "/scripts");
  CHECK(r->search_playout == 30);
  CHECK(load_ruleset(ARBITER_SOURCE_DIR "/rulesets/stacks", ARBITER_SOURCE_DIR "/scripts")->search_playout ==
        0);
  std::vector<std::string> errors = lines(load_error("bad-search"));
  REQUIRE(errors.size() == 2);
  CHECK_THAT(errors[0], Catch::Contains("game.yaml:4:") && Catch::Contains("unknown key 'depth'"));
  CHECK_THAT(errors[1], Catch::Contains("game.yaml:4:") && Catch::Contains("search.playout"));
}

TEST_CASE("a missing rules file is reported where game.yaml names it") {
  std::string e = load_error("bad-missing-rules");
  CHECK_THAT(e, Catch::Contains("bad-missing-rules/game.yaml:4:8: rules file 'logic.lua' not found"));
}

TEST_CASE("a folder without game.yaml says it cannot be read") {
  std::string e = load_error("no-such-ruleset");
  CHECK_THAT(e, Catch::Contains("no-such-ruleset/game.yaml: cannot be read"));
}

TEST_CASE("rulesets are found by scanning folders") {
  std::vector<std::string> path = {kFixtures};
  auto found = list_rulesets(path);
  std::vector<std::string> ids;
  for (const auto& [id, dir] : found) ids.push_back(id);
  CHECK(std::is_sorted(ids.begin(), ids.end()));
  CHECK(std::find(ids.begin(), ids.end(), "counter") != ids.end());
  CHECK(std::find(ids.begin(), ids.end(), "scenarios") == ids.end());  // no game.yaml there

  CHECK(find_ruleset_dir("counter", path) == kFixtures + "/counter");
  CHECK(find_ruleset_dir(kFixtures + "/counter", {}) == kFixtures + "/counter");
  try {
    find_ruleset_dir("countr", path);
    FAIL("an unknown id was found");
  } catch (const InputError& e) {
    CHECK_THAT(std::string(e.what()), Catch::Contains("unknown ruleset 'countr' (did you mean 'counter'?)") &&
                                          Catch::Contains("known: ") && Catch::Contains("counter"));
  }
  try {
    find_ruleset_dir(kFixtures + "/nowhere", path);
    FAIL("a folder without game.yaml was accepted");
  } catch (const InputError& e) {
    CHECK_THAT(std::string(e.what()), Catch::Contains("does not exist"));
  }
  try {
    find_ruleset_dir("/dev/null", path);
    FAIL("a file that is not a folder was taken for a ruleset");
  } catch (const InputError& e) {
    CHECK_THAT(std::string(e.what()), Catch::Contains("'/dev/null' is not a folder"));
  }
  try {
    find_ruleset_dir(kFixtures, path);
    FAIL("a folder without game.yaml was accepted");
  } catch (const InputError& e) {
    CHECK_THAT(std::string(e.what()), Catch::Contains("no game.yaml in folder"));
  }
  CHECK_THROWS_WITH(find_ruleset_dir("counter", {kFixtures + "/nowhere"}),
                    Catch::Contains("no rulesets found"));
}

namespace {

// A scratch folder under the system's temporary folder, removed at the end of the test.
struct Scratch {
  std::filesystem::path dir;
  explicit Scratch(const std::string& name)
      : dir(std::filesystem::temp_directory_path() / ("arbiter-" + name)) {
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir / "ruleset" / "lib");
  }
  ~Scratch() { std::filesystem::remove_all(dir); }
  std::string write(const std::string& rel, const std::string& text) const {
    std::ofstream(dir / rel) << text;
    return (dir / rel).string();
  }
};

}  // namespace

TEST_CASE("a file game.yaml names is confined to the ruleset's folder, as require is") {
  Scratch s("confine");
  std::string base = (s.dir / "ruleset").string();
  s.write("ruleset/rules.lua", "return {}\n");
  s.write("ruleset/lib/more.lua", "return {}\n");
  s.write("outside.lua", "return {}\n");
  std::filesystem::create_symlink("../outside.lua", s.dir / "ruleset" / "escape.lua");
  std::filesystem::create_symlink("rules.lua", s.dir / "ruleset" / "alias.lua");

  CHECK(file_in_folder(base, "rules.lua").found);
  CHECK(file_in_folder(base, "lib/more.lua").found);
  CHECK(file_in_folder(base, "alias.lua").found);  // a link that stays inside is fine
  FileInFolder missing = file_in_folder(base, "nothing.lua");
  CHECK((!missing.found && missing.refused.empty()));
  CHECK_THAT(file_in_folder(base, (s.dir / "outside.lua").string()).refused,
             Catch::Contains("absolute path"));
  CHECK_THAT(file_in_folder(base, "../outside.lua").refused, Catch::Contains("'..'"));
  CHECK_THAT(file_in_folder(base, "lib/../rules.lua").refused, Catch::Contains("'..'"));
  CHECK_THAT(file_in_folder(base, "escape.lua").refused, Catch::Contains("symbolic link"));
  CHECK_THAT(file_in_folder(base, "lib").refused, Catch::Contains("not a regular file"));
  CHECK_THAT(file_in_folder(base, std::string(256, 'x') + ".lua").refused,
             Catch::Contains("longer than 255"));
  CHECK_THAT(file_in_folder(base, std::string("rules.lua\0x", 11)).refused, Catch::Contains("NUL"));
  CHECK_THAT(file_in_folder(base, "").refused, Catch::Contains("empty"));
}

TEST_CASE("hidden folders, and folders without a game.yaml file, are not rulesets") {
  Scratch s("list-hidden");
  for (const char* d : {"visible", ".hidden", "no-game", "folder-game"})
    std::filesystem::create_directories(s.dir / d);
  std::filesystem::create_directories(s.dir / "folder-game" / "game.yaml");
  s.write("visible/game.yaml", "name: V\n");
  s.write(".hidden/game.yaml", "name: H\n");
  s.write("no-game/rules.lua", "return {}\n");
  std::vector<std::string> ids;
  for (const auto& [id, dir] : list_rulesets({s.dir.string()})) ids.push_back(id);
  CHECK(ids == std::vector<std::string>{"visible"});
  CHECK_THROWS_WITH(find_ruleset_dir(".hidden", {s.dir.string()}),
                    Catch::Contains("unknown ruleset '.hidden'"));
}

TEST_CASE("a component kind's keys are checked: a near miss of one is a slip, not a property") {
  Scratch s("kind-keys");
  std::string dir = (s.dir / "ruleset").string();
  s.write("ruleset/rules.lua", "return {}\n");
  auto load_kinds = [&](const std::string& kinds) {
    s.write("ruleset/game.yaml", "name: K\nplayers: {min: 1, max: 2}\nrules: rules.lua\nzones: {deck: {}}\n"
                                 "components:\n  start: deck\n  kinds:\n" + kinds);
    return load_ruleset(dir);
  };
  try {
    load_kinds("    - {name: a, cout: 2}\n    - {nme: b}\n");
    FAIL("a misspelt key was taken for a property");
  } catch (const InputError& e) {
    CHECK_THAT(
        e.what(),
        Catch::Contains("game.yaml:8:17: unknown key 'cout' in a component kind (did you mean 'count'?)") &&
            Catch::Contains("goes under props: {cout: ...}") &&
            Catch::Contains("game.yaml:9:8: unknown key 'nme' in a component kind (did you mean 'name'?)"));
  }
  auto r = load_kinds("    - {name: a, count: 2, cost: 3, props: {code: 7, mount: x}}\n");
  REQUIRE(r->kinds.size() == 1);
  CHECK(r->kinds[0].count == 2);
  CHECK(r->kinds[0].props.at("cost") == Value{3});
  CHECK(r->kinds[0].props.at("code") == Value{7});
  CHECK(r->kinds[0].props.count("props") == 0);
  CHECK_THROWS_WITH(load_kinds("    - {name: a, zones: [deck]}\n"),
                    Catch::Contains("(did you mean 'zone'?)"));
}

TEST_CASE("display: false marks a variable the table does not show; views still carry it") {
  Scratch s("display");
  std::string dir = (s.dir / "ruleset").string();
  s.write("ruleset/rules.lua", "return {}\n");
  s.write("ruleset/game.yaml", "name: D\nplayers: {min: 1, max: 2}\nrules: rules.lua\nzones: {deck: {}}\n"
                               "vars:\n  seen: {}\n  memo: {display: false}\n");
  auto r = load_ruleset(dir);
  CHECK(r->vars[r->var_index("seen")].display);
  CHECK_FALSE(r->vars[r->var_index("memo")].display);
  View v = make_view(State(make_table(r, {})), 0);
  CHECK(v.undisplayed == std::vector<std::string>{"memo"});
  CHECK(v.globals.size() == 2);
  s.write("ruleset/game.yaml", "name: D\nplayers: {min: 1, max: 2}\nrules: rules.lua\nzones: {deck: {}}\n"
                               "vars:\n  memo: {display: maybe}\n");
  CHECK_THROWS_WITH(load_ruleset(dir),
                    Catch::Contains("game.yaml:6:19:") && Catch::Contains("vars.memo.display"));
}
