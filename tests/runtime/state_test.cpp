// Tests of runtime/state.cpp: moving, shuffling, arranging and seeing components,
// and that copies and hashes track everything that matters to play.
#include <catch2/catch.hpp>

#include <algorithm>

#include "authoring/conformance.hpp"
#include "runtime/state.hpp"

using namespace arbiter;

namespace {

// The counter fixture: deck (hidden) holds 3 ace, 3 two, 2 three (ids 0..7); pile (public)
// holds 2 token and 2 marker (ids 8..11); each seat has a hand (owner).
std::shared_ptr<const Table> counter_table(std::uint64_t seed = 1) {
  static auto ruleset = load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/counter");
  GameOptions options;
  options.seats = {{"Andy", -1}, {"Bill", -1}};
  options.seed = seed;
  return make_table(ruleset, options);
}

std::vector<std::string> names(const State& s, int zone) {
  std::vector<std::string> out;
  for (int c : s.contents(zone)) out.push_back(s.table->component_name(c));
  return out;
}

}  // namespace

TEST_CASE("a fresh state puts every component in its starting zone, top first") {
  State s(counter_table());
  const Table& t = *s.table;
  int deck = t.zone_by_name("deck"), pile = t.zone_by_name("pile");
  CHECK(check_components(s) == "");
  CHECK(s.contents(deck) == std::vector<int>{7, 6, 5, 4, 3, 2, 1, 0});
  CHECK(s.top(deck) == 7);
  CHECK(s.count(pile) == 4);
  CHECK(s.count(t.zone_by_name("Andy.hand")) == 0);
  CHECK(s.top(t.zone_by_name("Andy.hand")) == -1);
  CHECK(s.zone_of(0) == deck);
  CHECK(s.zone_of(11) == pile);
}

TEST_CASE("moves keep every component exactly once and the zones in order") {
  State s(counter_table());
  const Table& t = *s.table;
  int deck = t.zone_by_name("deck"), pile = t.zone_by_name("pile");
  int andy = t.zone_by_name("Andy.hand"), bill = t.zone_by_name("Bill.hand");

  SECTION("to the top of a later zone") {
    s.move(7, andy);
    s.move(0, andy);
    CHECK(check_components(s) == "");
    CHECK(s.contents(andy) == std::vector<int>{0, 7});
    CHECK(s.contents(deck) == std::vector<int>{6, 5, 4, 3, 2, 1});
    CHECK(s.count(pile) == 4);
  }
  SECTION("to the bottom of a later zone") {
    s.move(7, bill);
    s.move(6, bill, true);
    CHECK(check_components(s) == "");
    CHECK(s.contents(bill) == std::vector<int>{7, 6});
    CHECK(s.zone_of(6) == bill);
  }
  SECTION("to an earlier zone, top and bottom") {
    s.move(9, deck);
    s.move(8, deck, true);
    CHECK(check_components(s) == "");
    CHECK(s.contents(deck) == std::vector<int>{9, 7, 6, 5, 4, 3, 2, 1, 0, 8});
    CHECK(s.contents(pile) == std::vector<int>{11, 10});
  }
  SECTION("within a zone") {
    s.move(0, deck);  // bottom to top
    CHECK(s.contents(deck) == std::vector<int>{0, 7, 6, 5, 4, 3, 2, 1});
    s.move(0, deck, true);  // and back to the bottom
    CHECK(s.contents(deck) == std::vector<int>{7, 6, 5, 4, 3, 2, 1, 0});
    s.move(4, deck);  // from the middle to the top
    CHECK(s.contents(deck) == std::vector<int>{4, 7, 6, 5, 3, 2, 1, 0});
    s.move(7, deck);
    s.move(7, deck);  // the top onto itself stays put
    CHECK(s.contents(deck) == std::vector<int>{7, 4, 6, 5, 3, 2, 1, 0});
    CHECK(check_components(s) == "");
  }
  SECTION("a move turns the component back to its default face") {
    s.face[7] = Face::Up;
    s.move(7, andy);
    CHECK(s.face[7] == Face::Default);
  }
}

