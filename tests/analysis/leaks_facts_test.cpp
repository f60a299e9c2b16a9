// Tests of analysis/leaks/facts.cpp, the comparison the leak search makes: which of two alike
// components lies where is never a fact, a show is observed when it is made and received while
// it lasts, a zone's order counts unless game.yaml lists it by a property, and the first
// difference names its field. States are set up by hand on tests/fixtures/leaks/copies (ids
// 0-3 are low cards, 4-7 high, all in the deck) and on rulesets/goofspiel.
#include <catch2/catch.hpp>

#include <algorithm>
#include <utility>

#include "analysis/leaks/facts.hpp"
#include "runtime/table.hpp"

using namespace arbiter;

namespace {

constexpr int kOne = 0, kTwo = 1;

struct Copies {
  std::shared_ptr<const Table> table;
  State s;
  Copies()
      : table(make_table(load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/leaks/copies"), options())), s(table) {}
  static GameOptions options() {
    GameOptions o;
    o.seats = {{"One", -1}, {"Two", -1}};
    return o;
  }
  int zone(const std::string& name) const { return table->zone_by_name(name); }
  // Components `a` and `b` trade places (and faces), as two worlds may deal them.
  State traded(int a, int b) const {
    State t = s;
    auto ia = std::find(t.items.begin(), t.items.end(), a), ib = std::find(t.items.begin(), t.items.end(), b);
    std::iter_swap(ia, ib);
    std::swap(t.face[a], t.face[b]);
    return t;
  }
};

Facts seen(const State& s, int seat) { return observed(s, s, seat); }
Facts got(const State& s, int seat) { return received(s, Decision{}, seat, s.log.size()); }

std::string value_of(const Facts& facts, const std::string& field) {
  for (const Fact& f : facts)
    if (f.field == field) return f.value;
  return "(absent)";
}

}  // namespace

TEST_CASE("two alike components trading places change no fact; two kinds do where the seat sees") {
  Copies c;
  c.s.move(0, c.zone("One.hand"));  // a low card in One's hand, the rest in the deck
  State alike = c.traded(0, 1), unlike = c.traded(0, 4);
  for (int seat : {kOne, kTwo}) {
    CHECK(seen(alike, seat) == seen(c.s, seat));
    CHECK(got(alike, seat) == got(c.s, seat));
  }
  // A low and a high card trade places between One's hand and the deck: One sees it, Two does not.
  CHECK(seen(unlike, kTwo) == seen(c.s, kTwo));
  CHECK(got(unlike, kTwo) == got(c.s, kTwo));
  CHECK(value_of(seen(unlike, kOne), "zone One.hand") == "1: high");
  CHECK(value_of(got(unlike, kOne), "zone One.hand") == "1: high");
  CHECK(value_of(seen(c.s, kOne), "zone One.hand") == "1: low");
}

TEST_CASE("a show is observed at the moment it is made, and received for as long as it lasts") {
  Copies c;
  c.s.move(0, c.zone("Two.hand"));
  State before = c.s;
  c.s.shown[0] |= 1u << kOne;  // game:show(card, One)
  Facts first = observed(before, c.s, kOne), later = observed(c.s, c.s, kOne);
  CHECK(value_of(first, "shown") == "Two.hand: low");
  CHECK(value_of(later, "shown") == "(absent)");
  CHECK(value_of(first, "zone Two.hand") == "1: ?");  // by right One sees nothing there
  CHECK(value_of(got(c.s, kOne), "zone Two.hand") == "1: low");
  CHECK(value_of(got(before, kOne), "zone Two.hand") == "1: ?");
  // Two sees no show made to One, and its own card whatever One was shown.
  CHECK(observed(before, c.s, kTwo) == seen(before, kTwo));
}

TEST_CASE("a card turned face up and a zone revealed to the seat are observed, the reveal received") {
  Copies c;
  c.s.move(4, c.zone("Two.hand"));
  State up = c.s;
  up.face[4] = Face::Up;
  CHECK(value_of(seen(up, kOne), "zone Two.hand") == "1: high (up)");
  State revealed = c.s;
  revealed.revealed[c.zone("Two.hand")] = 1u << kOne;
  CHECK(value_of(seen(revealed, kOne), "zone Two.hand") == "1: high");
  CHECK(value_of(got(revealed, kOne), "zone Two.hand revealed") == "to you");
}

TEST_CASE("a zone's order is a fact unless game.yaml lists the zone by a property") {
  GameOptions o;
  o.seats = {{"Andy", -1}, {"Bill", -1}};
  auto table = make_table(load_ruleset(ARBITER_SOURCE_DIR "/rulesets/goofspiel"), o);
  State s(table);
  int diamonds = table->zone_by_name("diamonds"), prize = table->zone_by_name("prize");
  std::vector<int> d = s.contents(diamonds);  // listed by value (order: value)
  REQUIRE(d.size() >= 4);
  s.move(d[2], prize);
  s.move(d[3], prize);
  auto swapped = [&](int a, int b) {
    State t = s;
    auto place = [&](int c) { return std::find(t.items.begin(), t.items.end(), c); };
    std::iter_swap(place(a), place(b));
    return t;
  };
  State in_diamonds = swapped(d[0], d[1]), in_prize = swapped(d[2], d[3]);
  CHECK(seen(in_diamonds, 0) == seen(s, 0));
  CHECK(got(in_diamonds, 0) == got(s, 0));
  CHECK(seen(in_prize, 0) != seen(s, 0));
  CHECK(got(in_prize, 0) != got(s, 0));
}

TEST_CASE("the first difference names its field and both values, or none where the lists agree") {
  Facts a{{"round", "1"}, {"zone deck", "3: ?, ?, ?"}, {"log line 1", "say: One draws a card."}};
  Facts b = a;
  CHECK_FALSE(first_difference(a, b).has_value());
  b[1].value = "3: ?, low, ?";
  auto d = first_difference(a, b);
  REQUIRE(d.has_value());
  CHECK(d->field == "zone deck");
  CHECK(d->first == "3: ?, ?, ?");
  CHECK(d->second == "3: ?, low, ?");
  Facts longer = a;
  longer.push_back({"log line 2", "say: One is dealt the K."});
  d = first_difference(a, longer);
  REQUIRE(d.has_value());
  CHECK(d->field == "log line 2");
  CHECK(d->first == "(none)");
  CHECK(d->second == "say: One is dealt the K.");
}
