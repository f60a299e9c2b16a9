// The completions hook: what Tab completes at a person's prompt besides the listed actions.
// Chess offers each legal move in SAN; every text it offers must be accepted when typed.
#include <catch2/catch.hpp>

#include <algorithm>
#include <set>

#include "lua/lua_rules.hpp"
#include "runtime/engine.hpp"

using namespace arbiter;

namespace {

const std::string kChess = ARBITER_SOURCE_DIR "/rulesets/chess";

struct Game {
  std::shared_ptr<const Ruleset> ruleset = load_ruleset(kChess);
  LuaRules rules;
  std::shared_ptr<const Table> table;
  Engine engine;
  State state;
  explicit Game(const std::string& fen)
      : rules(ruleset, ARBITER_SOURCE_DIR "/scripts"),
        table(
            make_table(ruleset, GameOptions{{{"Ann", -1}, {"Ben", -1}},
                                            1,
                                            "",
                                            fen.empty() ? std::map<std::string, std::string>{}
                                                        : std::map<std::string, std::string>{{"fen", fen}}})),
        engine(table, rules),
        state(table) {
    REQUIRE(engine.start(state).ok);
  }
  std::vector<std::string> completions(int seat) {
    std::vector<std::string> out;
    REQUIRE(rules.completions(state, seat, out).ok);
    return out;
  }
  // Each text, typed by `seat` on a copy of the state, is taken.
  void all_accepted(const std::vector<std::string>& texts, int seat) {
    for (const auto& text : texts) {
      State copy = state;
      INFO(text);
      CHECK(engine.apply(copy, seat, text).ok());
    }
  }
};

}  // namespace

TEST_CASE("chess completes each legal move in SAN, and each is accepted as typed", "[completions]") {
  Game g("");
  auto texts = g.completions(0);
  std::set<std::string> got(texts.begin(), texts.end());
  std::set<std::string> want{"a3", "a4", "b3", "b4", "c3", "c4", "d3", "d4", "e3", "e4",
                             "f3", "f4", "g3", "g4", "h3", "h4", "Na3", "Nc3", "Nf3", "Nh3"};
  CHECK(got == want);
  CHECK(texts.size() == 20);
  g.all_accepted(texts, 0);
  CHECK(g.completions(1).empty());  // not Black's turn: nothing to complete
}

TEST_CASE("chess completions disambiguate as SAN does", "[completions]") {
  // d2 is empty and both knights reach it; so do the bishop, the queen and the king.
  Game g("rnbqkbnr/pppppppp/8/8/3P4/5N2/PPP1PPPP/RNBQKB1R w KQkq - 0 1");
  auto texts = g.completions(0);
  for (const char* move : {"Nbd2", "Nfd2", "Bd2", "Qd2", "Kd2"})
    CHECK(std::count(texts.begin(), texts.end(), move) == 1);
  CHECK(std::count(texts.begin(), texts.end(), "Nd2") == 0);
  g.all_accepted(texts, 0);
}

TEST_CASE("a ruleset without the hook completes nothing more", "[completions]") {
  auto ruleset = load_ruleset(ARBITER_SOURCE_DIR "/rulesets/tictactoe");
  LuaRules rules(ruleset, ARBITER_SOURCE_DIR "/scripts");
  auto table = make_table(ruleset, GameOptions{});
  Engine engine(table, rules);
  State s(table);
  REQUIRE(engine.start(s).ok);
  std::vector<std::string> out;
  CHECK(rules.completions(s, 0, out).ok);
  CHECK(out.empty());
}
