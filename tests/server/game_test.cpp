// Tests of server/game.cpp, the table's game on the turn driver: a bot that answers nothing on
// its turn stops the table (no pass is stored that a restart's replay would refuse), and a
// score hook that raises ends the game with the scores null and the error said.
#include <catch2/catch.hpp>

#include <filesystem>

#include "bots/solved_bot.hpp"
#include "lua/home.hpp"
#include "server/game.hpp"

using namespace arbiter;
using namespace arbiter::server;

namespace {

TableSetup two_seats(const std::string& ruleset, std::vector<std::string> kinds) {
  TableSetup setup;
  setup.ruleset = ruleset;
  setup.options.seats = {{"Ann", -1}, {"Bob", -1}};
  setup.options.seed = 3;
  setup.kinds = std::move(kinds);
  return setup;
}

}  // namespace

TEST_CASE("server game: a solved bot off its strategy stops the table with its error, and no pass is stored",
          "[server][game]") {
  // A Kuhn strategy cut short to one position of Bob's: Ann's bot knows none of hers.
  SolvedStrategy strategy;
  strategy.ruleset = "kuhn-poker";
  strategy.positions[{1, std::string(32, 'a')}] = {{"call", "fold"}, {0.5, 0.5}, 0, ""};
  strategy.game =
      game_print(TableGame(two_seats("kuhn-poker", {"", ""}), load_game("kuhn-poker"), 1).table());
  std::string path = (std::filesystem::temp_directory_path() / "arbiter-server-cut-short.strategy").string();
  REQUIRE(write_strategy(path, strategy) == "");
  TableGame game(two_seats("kuhn-poker", {"solved:" + path, ""}), load_game("kuhn-poker"), 1);
  std::vector<Step> stored;
  Commit commit = [&](const Step& s, std::string&) { return stored.push_back(s), true; };
  while (game.auto_step(commit)) {}
  CHECK_THAT(game.failure(),
             Catch::StartsWith("Ann's bot cannot act (") && Catch::Contains("no strategy for this position"));
  REQUIRE(stored.size() == 2);  // the deal, and no pass of Ann's
  CHECK(stored[0].seat == -1);
  CHECK(stored[1].seat == -1);
  CHECK(!game.owes_auto_step());
  CHECK(game.seq() == 2);
  ActionResult o = game.act(1, "check", std::nullopt, commit);
  CHECK(o.refusal == Refusal::ScriptError);
  CHECK(o.message == game.failure());
  // Resumed after a restart, the stored steps replay, and the bot stops the table again.
  TableGame again(two_seats("kuhn-poker", {"solved:" + path, ""}), load_game("kuhn-poker"), 1);
  again.replay(stored, {}, "the test's store");
  CHECK(again.seq() == 2);
  CHECK(again.owes_auto_step());
  CHECK(!again.auto_step(commit));
  CHECK(again.failure() == game.failure());
  std::filesystem::remove(path);
}

TEST_CASE("server game: a score hook that raises ends the game, its scores null and the error said",
          "[server][game]") {
  TableGame game(two_seats(ARBITER_SOURCE_DIR "/tests/fixtures/score-raises", {"", ""}),
                 load_game(ARBITER_SOURCE_DIR "/tests/fixtures/score-raises"), 1);
  Commit commit = [](const Step&, std::string&) { return true; };
  REQUIRE(game.act(0, "done", std::nullopt, commit).ok());
  REQUIRE(game.act(1, "done", std::nullopt, commit).ok());
  REQUIRE(game.over());
  present::Json over = game.over_message();
  CHECK(over["winners"] == present::Json::array({"Ann"}));
  CHECK(over["scores"]["Ann"].is_null());
  CHECK(over["scores"]["Bob"].is_null());
  CHECK(over["results"]["Ann"] == 1.0);
  CHECK_THAT(over.value("error", ""), Catch::StartsWith("the score could not be read: ") &&
                                          Catch::Contains("rules.lua:") && Catch::Contains("no score today"));
}
