// Tests of runtime/ruleset_bots.hpp as the binding implements it: a ruleset's own bot
// draws math.random from a generator of its own, seeded by whoever seats it, so a bot may
// play a mixed strategy and the same seed still gives the same game.
#include <catch2/catch.hpp>

#include "lua/lua_rules.hpp"
#include "bots/make_bot.hpp"
#include "runtime/engine.hpp"
#include "play/match.hpp"
#include "runtime/seeds.hpp"

using namespace arbiter;

namespace {

// The actions of a whole game of the mixed-bot fixture with `kind` in both seats, seeded from `seed`.
std::vector<std::string> game_of(const std::string& kind, std::uint64_t seed) {
  auto ruleset = load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/mixed-bot");
  LuaRules rules(ruleset, ARBITER_SOURCE_DIR "/scripts");
  auto table = make_table(ruleset, GameOptions{{{"Andy", -1}, {"Bill", -1}}, seed, "", {}});
  Engine engine(table, rules);
  State s(table);
  REQUIRE(engine.start(s).ok);
  std::vector<std::unique_ptr<Bot>> bots;
  std::string error;
  for (int seat = 0; seat < 2; ++seat) bots.push_back(make_bot(kind, bot_seed(seed, seat), engine, error));
  REQUIRE(bots[0]);
  std::vector<std::string> actions;
  Status st = play_out(engine, s, bots, 100,
                       [&](const State&, const MatchStep& step) { actions.push_back(step.action); });
  REQUIRE(st.ok);
  REQUIRE(s.over);
  return actions;
}

}  // namespace

TEST_CASE("a ruleset bot's math.random gives the same game for the same seed and another for another seed") {
  std::vector<std::string> first = game_of("coin", 5);
  REQUIRE(first.size() == 20);
  CHECK(game_of("coin", 5) == first);
  CHECK(game_of("coin", 6) != first);
  // It is a mixed strategy: twenty picks from nine are not all one pick.
  CHECK(std::count(first.begin(), first.end(), first.front()) < 20);
}

TEST_CASE("a ruleset bot's draws are its own: the game's generator does not move") {
  auto ruleset = load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/mixed-bot");
  LuaRules rules(ruleset, ARBITER_SOURCE_DIR "/scripts");
  auto table = make_table(ruleset, GameOptions{{{"Andy", -1}, {"Bill", -1}}, 3, "", {}});
  Engine engine(table, rules);
  State s(table);
  REQUIRE(engine.start(s).ok);
  Rng before = s.rng;
  std::string error;
  auto coin = make_bot("coin", 11, engine, error);
  auto twin = make_bot("coin", 11, engine, error);
  REQUIRE(coin);
  std::vector<std::string> legal;
  REQUIRE(engine.legal(s, 0, legal).ok);
  std::vector<std::string> a, b;
  for (int i = 0; i < 12; ++i) a.push_back(coin->choose(make_view(s, 0), legal, true));
  // Two bots of one seed draw the same, each from its own generator, called in turn.
  for (int i = 0; i < 12; ++i) b.push_back(twin->choose(make_view(s, 0), legal, true));
  CHECK(a == b);
  CHECK(s.rng == before);
}
