// Tests of bots/make_bot.cpp: bot kinds, and a ruleset's own Lua bot (Stacks' "honest"),
// which sees only a view and chooses among the legal actions.
#include <catch2/catch.hpp>

#include "lua/lua_rules.hpp"
#include "bots/make_bot.hpp"
#include "runtime/engine.hpp"

using namespace arbiter;

TEST_CASE("bot kinds include the generic ones and the ruleset's own, with suggestions") {
  auto ruleset = load_ruleset(ARBITER_SOURCE_DIR "/rulesets/stacks");
  std::string error;
  CHECK(check_bot_kind("random", error));
  CHECK(check_bot_kind("mcts:500", error));
  CHECK_FALSE(check_bot_kind("honest", error));  // not without the ruleset
  CHECK(check_bot_kind("honest", error, ruleset.get()));
  CHECK_FALSE(check_bot_kind("honset", error, ruleset.get()));
  CHECK_THAT(error, Catch::Contains("did you mean 'honest'"));
}

TEST_CASE("a ruleset's Lua bot chooses a legal action from its seat's view") {
  auto ruleset = load_ruleset(ARBITER_SOURCE_DIR "/rulesets/stacks");
  LuaRules rules(ruleset, ARBITER_SOURCE_DIR "/scripts");
  auto table = make_table(ruleset, GameOptions{{{"Andy", -1}, {"Bill", -1}}, 7, "", {}});
  Engine engine(table, rules);
  State s(table);
  s.arrange(table->zone_by_name("deck"),
            {table->kind_by_name("4"), table->kind_by_name("1"), table->kind_by_name("2")});
  REQUIRE(engine.start(s).ok);
  std::string error;
  auto bot = make_bot("honest", 1, engine, error);
  REQUIRE(bot);
  std::vector<std::string> legal;
  REQUIRE(engine.legal(s, 0, legal).ok);
  // Andy holds 4 and 2 and has an empty stack: the biggest truthful play is both cards for 6.
  CHECK(bot->choose(make_view(s, 0), legal, true) == "play 2 4 bid 6");
  REQUIRE(engine.apply(s, 0, "play 2 4 bid 6").ok());
  REQUIRE(engine.legal(s, 1, legal).ok);
  // Bill may call, but a bid of 6 is believable: he plays instead.
  std::string choice = bot->choose(make_view(s, 1), legal, true);
  CHECK(choice != "call");
  CHECK(std::find(legal.begin(), legal.end(), choice) != legal.end());
}

TEST_CASE("a ruleset's bot is found through a SharedRules handle, as through the rules themselves") {
  auto ruleset = load_ruleset(ARBITER_SOURCE_DIR "/rulesets/stacks");
  LuaRules lua(ruleset, ARBITER_SOURCE_DIR "/scripts");
  SharedRules rules(lua);
  CHECK(rules.bots() == static_cast<RulesetBots*>(&lua));
  auto table = make_table(ruleset, GameOptions{{{"Andy", -1}, {"Bill", -1}}, 7, "", {}});
  Engine engine(table, rules);
  State s(table);
  s.arrange(table->zone_by_name("deck"),
            {table->kind_by_name("4"), table->kind_by_name("1"), table->kind_by_name("2")});
  REQUIRE(engine.start(s).ok);
  std::string error;
  auto bot = make_bot("honest", 1, engine, error);
  REQUIRE(bot);
  std::vector<std::string> legal;
  REQUIRE(engine.legal(s, 0, legal).ok);
  REQUIRE(legal.front() != "play 2 4 bid 6");  // what a bot that could not be asked would play
  CHECK(bot->choose(make_view(s, 0), legal, true) == "play 2 4 bid 6");
}
