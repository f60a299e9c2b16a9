// Tests of secret chance decisions (game.yaml `seen_by`, game:chance's fifth argument), on
// Kuhn poker's deal: who reads the outcome, what the others read instead, what a view
// shows of a pending secret decision, and what search samples for the card it cannot see.
#include <catch2/catch.hpp>

#include <map>

#include "lua/lua_rules.hpp"
#include "runtime/engine.hpp"
#include "play/sample.hpp"

using namespace arbiter;

namespace {

struct Kuhn {
  std::shared_ptr<const Ruleset> ruleset = load_ruleset(ARBITER_SOURCE_DIR "/rulesets/kuhn-poker");
  LuaRules rules{ruleset, ARBITER_SOURCE_DIR "/scripts"};
  std::shared_ptr<const Table> table =
      make_table(ruleset, GameOptions{{{"Andy", -1}, {"Bill", -1}}, 1, "", {}});
  Engine engine{table, rules};
  State state{table};
  Kuhn() { REQUIRE(engine.start(state).ok); }
};

std::vector<std::string> lines(const View& v) {
  std::vector<std::string> out;
  for (const Event& e : v.log) out.push_back((e.kind == Event::Kind::Chance ? "Outcome: " : "") + e.text);
  return out;
}

bool has(const std::vector<std::string>& v, const std::string& line) {
  return std::find(v.begin(), v.end(), line) != v.end();
}

}  // namespace

TEST_CASE("secret chance: the seat dealt the card reads it, the other reads the unseen line") {
  Kuhn k;
  Decision d;
  REQUIRE(k.engine.decision(k.state, d).ok);
  REQUIRE(d.kind == Decision::Kind::Chance);
  CHECK(d.audience == 1u);  // Andy's card: Andy alone
  CHECK(d.question == "Which card is Andy dealt?");
  REQUIRE(k.engine.take_outcome(k.state, d, 1).ok);  // Q
  auto andy = lines(make_view(k.state, 0)), bill = lines(make_view(k.state, 1)),
       table = lines(make_view(k.state, -1));
  CHECK(has(andy, "Outcome: Q"));
  CHECK_FALSE(has(andy, "Andy is dealt a card."));
  CHECK(has(bill, "Andy is dealt a card."));
  for (const auto& l : bill) CHECK(l.find('Q') == std::string::npos);
  for (const auto& l : table) CHECK(l.find('Q') == std::string::npos);
}

TEST_CASE("secret chance: a view shows a pending secret decision's question, every weight as 1") {
  Kuhn k;
  REQUIRE(k.engine.decide(k.state, "K").ok());
  // Bill's deal: the weights left are J and Q, which tell Andy's card; the view does not.
  REQUIRE(k.state.chance.weights == std::vector<double>{1, 1, 0});
  for (int seat : {-1, 0, 1}) {
    View v = make_view(k.state, seat);
    CHECK(v.chance == "Which card is Bill dealt?");
    CHECK(v.pending_chance.weights == std::vector<double>{1, 1, 1});
  }
}

TEST_CASE("secret chance: a state sampled from a seat's view redraws the card it cannot see") {
  Kuhn k;
  REQUIRE(k.engine.decide(k.state, "K").ok());
  REQUIRE(k.engine.decide(k.state, "Q").ok());
  View bills = make_view(k.state, 1);
  Rng rng(3);
  std::map<std::string, int> andy_holds;
  int andy_hand = k.table->zone_by_name("Andy.hand"), bill_hand = k.table->zone_by_name("Bill.hand");
  for (int i = 0; i < 400; ++i) {
    State s = sample_state(k.table, bills, rng);
    REQUIRE(s.contents(andy_hand).size() == 1);
    ++andy_holds[s.name(s.contents(andy_hand)[0])];
    CHECK(s.name(s.contents(bill_hand)[0]) == "Q");
  }
  CHECK(andy_holds.count("Q") == 0);
  // Uniform over the two cards Bill cannot see, as the deal's own weights are.
  CHECK(andy_holds["J"] > 160);
  CHECK(andy_holds["K"] > 160);
}
