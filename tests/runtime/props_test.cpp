// Tests of runtime/props.cpp without Lua: properties by number, and matching, summing
// and sorting a zone by one, against orders worked out by hand from the api fixture.
#include <catch2/catch.hpp>

#include "runtime/props.hpp"

using namespace arbiter;

namespace {

// The api fixture: components 0, 1 three (value 3, red); 2, 3 one (1, blue); 4 two (2, red);
// 5 blank (neither). Each test lays out the zone "pile" itself, bottom to top.
struct Pile {
  std::shared_ptr<const Ruleset> ruleset = load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/api");
  State s{make_table(ruleset, {})};
  PropTable props = make_prop_table(*ruleset);
  int pile = s.table->zone_by_name("pile");
  int other = s.table->zone_by_name("other");

  // Puts exactly `bottom_to_top` in pile, the rest in other.
  void lay(const std::vector<int>& bottom_to_top) {
    for (int c = 0; c < s.table->component_count(); ++c) s.move(c, other);
    for (int c : bottom_to_top) s.move(c, pile);
  }
  PropKey key(std::string_view name) const { return find_prop(props, name); }
};

}  // namespace

TEST_CASE("a property table numbers every property any kind has, and points at each kind's value") {
  Pile p;
  REQUIRE(p.props.names.size() == 2);
  PropKey value = p.key("value"), colour = p.key("colour");
  REQUIRE(value.id >= 0);
  REQUIRE(colour.id >= 0);
  CHECK(value.id != colour.id);
  CHECK(*prop_of(p.s, 0, value) == Value(3));
  CHECK(*prop_of(p.s, 2, colour) == Value("blue"));
  CHECK(prop_of(p.s, 5, value) == nullptr);
  CHECK(p.key("vaule").id == -1);
  CHECK(prop_of(p.s, 0, p.key("vaule")) == nullptr);
}

TEST_CASE("a property no kind has is an error naming the ones there are; one some kind has is not") {
  Pile p;
  CHECK_NOTHROW(check_known_prop(p.s, p.key("value")));
  CHECK_THROWS_WITH(check_known_prop(p.s, p.key("vaule")),
                    Catch::Contains("no component kind has the property 'vaule' (did you mean 'value'?)") &&
                        Catch::Contains("properties: colour, value"));
}

TEST_CASE("matching lists a zone's matching components top first; nil matches those without it") {
  Pile p;
  p.lay({0, 2, 4, 5, 1, 3});  // top first: 3 1 5 4 2 0
  CHECK(matching(p.s, p.pile, p.key("colour"), Value("red")) == std::vector<int>{1, 4, 0});
  CHECK(matching(p.s, p.pile, p.key("value"), Value(1)) == std::vector<int>{3, 2});
  CHECK(matching(p.s, p.pile, p.key("value"), Value()) == std::vector<int>{5});
  CHECK(matching(p.s, p.pile, p.key("value"), Value("3")).empty());  // a text is not the number
  CHECK(count_matching(p.s, p.pile, p.key("colour"), Value("red")) == 3);
  CHECK(count_matching(p.s, p.pile, p.key("vaule"), Value()) == 6);
}

TEST_CASE("move_matching moves the matching components in the order they lay, the first found on top") {
  Pile p;
  p.lay({0, 1, 2, 3, 4, 5});
  CHECK(move_matching(p.s, p.pile, p.other, p.key("colour"), Value("red")) == std::vector<int>{4, 1, 0});
  CHECK(p.s.contents(p.other) == std::vector<int>{4, 1, 0});
  CHECK(p.s.contents(p.pile) == std::vector<int>{5, 3, 2});
}

TEST_CASE("sum_prop adds a whole-number property over a zone, and names a property nobody has") {
  Pile p;
  p.lay({0, 2, 4, 5});
  CHECK(sum_prop(p.s, p.pile, p.key("value")) == 3 + 1 + 2);
  CHECK(sum_prop(p.s, p.pile, p.key("colour")) == 0);  // texts count nothing
  CHECK_THROWS_WITH(sum_prop(p.s, p.pile, p.key("vaule")), Catch::Contains("did you mean 'value'"));
  p.lay({});
  CHECK(sum_prop(p.s, p.pile, p.key("value")) == 0);  // an empty zone: some kind has it
}

TEST_CASE("sort_zone orders a zone lowest first, ties by component number; descending reverses both") {
  Pile p;
  p.lay({4, 1, 3, 0, 2});
  sort_zone(p.s, p.pile, p.key("value"), false);
  CHECK(p.s.contents(p.pile) == std::vector<int>{2, 3, 4, 0, 1});
  sort_zone(p.s, p.pile, p.key("value"), true);
  CHECK(p.s.contents(p.pile) == std::vector<int>{1, 0, 4, 3, 2});
  sort_zone(p.s, p.pile, p.key("colour"), false);  // blue before red
  CHECK(p.s.contents(p.pile) == std::vector<int>{2, 3, 0, 1, 4});
}

TEST_CASE("sort_zone refuses a component without the property and leaves the zone as it was") {
  Pile p;
  p.lay({4, 5, 1});
  std::vector<int> before = p.s.contents(p.pile);
  CHECK_THROWS_WITH(sort_zone(p.s, p.pile, p.key("value"), false),
                    Catch::Contains("blank (component 6) has no number or text 'value' to sort by"));
  CHECK(p.s.contents(p.pile) == before);
}
