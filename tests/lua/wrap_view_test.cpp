// Tests of lua/wrap_view.cpp: the view a ruleset's own bot gets is a plain table whose
// variables keep their types (a text that reads like a number stays a text), hold a seat's
// name for a `type: seat` variable, and leave out what the seat may not see.
#include <catch2/catch.hpp>

#include "lua/lua_rules.hpp"
#include "bots/make_bot.hpp"
#include "runtime/engine.hpp"

using namespace arbiter;

namespace {

// What the fixture's bot "describe" finds in `seat`'s view.
std::string described(int seat) {
  auto ruleset = load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/bot-view");
  LuaRules rules(ruleset, ARBITER_SOURCE_DIR "/scripts");
  auto table = make_table(ruleset, GameOptions{{{"Andy", -1}, {"Bill", -1}}, 1, "", {}});
  Engine engine(table, rules);
  State s(table);
  REQUIRE(engine.start(s).ok);
  std::string error;
  auto bot = make_bot("describe", 1, engine, error);
  REQUIRE(bot);
  return bot->choose(make_view(s, seat), {"pass"}, true);
}

}  // namespace

TEST_CASE("a bot's view keeps texts as texts, numbers as numbers and booleans as booleans") {
  std::string seen = described(0);
  INFO(seen);
  CHECK_THAT(seen, Catch::StartsWith("count=number:7 flag=boolean:false label=string:12 leader=string:Bill "
                                     "nothing=string:none word=string:true |"));
}

TEST_CASE("a bot's view holds its own hidden variables and no other seat's") {
  CHECK_THAT(described(0), Catch::EndsWith("| Andy: score=number:3 secret=string:5 | Bill: score=number:0"));
  CHECK_THAT(described(1), Catch::EndsWith("| Andy: score=number:3 | Bill: score=number:0 secret=string:6"));
}
