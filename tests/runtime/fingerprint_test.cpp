// Tests of runtime/fingerprint.cpp: the FNV-1a prints of what a simulation played with,
// which files they take in, and the lines `sim --compare` lists for what differs.
#include <catch2/catch.hpp>

#include <filesystem>
#include <fstream>

#include "analysis/sim/sim.hpp"
#include "runtime/fingerprint.hpp"

using namespace arbiter;
namespace fs = std::filesystem;

namespace {

// A copy of the counter fixture with a scenario, a hidden file and a notes file beside its rules.
fs::path counter_copy(const std::string& name) {
  fs::path dir = fs::temp_directory_path() / ("arbiter-fingerprint-test-" + name);
  fs::remove_all(dir);
  fs::create_directories(dir);
  fs::copy(ARBITER_SOURCE_DIR "/tests/fixtures/counter", dir, fs::copy_options::recursive);
  fs::create_directories(dir / "scenarios");
  std::ofstream(dir / "scenarios" / "one.yaml") << "steps: []\n";
  std::ofstream(dir / ".hidden.lua") << "-- an editor's\n";
  std::ofstream(dir / "notes.txt") << "not a rules file\n";
  return dir;
}

RulesetPrints prints(const fs::path& dir, std::map<std::string, std::string> set = {},
                     const std::string& scripts = "") {
  GameOptions o;
  o.set = std::move(set);
  return fingerprint_table(*make_table(load_ruleset(dir.string()), o), scripts);
}

}  // namespace

TEST_CASE("fingerprint: FNV-1a as 16 hex digits") {
  CHECK(fingerprint("") == "cbf29ce484222325");  // the FNV-1a 64-bit offset basis
  CHECK(fingerprint("a") == "af63dc4c8601ec8c");  // published FNV-1a test vector
  CHECK(fingerprint("foobar") == "85944171f73967e8");
  CHECK(fingerprint("ab") != fingerprint("ba"));
}

TEST_CASE("fingerprint: a table's prints take in the rules files, not scenarios, hidden or other files") {
  fs::path dir = counter_copy("files");
  RulesetPrints p = prints(dir);
  CHECK(p.files.count("game.yaml") == 1);
  CHECK(p.files.count("rules.lua") == 1);
  CHECK(p.files.size() == 2);
  CHECK(p.kinds.at("ace").first == 3);
  CHECK(p.kinds.at("marker").first == 2);
  // A parameter changes the params print and, through the count it sets, the kind's.
  RulesetPrints more = prints(dir, {{"markers", "5"}});
  CHECK(more.params != p.params);
  CHECK(more.kinds.at("marker").first == 5);
  CHECK(more.kinds.at("marker").second != p.kinds.at("marker").second);
  CHECK(more.kinds.at("ace") == p.kinds.at("ace"));
  std::ofstream(dir / "rules.lua", std::ios::app) << "-- edited\n";
  RulesetPrints edited = prints(dir);
  CHECK(edited.files.at("rules.lua") != p.files.at("rules.lua"));
  CHECK(edited.files.at("game.yaml") == p.files.at("game.yaml"));
  RulesetPrints shared = prints(dir, {}, ARBITER_SOURCE_DIR "/scripts");
  CHECK(shared.files.size() > 2);
  for (const auto& [path, print] : shared.files)
    CHECK((path == "game.yaml" || path == "rules.lua" ||
           (path.rfind("scripts/", 0) == 0 && path.rfind("scripts/api/", 0) != 0)));
}

TEST_CASE("fingerprint: the differences of two reports, one line each") {
  SimReport a;
  a.ruleset = "counter", a.version = "1.0", a.params = {{"target", "10"}, {"fast", "false"}};
  a.prints.params = "p", a.prints.components = "c";
  a.prints.kinds = {{"ace", {3, "1111"}}, {"two", {3, "2222"}}};
  a.prints.files = {{"rules.lua", "aaaaaaaaaaaaaaaa"}, {"bots.lua", "bbbbbbbbbbbbbbbb"}};
  CHECK(ruleset_differences(a, a).empty());
  SimReport b = a;
  b.version = "", b.variant = "quick", b.params["target"] = "3";
  b.prints.kinds["ace"] = {4, "1112"};
  b.prints.kinds["two"] = {3, "2223"};
  b.prints.files.erase("bots.lua");
  b.prints.files["rules.lua"] = "cccccccccccccccc";
  b.prints.files["extra.lua"] = "dddddddddddddddd";
  CHECK(ruleset_differences(a, b) == std::vector<std::string>{
                                         "arbiter version: 1.0 → (not recorded)",
                                         "variant: (none) → quick",
                                         "parameter target: 10 → 3",
                                         "component ace: count 3 → 4",
                                         "component two: properties or starting zone changed",
                                         "file bots.lua: only in A",
                                         "file rules.lua: changed (aaaaaaaa → cccccccc)",
                                         "file extra.lua: only in B",
                                     });
  SimReport reordered = a;
  reordered.prints.components = "c2";
  CHECK(ruleset_differences(a, reordered) ==
        std::vector<std::string>{"components: the order of the kinds changed"});
  SimReport old = a;
  old.prints = {};
  CHECK(ruleset_differences(a, old) ==
        std::vector<std::string>{
            "components and rules files: not recorded in B (a report of an earlier arbiter)"});
}
