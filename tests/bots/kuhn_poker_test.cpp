// Kuhn poker's mcts leak probe (rulesets/kuhn-poker/README.md): a seat's search must play
// the same whatever card the other seat holds, since it cannot see it. The probe also runs
// on a copy of the ruleset whose hands are public, where it must find the difference, so
// that it is known to be able to fail.
#include <catch2/catch.hpp>

#include <fstream>
#include <map>
#include <sstream>

#include "lua/lua_rules.hpp"
#include "runtime/engine.hpp"
#include "bots/mcts.hpp"

using namespace arbiter;

namespace {

const std::string kDir = ARBITER_SOURCE_DIR "/rulesets/kuhn-poker";

// mcts's choice, seed by seed, for the seat to act after `bets` (actions from the start),
// when the deal gives `first` to Andy and `second` to Bill.
std::vector<std::string> choices(const std::shared_ptr<const Ruleset>& ruleset, const std::string& first,
                                 const std::string& second, const std::vector<std::string>& bets, int seeds) {
  LuaRules rules(ruleset, ARBITER_SOURCE_DIR "/scripts");
  auto table = make_table(ruleset, GameOptions{{{"Andy", -1}, {"Bill", -1}}, 1, "", {}});
  Engine engine(table, rules);
  State s(table);
  REQUIRE(engine.start(s).ok);
  REQUIRE(engine.decide(s, first).ok());
  REQUIRE(engine.decide(s, second).ok());
  for (const auto& b : bets) REQUIRE(engine.apply(s, s.active(), b).ok());
  std::vector<std::string> legal;
  REQUIRE(engine.legal(s, s.active(), legal).ok);
  std::vector<std::string> out;
  for (int seed = 1; seed <= seeds; ++seed) {
    MctsBot bot(engine, MctsBudget{300, 0, 2000}, static_cast<std::uint64_t>(seed));
    out.push_back(bot.choose(make_view(s, s.active()), legal, true));
  }
  return out;
}

std::map<std::string, int> frequencies(const std::vector<std::string>& v) {
  std::map<std::string, int> f;
  for (const auto& c : v) ++f[c];
  return f;
}

// Game.yaml with every hand public: the opponent's card is then in the view.
std::shared_ptr<const Ruleset> open_hands() {
  std::ifstream in(kDir + "/game.yaml");
  std::stringstream text;
  text << in.rdbuf();
  std::string yaml = text.str();
  std::string from = "hand: {per_seat: true, visibility: owner";
  REQUIRE(yaml.find(from) != std::string::npos);
  yaml.replace(yaml.find(from), from.size(), "hand: {per_seat: true, visibility: public");
  return load_ruleset(kDir, "", &yaml);
}

}  // namespace

TEST_CASE("kuhn-poker: mcts holding a Queen plays alike whatever the other seat holds", "[kuhn][leak]") {
  auto ruleset = load_ruleset(kDir);
  constexpr int kSeeds = 60;
  SECTION("Andy, first to act") {
    auto with_jack = choices(ruleset, "Q", "J", {}, kSeeds);
    auto with_king = choices(ruleset, "Q", "K", {}, kSeeds);
    CHECK(with_jack == with_king);  // the same view and seed: the same search, choice by choice
    CHECK(frequencies(with_jack) == frequencies(with_king));
  }
  SECTION("Bill, after a check and after a bet") {
    for (const std::vector<std::string>& bets :
         {std::vector<std::string>{"check"}, std::vector<std::string>{"bet"}}) {
      CHECK(choices(ruleset, "J", "Q", bets, kSeeds) == choices(ruleset, "K", "Q", bets, kSeeds));
    }
  }
}

TEST_CASE("kuhn-poker: the leak probe finds the difference when the hands are public", "[kuhn][leak]") {
  auto ruleset = open_hands();
  // Bill with a Queen facing a bet: against a Jack he calls, against a King he folds.
  auto facing_jack = frequencies(choices(ruleset, "J", "Q", {"bet"}, 20));
  auto facing_king = frequencies(choices(ruleset, "K", "Q", {"bet"}, 20));
  CHECK(facing_jack != facing_king);
  CHECK(facing_jack["call"] > facing_king["call"]);
}
