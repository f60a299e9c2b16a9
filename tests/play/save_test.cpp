// Tests of play/save.cpp: a save loads back to the same state, any seed included;
// an edited, damaged or cut-short save is refused naming the file and line; a failed
// write says why and leaves an earlier save as it was.
#include <catch2/catch.hpp>
#include <signal.h>
#include <sys/resource.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

#include "lua/lua_rules.hpp"
#include "runtime/diagnostics.hpp"
#include "play/sample.hpp"
#include "play/save.hpp"
#include "runtime/yaml_check.hpp"

using namespace arbiter;
namespace fs = std::filesystem;

namespace {

// Stacks with a variant and a parameter, played six actions (each seat's first legal one)
// from seed 2^64 - 1, which a signed reader could not take back.
struct StacksGame {
  std::shared_ptr<const Ruleset> ruleset =
      load_ruleset(ARBITER_SOURCE_DIR "/rulesets/stacks", ARBITER_SOURCE_DIR "/scripts");
  LuaRules rules{ruleset, ARBITER_SOURCE_DIR "/scripts"};
  std::shared_ptr<const Table> table = make_table(
      ruleset,
      GameOptions{{{"Andy", 9}, {"Bill", -1}}, 18446744073709551615ULL, "short", {{"target", "30"}}});
  Engine engine{table, rules};
  State state{table};
  StacksGame() {
    REQUIRE(engine.start(state).ok);
    for (int i = 0; i < 6 && !state.over; ++i) {
      std::vector<std::string> legal;
      REQUIRE(engine.legal(state, state.active(), legal).ok);
      REQUIRE(engine.apply(state, state.active(), legal.front()).ok());
    }
  }
};

// A fresh folder for this test's files, removed at the end.
struct Folder {
  fs::path dir = fs::temp_directory_path() / ("arbiter-save-test-" + std::to_string(::getpid()));
  Folder() { fs::create_directories(dir); }
  ~Folder() { fs::remove_all(dir); }
  std::string write(const std::string& name, const std::string& text) {
    std::string file = (dir / name).string();
    std::ofstream(file, std::ios::binary) << text;
    return file;
  }
  std::string read(const std::string& name) {
    std::ifstream in(dir / name, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
  }
};

// Loads `file` as `arbiter play --load` does; the error's text, or "" when it loads.
std::string load_error(StacksGame& g, const std::string& file) {
  try {
    SavedGame saved = read_save(file);
    Engine engine(make_table(g.ruleset, saved.options), g.rules);
    replay_save(engine, saved, file);
    return "";
  } catch (const InputError& e) {
    return e.what();
  }
}

int line_of(const std::string& text, const std::string& part) {
  auto at = text.find(part);
  REQUIRE(at != std::string::npos);
  return static_cast<int>(std::count(text.begin(), text.begin() + static_cast<long>(at), '\n')) + 1;
}

}  // namespace

TEST_CASE("a save loads back to the same state, with a seed of 2^63 or more") {
  StacksGame g;
  Folder f;
  std::string file = f.dir / "game.yaml";
  write_save(file, save_text(g.engine, g.state));
  SavedGame saved = read_save(file);
  CHECK(saved.options.seed == 18446744073709551615ULL);
  CHECK(saved.options.variant == "short");
  CHECK(saved.options.seats[0].age == 9);
  CHECK(saved.steps.size() == 6);
  Engine engine(make_table(g.ruleset, saved.options), g.rules);
  State s = replay_save(engine, saved, file);
  CHECK(s.hash() == g.state.hash());
  CHECK(s.table->params.at("target") == Value{30});
}

TEST_CASE(
    "the passes at the saved decision are kept; a save without them has none; an unknown seat is refused") {
  StacksGame g;
  Folder f;
  std::string text = save_text(g.engine, g.state, {}, 2u);  // Bill had passed
  CHECK(text.find("\npassed: [Bill]\n") != std::string::npos);
  CHECK(read_save(f.write("passed.yaml", text)).passed == 2u);
  CHECK(read_save(f.write("none.yaml", save_text(g.engine, g.state))).passed == 0u);
  std::string edited = std::regex_replace(text, std::regex("passed: \\[Bill\\]"), "passed: [Zed]");
  std::string bad = f.write("passed-unknown.yaml", edited);
  CHECK_THAT(load_error(g, bad),
             Catch::StartsWith(bad + ":" + std::to_string(line_of(edited, "Zed")) + ":") &&
                 Catch::Contains("unknown seat"));
}

TEST_CASE("an undo's re-deal is saved, replayed to the same state, and an edited one refused at its line") {
  StacksGame g;
  redeal_hidden(g.state, 1u, 12345);  // Andy took an action back
  std::vector<std::string> legal;
  REQUIRE(g.engine.legal(g.state, g.state.active(), legal).ok);
  REQUIRE(g.engine.apply(g.state, g.state.active(), legal.front()).ok());
  Folder f;
  std::string text = save_text(g.engine, g.state);
  CHECK(text.find("{redeal: 12345, seats: [Andy], hash: ") != std::string::npos);
  std::string file = f.write("redeal.yaml", text);
  SavedGame saved = read_save(file);
  Engine engine(make_table(g.ruleset, saved.options), g.rules);
  CHECK(replay_save(engine, saved, file).hash() == g.state.hash());
  std::string edited = std::regex_replace(text, std::regex("redeal: 12345"), "redeal: 12346");
  std::string bad = f.write("redeal-edited.yaml", edited);
  CHECK_THAT(load_error(g, bad),
             Catch::StartsWith(bad + ":" + std::to_string(line_of(edited, "redeal:")) + ":"));
}

TEST_CASE("an edited, added or removed header fact is refused at its line") {
  StacksGame g;
  Folder f;
  const std::string good = save_text(g.engine, g.state);
  struct Edit {
    const char* name;
    const char* from;  // a regex on the good text
    const char* to;
    const char* line_of;  // text on the line the error must name (in the edited file)
    const char* says;
  };
  const Edit edits[] = {
      {"param-edited", "target: 30", "target: 31",
       "params:", "'params.target' was edited since the game was saved"},
      {"param-added", "params: \\{", "params: {rounds: 3, ", "params:", "'params.rounds' was added"},
      {"param-removed", "params: \\{target: 30\\}", "params: {}", "check:", "'params.target' was removed"},
      {"params-removed", "params: \\{target: 30\\}\n", "", "check:", "'params.target' was removed"},
      {"seed-edited", "seed: 18446744073709551615", "seed: 18446744073709551614",
       "seed:", "'seed' was edited"},
      {"variant-edited", "variant: short", "variant: long", "variant:", "'variant' was edited"},
      {"variant-removed", "variant: short\n", "", "check:", "'variant' was removed"},
      {"age-edited", "age: 9", "age: 10", "{name: Andy", "'players.1' was edited"},
      {"seat-renamed", "\\{name: Bill\\}", "{name: Bob}", "{name: Bob", "'players.2' was edited"},
      {"seat-added", "(  - \\{name: Bill\\}\n)", "$1  - {name: Carl}\n", "{name: Carl",
       "'players.3' was added"},
      {"seat-removed", "  - \\{name: Bill\\}\n", "", "check:", "'players.2' was removed"},
      {"check-edited", "params.target: [0-9a-f]{4}([0-9a-f]{12})", "params.target: 0000$1",
       "params:", "'params.target' was edited"},
      {"check-removed", "check: .*\n", "", "arbiter_save", "missing 'check'"},
      {"version-1", "arbiter_save: 3", "arbiter_save: 1", "arbiter_save", "this Arbiter reads version 3"},
  };
  for (const auto& e : edits) {
    std::string text =
        std::regex_replace(good, std::regex(e.from), e.to, std::regex_constants::format_first_only);
    REQUIRE(text != good);
    std::string file = f.write(std::string(e.name) + ".yaml", text);
    std::string error = load_error(g, file);
    INFO(e.name << ": " << error);
    CHECK_THAT(error, Catch::StartsWith(file + ":" + std::to_string(line_of(text, e.line_of)) + ":") &&
                          Catch::Contains(e.says));
  }
}

TEST_CASE("a step whose hash is zeroed, edited or removed is refused at its line") {
  StacksGame g;
  Folder f;
  const std::string good = save_text(g.engine, g.state);
  std::vector<std::string> hashes;  // the third step's is edited
  std::regex step_hash("hash: ([0-9a-f]{16})");
  for (auto m = std::sregex_iterator(good.begin(), good.end(), step_hash); m != std::sregex_iterator(); ++m)
    hashes.push_back((*m)[1]);
  REQUIRE(hashes.size() == 6);
  std::string hash = hashes[2];
  struct Edit {
    const char* name;
    std::string to;
    const char* says;
  };
  const Edit edits[] = {
      {"zeroed", "hash: 0000000000000000", "the state differs from the saved one"},
      {"edited", "hash: " + std::string(hash.rbegin(), hash.rend()), "the state differs from the saved one"},
      {"removed", "", "an action is {seat: NAME, action: TEXT, hash: H}"},
      {"short", "hash: 12ab", "a hash is 16 hex digits, not '12ab'"},
      {"signed", "hash: -" + hash.substr(1), "a hash is 16 hex digits"},
      {"prefixed", "hash: 0x" + hash.substr(2), "a hash is 16 hex digits"},
  };
  for (const auto& e : edits) {
    std::string text = good;
    std::size_t at = text.find("hash: " + hash);
    text.replace(e.to.empty() ? at - 2 : at, e.to.empty() ? 24 : 22, e.to);  // ", hash: H" or "hash: H"
    std::string file = f.write(std::string(e.name) + ".yaml", text);
    std::string error = load_error(g, file);
    INFO(e.name << ": " << error);
    CHECK_THAT(error, Catch::StartsWith(file + ":" + std::to_string(line_of(good, "hash: " + hash)) + ":") &&
                          Catch::Contains(e.says));
  }
}

TEST_CASE("a step with no line (a server's database) is named by where it came from and its number alone") {
  StacksGame g;
  Folder f;
  SavedGame saved = read_save(f.write("game.yaml", save_text(g.engine, g.state)));
  for (auto& step : saved.steps) step.line = 0;
  saved.steps[2].hash ^= 1;
  Engine engine(make_table(g.ruleset, saved.options), g.rules);
  CHECK_THROWS_WITH(replay_save(engine, saved, "table k3v9 in the database"),
                    Catch::StartsWith("table k3v9 in the database: step 3 (") && Catch::Contains("differs"));
}

TEST_CASE("a damaged save is refused with its file and line, never a crash") {
  StacksGame g;
  Folder f;
  const std::string good = save_text(g.engine, g.state);
  SECTION("cut short at a line: 'end' is missing") {
    std::string text = good.substr(0, good.rfind("\n  - ") + 1);
    std::string file = f.write("cut.yaml", text);
    CHECK_THAT(load_error(g, file), Catch::StartsWith(file + ":") && Catch::Contains("missing 'end'"));
  }
  SECTION("cut short at every byte: always refused") {
    for (std::size_t n = 0; n + 1 < good.size(); n += 7) {
      std::string file = f.write("cut.yaml", good.substr(0, n));
      std::string error = load_error(g, file);
      INFO(n << ": " << error);
      CHECK_THAT(error, Catch::StartsWith(file + ":"));
    }
  }
  SECTION("a step taken out: 'end' counts one more") {
    std::size_t at = good.find("\n  - ", good.find("actions:")) + 1;
    std::string text = good.substr(0, at) + good.substr(good.find('\n', at) + 1);
    std::string file = f.write("short.yaml", text);
    CHECK_THAT(load_error(g, file),
               Catch::StartsWith(file + ":" + std::to_string(line_of(text, "end:")) + ":") &&
                   Catch::Contains("end says 6 actions, but the file holds 5"));
  }
  SECTION("a step naming an unknown seat") {
    std::string text = std::regex_replace(good, std::regex("seat: Bill"), "seat: Zed",
                                          std::regex_constants::format_first_only);
    std::string file = f.write("seat.yaml", text);
    CHECK_THAT(load_error(g, file),
               Catch::StartsWith(file + ":" + std::to_string(line_of(text, "Zed")) + ":") &&
                   Catch::Contains("unknown seat 'Zed'"));
  }
  SECTION("binary junk") {
    std::string junk;
    for (int i = 0; i < 4096; ++i) junk += static_cast<char>((i * 131 + 7) % 256);
    std::string file = f.write("junk.yaml", junk);
    CHECK_THAT(load_error(g, file), Catch::StartsWith(file));
  }
  SECTION("a file too big to read") {
    std::string file = f.write("big.yaml", good + "# " + std::string(kMaxYamlBytes, 'x') + "\n");
    CHECK_THAT(load_error(g, file),
               Catch::StartsWith(file + ": is ") && Catch::Contains("a YAML file may hold at most"));
  }
}

TEST_CASE("a failed write says why and leaves the earlier save intact") {
  StacksGame g;
  Folder f;
  std::string file = (f.dir / "game.yaml").string();
  write_save(file, "earlier\n");
  SECTION("the file size limit reached mid-write (as a full disk)") {
    rlimit old{};
    REQUIRE(::getrlimit(RLIMIT_FSIZE, &old) == 0);
    auto old_handler = ::signal(SIGXFSZ, SIG_IGN);
    rlimit small = old;
    small.rlim_cur = 100;
    REQUIRE(::setrlimit(RLIMIT_FSIZE, &small) == 0);
    std::string error;
    try {
      write_save(file, save_text(g.engine, g.state));
    } catch (const InputError& e) {
      error = e.what();
    }
    ::setrlimit(RLIMIT_FSIZE, &old);
    ::signal(SIGXFSZ, old_handler);
    CHECK_THAT(error, Catch::StartsWith("cannot save to '" + file + "': File too large"));
  }
  SECTION("a folder that does not exist") {
    std::string missing = (f.dir / "no-such-folder" / "game.yaml").string();
    CHECK_THROWS_WITH(write_save(missing, "x"),
                      Catch::Contains("cannot save to '" + missing + "': No such file or directory"));
  }
  SECTION("a device or a folder is not a save file") {
    CHECK_THROWS_WITH(write_save("/dev/full", "x"),
                      Catch::Contains("cannot save to '/dev/full': not a regular file"));
    CHECK_THROWS_WITH(write_save(f.dir.string(), "x"), Catch::Contains("not a regular file"));
  }
  CHECK(f.read("game.yaml") == "earlier\n");
  CHECK(std::distance(fs::directory_iterator(f.dir), fs::directory_iterator()) == 1);  // no temporary left
}

TEST_CASE("a save replaces an earlier one whole, keeping its permissions") {
  StacksGame g;
  Folder f;
  std::string file = (f.dir / "game.yaml").string();
  write_save(file, "earlier\n");
  fs::permissions(file, fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read);
  write_save(file, save_text(g.engine, g.state));
  CHECK(f.read("game.yaml") == save_text(g.engine, g.state));
  CHECK(fs::status(file).permissions() ==
        (fs::perms::owner_read | fs::perms::owner_write | fs::perms::group_read));
}

TEST_CASE("a ruleset named by its folder is saved with that folder, fingerprinted; one named by id without") {
  StacksGame g;
  Folder f;
  std::string by_id = save_text(g.engine, g.state);
  CHECK(by_id.find("folder") == std::string::npos);
  CHECK(read_save(f.write("id.yaml", by_id)).folder.empty());

  auto named = std::make_shared<Ruleset>(*g.ruleset);
  named->folder = "/games/my stacks: the sequel/stacks";  // quoted as YAML needs
  auto table = make_table(named, GameOptions{{{"Andy", 9}, {"Bill", -1}}, 7, "", {}});
  Engine engine(table, g.rules);
  State state(table);
  REQUIRE(engine.start(state).ok);
  std::string text = save_text(engine, state);
  std::string file = f.write("folder.yaml", text);
  SavedGame saved = read_save(file);
  CHECK(saved.folder == named->folder);
  CHECK(saved.folder_line == line_of(text, "folder:"));
  CHECK(saved.ruleset_line == line_of(text, "ruleset:"));

  std::string edited = std::regex_replace(text, std::regex("the sequel"), "the prequel");
  CHECK_THAT(load_error(g, f.write("moved.yaml", edited)),
             Catch::Contains(":" + std::to_string(line_of(edited, "folder:")) + ":") &&
                 Catch::Contains("'folder' was edited"));
  std::string relative = std::regex_replace(text, std::regex("folder: .*\n"), "folder: stacks\n",
                                            std::regex_constants::format_first_only);
  CHECK_THAT(load_error(g, f.write("relative.yaml", relative)),
             Catch::Contains("folder should be an absolute path, not 'stacks'"));
}