TEST_CASE("random moves agree with a simple model of the zones") {
  State s(counter_table());
  const Table& t = *s.table;
  int zones = static_cast<int>(t.zones.size());
  std::vector<std::vector<int>> model(zones);  // top first, like contents()
  for (int z = 0; z < zones; ++z) model[z] = s.contents(z);
  Rng rng(42);
  for (int i = 0; i < 2000; ++i) {
    int c = static_cast<int>(rng.below(t.component_count()));
    int to = static_cast<int>(rng.below(zones));
    bool bottom = rng.below(2) == 1;
    int from = s.zone_of(c);
    auto& src = model[from];
    src.erase(std::find(src.begin(), src.end(), c));
    if (bottom) model[to].push_back(c);
    else model[to].insert(model[to].begin(), c);
    s.move(c, to, bottom);
    INFO("move " << i << ": component " << c << " from zone " << from << " to zone " << to
                 << (bottom ? " (bottom)" : " (top)"));
    REQUIRE(check_components(s) == "");
    for (int z = 0; z < zones; ++z) REQUIRE(s.contents(z) == model[z]);
  }
}

TEST_CASE("a shuffle is a permutation of the zone, the same for the same seed") {
  State a(counter_table(7)), b(counter_table(7)), c(counter_table(8));
  int deck = a.table->zone_by_name("deck");
  a.shuffle(deck);
  b.shuffle(deck);
  c.shuffle(deck);
  CHECK(a.items == b.items);
  CHECK(a.rng == b.rng);
  CHECK(a.contents(deck) != c.contents(deck));  // 8! orders: these two seeds differ
  std::vector<int> sorted = a.contents(deck);
  std::sort(sorted.begin(), sorted.end());
  CHECK(sorted == std::vector<int>{0, 1, 2, 3, 4, 5, 6, 7});
  CHECK(a.contents(a.table->zone_by_name("pile")) == std::vector<int>{11, 10, 9, 8});
  CHECK(check_components(a) == "");
  // A second shuffle draws on from the generator: a different order.
  std::vector<int> first = a.contents(deck);
  a.shuffle(deck);
  CHECK(a.contents(deck) != first);
}

TEST_CASE("arrange puts the named kinds on top in order, the rest following in seeded order") {
  State plain(counter_table(3)), arranged(counter_table(3));
  const Table& t = *plain.table;
  int deck = t.zone_by_name("deck");
  int three = t.kind_by_name("three"), ace = t.kind_by_name("ace");
  arranged.arrange(deck, {three, ace, three});
  plain.shuffle(deck);
  arranged.shuffle(deck);
  CHECK(check_components(arranged) == "");
  std::vector<std::string> got = names(arranged, deck);
  REQUIRE(got.size() == 8);
  CHECK(std::vector<std::string>(got.begin(), got.begin() + 3) ==
        std::vector<std::string>{"three", "ace", "three"});
  // The rest: the unarranged shuffle with the topmost ace taken out (both threes are on top).
  std::vector<std::string> rest = names(plain, deck);
  rest.erase(std::find(rest.begin(), rest.end(), "three"));
  rest.erase(std::find(rest.begin(), rest.end(), "three"));
  rest.erase(std::find(rest.begin(), rest.end(), "ace"));
  CHECK(std::vector<std::string>(got.begin() + 3, got.end()) == rest);
  CHECK(arranged.arranged.empty());  // used up: the next shuffle is the RNG's
  CHECK(arranged.rng == plain.rng);
}

TEST_CASE("an arrangement naming a component the zone lacks raises a RuleError") {
  State s(counter_table());
  const Table& t = *s.table;
  int pile = t.zone_by_name("pile");
  s.arrange(pile, {t.kind_by_name("token"), t.kind_by_name("ace")});
  try {
    s.shuffle(pile);
    FAIL("shuffle did not throw");
  } catch (const RuleError& e) {
    std::string msg = e.what();
    CHECK_THAT(msg, Catch::Contains("'ace'") && Catch::Contains("pile"));
  }
  // A kind asked for more often than the zone holds it is missing too.
  State s2(counter_table());
  s2.arrange(pile, {t.kind_by_name("token"), t.kind_by_name("token"), t.kind_by_name("token")});
  CHECK_THROWS_AS(s2.shuffle(pile), RuleError);
}

