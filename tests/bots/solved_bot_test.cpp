// Tests of bots/solved_bot.cpp and strategy_file.cpp: the strategy `solve --write-bot`
// writes, read back and played. A solved Kuhn poker bot against a random one must earn what
// solve computes for that pairing, within the sim's confidence interval.
#include <catch2/catch.hpp>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <fstream>

#include "lua/lua_rules.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/engine.hpp"
#include "play/match.hpp"
#include "analysis/sim/sim.hpp"
#include "analysis/solve/solve.hpp"
#include "bots/solved_bot.hpp"

using namespace arbiter;
namespace fs = std::filesystem;

namespace {

const std::string kKuhn = ARBITER_SOURCE_DIR "/rulesets/kuhn-poker";

RulesFactory lua_rules() {
  return [](std::shared_ptr<const Ruleset> r) -> std::unique_ptr<Rules> {
    return std::make_unique<LuaRules>(r, ARBITER_SOURCE_DIR "/scripts");
  };
}

GameOptions seated(const std::string& a, const std::string& b) {
  GameOptions o;
  o.seats = {Seat{a}, Seat{b}};
  return o;
}

SolveReport solved(const std::string& dir, int iterations = 1000) {
  SolveOptions o;
  o.game = seated("Andy", "Bill");
  o.iterations = iterations;
  o.bot_keys = true;
  return solve(load_ruleset(dir, ARBITER_SOURCE_DIR "/scripts"), o, lua_rules());
}

// A file in the build folder, removed at the end of the test.
struct TempFile {
  explicit TempFile(const std::string& name)
      : path((fs::temp_directory_path() / ("arbiter-" + name)).string()) {}
  ~TempFile() { fs::remove(path); }
  void write(const std::string& text) const { std::ofstream(path, std::ios::binary) << text; }
  std::string path;
};

// The mean payoff of `seat` over `games` Kuhn games with `bots`, and its standard error.
std::pair<double, double> mean_payoff(const std::vector<std::string>& bots, int seat, int games) {
  SimOptions o;
  o.bots = bots;
  o.games = games;
  o.threads = 2;
  std::string error;
  std::vector<GameRecord> records =
      play_games(load_ruleset(kKuhn, ARBITER_SOURCE_DIR "/scripts"), o, lua_rules(), error);
  REQUIRE(error.empty());
  double sum = 0, squares = 0;
  for (const GameRecord& r : records)
    sum += r.payoffs.at(seat), squares += r.payoffs.at(seat) * r.payoffs.at(seat);
  double n = static_cast<double>(records.size()), mean = sum / n;
  return {mean, std::sqrt((squares / n - mean * mean) / n)};
}

// Kuhn's start for Andy holding `card`, as the seat sees it.
View andy_view(const std::string& first, const std::string& second, const std::string& card) {
  static auto ruleset = load_ruleset(kKuhn, ARBITER_SOURCE_DIR "/scripts");
  static LuaRules rules(ruleset, ARBITER_SOURCE_DIR "/scripts");
  auto table = make_table(ruleset, seated(first, second));
  Engine engine(table, rules);
  State s(table);
  REQUIRE(engine.start(s).ok);
  REQUIRE(engine.decide(s, card).ok());
  REQUIRE(engine.decide(s, card == "K" ? "J" : "K").ok());
  return make_view(s, 0, s.log.size());
}

}  // namespace

