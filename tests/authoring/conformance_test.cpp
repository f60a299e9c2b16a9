// The one conformance test: every ruleset found under rulesets/ plays seeded random games
// to the end with every invariant checked at every step. A new ruleset needs no new C++.
#include <catch2/catch.hpp>

#include <filesystem>
#include <thread>

#include "lua/lua_rules.hpp"
#include "authoring/conformance.hpp"
#include "runtime/diagnostics.hpp"

using namespace arbiter;
namespace fs = std::filesystem;

TEST_CASE("every ruleset keeps the invariants over 1000 random games") {
  std::vector<fs::path> dirs;
  for (const auto& entry : fs::directory_iterator(ARBITER_SOURCE_DIR "/rulesets"))
    if (entry.is_directory() && fs::exists(entry.path() / "game.yaml")) dirs.push_back(entry.path());
  std::sort(dirs.begin(), dirs.end());
  REQUIRE_FALSE(dirs.empty());

  // The games are shared among one worker per core, each with its own Lua state.
  constexpr int kGames = 1000;
  int workers = std::max(1u, std::min(4u, std::thread::hardware_concurrency()));
  for (const auto& dir : dirs) {
    INFO("ruleset " << dir.filename().string());
    std::shared_ptr<const Ruleset> ruleset;
    REQUIRE_NOTHROW(ruleset = load_ruleset(dir.string()));
    std::vector<ConformanceReport> reports(workers);
    std::vector<std::string> load_errors(workers);
    std::vector<std::thread> threads;
    for (int w = 0; w < workers; ++w)
      threads.emplace_back([&, w] {
        try {
          LuaRules rules(ruleset, ARBITER_SOURCE_DIR "/scripts");
          ConformanceOptions o;
          o.games = kGames / workers + (w < kGames % workers ? 1 : 0);
          o.first_seed = 1 + static_cast<std::uint64_t>(w) * 1000003;
          reports[w] = run_conformance(ruleset, rules, o);
        } catch (const std::exception& e) {
          load_errors[w] = e.what();
        }
      });
    for (auto& t : threads) t.join();
    int games = 0;
    long long actions = 0;
    for (int w = 0; w < workers; ++w) {
      INFO(load_errors[w] << reports[w].error);
      REQUIRE(load_errors[w].empty());
      REQUIRE(reports[w].ok());
      games += reports[w].games;
      actions += reports[w].actions;
    }
    CHECK(games == kGames);
    CHECK(actions > 0);
  }
}

namespace {

ConformanceReport check_games(const std::string& id, ConformanceOptions o) {
  auto ruleset = load_ruleset(ARBITER_SOURCE_DIR "/rulesets/" + id);
  LuaRules rules(ruleset, ARBITER_SOURCE_DIR "/scripts");
  return run_conformance(ruleset, rules, o);
}

}  // namespace

TEST_CASE("the conformance summary counts lengths, wins and draws, and games that hit the limit") {
  ConformanceOptions o;
  o.games = 30;
  o.players = 2;
  ConformanceReport r = check_games("tictactoe", o);
  REQUIRE(r.ok());
  CHECK(r.ended == 30);
  CHECK(r.unfinished == 0);
  CHECK(r.actions_per_game.min >= 5);
  CHECK(r.actions_per_game.max <= 9);
  CHECK(r.actions_per_game.total == r.actions);
  REQUIRE(r.wins.size() == 2);
  CHECK(r.wins[0] + r.wins[1] + r.draws == 30);  // tic-tac-toe has one winner or none

  SECTION("a limit hit is counted apart, not a failure") {
    o.max_actions = 3;
    ConformanceReport cut = check_games("tictactoe", o);
    CHECK(cut.ok());
    CHECK(cut.unfinished == 30);
    CHECK(cut.ended == 0);
  }
  SECTION("--set and --variant reach every game") {
    ConformanceOptions s;
    s.games = 10;
    s.players = 2;
    ConformanceReport normal = check_games("stacks", s);
    s.set["target"] = std::string("1");
    ConformanceReport short_games = check_games("stacks", s);
    REQUIRE(short_games.ok());
    CHECK(short_games.actions < normal.actions);
    s.set.clear();
    s.variant = "nonesuch";
    CHECK_THROWS_AS(check_games("stacks", s), InputError);
  }
}