TEST_CASE("visibility follows the zone, the face and reveals") {
  State s(counter_table());
  const Table& t = *s.table;
  int deck = t.zone_by_name("deck"), pile = t.zone_by_name("pile");
  int andy = t.zone_by_name("Andy.hand");
  const int A = 0, B = 1, nobody = -1;
  s.move(0, andy);
  int in_deck = 7, in_pile = 8, in_hand = 0;

  SECTION("by zone") {
    CHECK_FALSE(s.visible(in_deck, A));
    CHECK_FALSE(s.visible(in_deck, B));
    CHECK_FALSE(s.visible(in_deck, nobody));
    CHECK(s.visible(in_pile, A));
    CHECK(s.visible(in_pile, B));
    CHECK(s.visible(in_pile, nobody));  // a spectator sees what every seat sees
    CHECK(s.visible(in_hand, A));
    CHECK_FALSE(s.visible(in_hand, B));
    CHECK_FALSE(s.visible(in_hand, nobody));
  }
  SECTION("face up shows a component to everyone, face down hides it from all but the owner") {
    s.face[in_deck] = Face::Up;
    CHECK(s.visible(in_deck, B));
    CHECK(s.visible(in_deck, nobody));
    s.face[in_hand] = Face::Up;
    CHECK(s.visible(in_hand, B));
    s.face[in_hand] = Face::Down;
    CHECK(s.visible(in_hand, A));
    CHECK_FALSE(s.visible(in_hand, B));
    s.face[in_pile] = Face::Down;
    CHECK_FALSE(s.visible(in_pile, A));
    CHECK_FALSE(s.visible(in_pile, nobody));
  }
  SECTION("a reveal to one seat shows the zone to that seat only") {
    s.revealed[deck] |= 1u << B;
    CHECK(s.visible(in_deck, B));
    CHECK_FALSE(s.visible(in_deck, A));
    CHECK_FALSE(s.visible(in_deck, nobody));
    s.revealed[andy] |= 1u << B;
    CHECK(s.visible(in_hand, B));
    s.revealed[deck] = kEveryone;
    CHECK(s.visible(in_deck, A));
    CHECK(s.visible(in_deck, nobody));
  }
  SECTION("what a seat cannot see stays hidden when hidden components trade places") {
    CHECK(check_view_hides(s, A) == "");
    CHECK(check_view_hides(s, B) == "");
  }
  (void)pile;
}

TEST_CASE("any change to play changes the play state and the hash") {
  State s(counter_table());
  const Table& t = *s.table;
  s.shuffle(t.zone_by_name("deck"));
  const std::uint64_t h = s.hash();

  auto changed = [&](auto change) {
    State c = s;
    change(c);
    return !c.same_play_state(s) && c.hash() != h;
  };
  CHECK(changed([&](State& c) { c.move(c.top(0), t.zone_by_name("Bill.hand")); }));
  CHECK(changed([&](State& c) { c.move(c.top(0), 0, true); }));
  CHECK(changed([](State& c) { c.face[3] = Face::Up; }));
  CHECK(changed([](State& c) { c.revealed[0] = 1; }));
  CHECK(changed([&](State& c) { c.set_var(t.ruleset->var_index("count"), 0, Value{1}); }));
  CHECK(changed([&](State& c) { c.set_var(t.ruleset->var_index("pokes"), 1, Value{1}); }));
  CHECK(changed([&](State& c) { c.set_var(t.ruleset->var_index("count"), 0, Value{"0"}); }));
  CHECK(changed([](State& c) { c.status[1] = SeatStatus::OutForRound; }));
  CHECK(changed([](State& c) { c.order = {1, 0}; }));
  CHECK(changed([](State& c) { c.round = 2; }));
  CHECK(changed([](State& c) { c.turn = 5; }));
  CHECK(changed([](State& c) { c.pending = kTurnEnd; }));
  CHECK(changed([](State& c) { c.over = true; }));
  CHECK(changed([](State& c) { c.winners = {0}; }));
  CHECK(changed([](State& c) { c.rng.next(); }));
  CHECK(changed([](State& c) { c.arrange(0, {1}); }));

  // The log is not play: saying something changes neither.
  State said = s;
  said.record({Event::Kind::Say, -1, "hello", kEveryone});
  CHECK(said.log.size() == s.log.size() + 1);
  CHECK(said.same_play_state(s));
  CHECK(said.hash() == h);
}