TEST_CASE("a solved Kuhn bot earns against a random one what solve says, within the sim's interval",
          "[solved_bot]") {
  SolveReport r = solved(kKuhn);
  REQUIRE(r.error.empty());
  REQUIRE(r.positions_error.empty());
  CHECK(r.positions.size() == 12);  // each of Kuhn's 12 information sets is one position a bot sees
  SolvedStrategy strategy = solved_strategy(*make_table(load_ruleset(kKuhn), seated("Andy", "Bill")), r);
  // The same file playing each position's last action (bet, fold) always: another strategy,
  // which the same check must tell from the solved one.
  SolvedStrategy reversed = strategy;
  for (auto& [at, e] : reversed.positions)
    std::fill(e.probabilities.begin(), e.probabilities.end() - 1, 0.0), e.probabilities.back() = 1;
  TempFile file("kuhn.strategy"), wrong("kuhn-last.strategy");
  REQUIRE(write_strategy(file.path, strategy) == "");
  REQUIRE(write_strategy(wrong.path, reversed) == "");
  for (int seat = 0; seat < 2; ++seat) {
    auto against_random = [seat](const std::string& bot) {
      return mean_payoff(
          seat == 0 ? std::vector<std::string>{bot, "random"} : std::vector<std::string>{"random", bot}, seat,
          8000);
    };
    auto [mean, se] = against_random("solved:" + file.path);
    INFO("seat " << seat << ": solve says " << r.against_random[seat] << ", the sim " << mean << " +- "
                 << 3.29 * se);
    CHECK(std::fabs(mean - r.against_random[seat]) < 3.29 * se);  // a 99.9% interval: the seeds are fixed
    auto [other, other_se] = against_random("solved:" + wrong.path);
    CHECK(std::fabs(other - r.against_random[seat]) > 3.29 * other_se);
  }
}

TEST_CASE("a position's key is what the seat sees without its log, whatever the seats are called",
          "[solved_bot]") {
  CHECK(view_key(andy_view("Andy", "Bill", "Q")) == view_key(andy_view("Cleo", "Dan", "Q")));
  CHECK(view_key(andy_view("Andy", "Bill", "Q")) != view_key(andy_view("Andy", "Bill", "K")));
}

TEST_CASE("solve will not write a bot the seat's view without its log cannot play", "[solved_bot]") {
  SolveReport r = solved(ARBITER_SOURCE_DIR "/tests/fixtures/forgetful", 100);
  REQUIRE(r.error.empty());
  CHECK_THAT(r.positions_error,
             Catch::Contains("Andy's view without its log (what a bot is given) is the same after") &&
                 Catch::Contains("Andy: left"));
  // A simultaneous choice keeps the other's commitment out of the view: rock-paper-scissors is fine.
  CHECK(solved(ARBITER_SOURCE_DIR "/tests/fixtures/rps", 100).positions_error.empty());
}

TEST_CASE("a strategy file is read back as written", "[solved_bot]") {
  SolvedStrategy s;
  s.ruleset = "kuhn-poker";
  s.game = "0123456789abcdef";
  s.positions[{1, std::string(32, 'a')}] = {
      {"call", "fold"}, {0.25, 0.75}, 0, "Bill at outcome ?, outcome J"};
  s.positions[{0, std::string(32, 'b')}] = {{"play 3 on 4"}, {1.0}, 0, ""};
  TempFile file("round-trip.strategy");
  REQUIRE(write_strategy(file.path, s) == "");
  SolvedStrategy back = read_strategy(file.path);
  CHECK(back.ruleset == s.ruleset);
  CHECK(back.game == s.game);
  REQUIRE(back.positions.size() == 2);
  CHECK(back.positions[{1, std::string(32, 'a')}].probabilities == std::vector<double>{0.25, 0.75});
  CHECK(back.positions[{0, std::string(32, 'b')}].actions == std::vector<std::string>{"play 3 on 4"});
}

TEST_CASE("a corrupt strategy file is refused at its line, saying what is wrong", "[solved_bot]") {
  const std::string head = "arbiter strategy 1\nruleset kuhn-poker\ngame 0123456789abcdef\n";
  const std::string key = " " + std::string(32, 'a') + " ";
  struct Case {
    std::string text, says;
  };
  std::vector<Case> cases = {
      {"", ": the file is empty"},
      {"arbiter strategy 2\n", ":1: written in format '2'"},
      {head, ":3: the file holds no position"},
      {head + "position 1" + key + "2\n0.5 check\n",
       ":5: the file ends inside a position: 1 of its 2 actions given"},
      {head + "position 1" + key + "2\n0.5 check\n0.4 bet\n",
       ":4: the probabilities of this position add up to 0.9, not 1"},
      {head + "position 1" + key + "1\n1 bet\nposition 1" + key + "1\n1 bet\n",
       ":6: position 1 " + std::string(32, 'a') + " is given twice (first at line 4)"},
      {head + "position 0" + key + "1\n1 bet\n", ":4: a seat is a number from 1 to 32, not '0'"},
      {head + "position 1 abc 1\n1 bet\n", ":4: a position's key is 32 hex digits"},
      {head + "position 1" + key + "0\n", ":4: a position has 1 to 10000 actions, not '0'"},
      {head + "position 1" + key + "1\nnan bet\n",
       ":5: expected 'PROBABILITY ACTION' with a probability from 0 to 1"},
      {head + "position 1" + key + "1\n1 b\x1b[2Jet\n",
       ":5: an action is a text of 1 to 4096 bytes without control characters"},
      {head + "position 1" + key + "2\n0.5 bet\n0.5 bet\n",
       ":6: the action 'bet' is given twice in one position"},
      {head + "turn 1" + key + "1\n1 bet\n", ":4: expected 'position SEAT KEY COUNT'"},
      {"arbiter strategy 1\ngame 0123\n", ":2: expected 'ruleset …', not 'game 0123'"},
      {"arbiter strategy 1\nruleset kuhn-poker\ngame 0123\n", ":3: the game's fingerprint is 16 hex digits"},
      {"arbiter strategy 1\nruleset kuhn\x1b]0;x\x07\n", ":2: a ruleset id is a name of at most 255 bytes"},
  };
  for (const Case& c : cases) {
    TempFile file("corrupt.strategy");
    file.write(c.text);
    INFO(c.text);
    CHECK_THROWS_WITH(read_strategy(file.path), Catch::Contains(file.path + c.says));
  }
}

TEST_CASE("a solved bot that meets a position its file does not hold says so, and the game stops there",
          "[solved_bot]") {
  auto ruleset = load_ruleset(kKuhn, ARBITER_SOURCE_DIR "/scripts");
  auto strategy = std::make_shared<SolvedStrategy>();
  strategy->positions[{0, view_key(andy_view("Andy", "Bill", "Q"))}] = {{"check", "bet"}, {0, 1}, 4, ""};
  std::vector<std::string> legal = {"check", "bet"};
  SolvedBot bot(strategy, "kuhn.strategy", 1);
  CHECK(bot.choose(andy_view("Andy", "Bill", "Q"), legal, true) == "bet");
  CHECK(bot.failure().empty());
  CHECK(bot.choose(andy_view("Andy", "Bill", "K"), legal, true).empty());
  CHECK_THAT(bot.failure(), Catch::Contains("kuhn.strategy has no strategy for this position"));
  std::vector<std::string> other = {"call", "fold"};
  CHECK(bot.choose(andy_view("Andy", "Bill", "Q"), other, true).empty());
  CHECK(bot.failure() ==
        "kuhn.strategy:4: the strategy's 2 actions here are not the 2 legal ones (a file for other rules?)");

  // Played out: the match names the seat and the reason rather than a game nobody can move on.
  LuaRules rules(ruleset, ARBITER_SOURCE_DIR "/scripts");
  auto table = make_table(ruleset, seated("Andy", "Bill"));
  Engine engine(table, rules);
  State s(table);
  REQUIRE(engine.start(s).ok);
  REQUIRE(engine.decide(s, "K").ok());
  REQUIRE(engine.decide(s, "J").ok());
  std::vector<std::unique_ptr<Bot>> bots;
  bots.push_back(std::make_unique<SolvedBot>(strategy, "kuhn.strategy", 1));
  bots.push_back(std::make_unique<RandomBot>(2));
  Status st = play_out(engine, s, bots, 100);
  CHECK_THAT(st.message,
             Catch::StartsWith("Andy's bot cannot act (kuhn.strategy has no strategy for this position"));
}
