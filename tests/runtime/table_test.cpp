// Tests of runtime/table.cpp: options checked against the ruleset, seats, ages
// and the names scenarios use for zones.
#include <catch2/catch.hpp>

#include <algorithm>

#include "runtime/diagnostics.hpp"
#include "runtime/table.hpp"

using namespace arbiter;

namespace {

std::shared_ptr<const Ruleset> counter() {
  static auto ruleset = load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/counter");
  return ruleset;
}

GameOptions seats(std::vector<Seat> list) {
  GameOptions o;
  o.seats = std::move(list);
  return o;
}

// The message make_table throws, or "" when it does not.
std::string table_error(const GameOptions& options) {
  try {
    make_table(counter(), options);
  } catch (const InputError& e) {
    return e.what();
  }
  return "";
}

}  // namespace

TEST_CASE("make_table fills in defaults") {
  auto t = make_table(counter(), {});
  CHECK(t->seat_names() == std::vector<std::string>{"Player1", "Player2"});
  CHECK(t->params.at("target") == Value{10});
  CHECK(t->params.at("colour") == Value{"red"});
  CHECK(t->params.at("fast") == Value{false});
  CHECK(t->component_count() == 12);  // 3 + 3 + 2 in the deck, 2 tokens and 2 markers
  CHECK(t->zone_names() == std::vector<std::string>{"deck", "pile", "Player1.hand", "Player2.hand"});
}

TEST_CASE("make_table applies a variant, then --set") {
  GameOptions o;
  o.variant = "quick";
  CHECK(make_table(counter(), o)->params.at("target") == Value{3});
  o.set["target"] = std::string("7");
  o.set["colour"] = std::string("blue");
  o.set["fast"] = std::string("true");
  auto t = make_table(counter(), o);
  CHECK(t->params.at("target") == Value{7});
  CHECK(t->params.at("colour") == Value{"blue"});
  CHECK(t->params.at("fast") == Value{true});
}

TEST_CASE("a component count may come from a parameter") {
  GameOptions o;
  o.set["markers"] = std::string("5");
  auto t = make_table(counter(), o);
  CHECK(t->component_count() == 15);
  int marker = t->kind_by_name("marker");
  int n = 0;
  for (int c = 0; c < t->component_count(); ++c) n += t->component_kind[c] == marker;
  CHECK(n == 5);
  CHECK(t->kind_by_name("joker") == -1);
}

TEST_CASE("make_table refuses what the ruleset does not allow, saying why") {
  GameOptions o;
  SECTION("an unknown parameter gets a suggestion and the list") {
    o.set["targte"] = std::string("5");
    std::string e = table_error(o);
    CHECK_THAT(e, Catch::Contains("unknown parameter 'targte'") &&
                      Catch::Contains("did you mean 'target'?") && Catch::Contains("--set targte"));
    CHECK_THAT(e, Catch::Contains("colour"));
  }
  SECTION("a value out of range") {
    o.set["target"] = std::string("0");
    CHECK_THAT(table_error(o), Catch::Contains("'target' must lie in 1..100, not 0"));
    o.set["target"] = std::string("101");
    CHECK_THAT(table_error(o), Catch::Contains("not 101"));
  }
  SECTION("a value of the wrong kind") {
    o.set["target"] = std::string("lots");
    CHECK_THAT(table_error(o), Catch::Contains("takes a whole number, not 'lots'"));
    o.set.clear();
    o.set["fast"] = std::string("1");
    CHECK_THAT(table_error(o), Catch::Contains("'fast' takes true or false"));
  }
  SECTION("a value not among the choices") {
    o.set["colour"] = std::string("green");
    CHECK_THAT(table_error(o), Catch::Contains("'colour' is one of red or blue, not 'green'"));
  }
  SECTION("an unknown variant") {
    o.variant = "quik";
    std::string e = table_error(o);
    CHECK_THAT(e, Catch::Contains("unknown variant 'quik'") && Catch::Contains("did you mean 'quick'?") &&
                      Catch::Contains("known: quick"));
  }
  SECTION("too few or too many players") {
    CHECK_THAT(table_error(seats({{"Andy", -1}})), Catch::Contains("2 to 4 players, not 1"));
    CHECK_THAT(table_error(seats({{"A", -1}, {"B", -1}, {"C", -1}, {"D", -1}, {"E", -1}})),
               Catch::Contains("2 to 4 players, not 5"));
    CHECK(table_error(seats({{"A", -1}, {"B", -1}, {"C", -1}, {"D", -1}})) == "");
  }
}

TEST_CASE("make_table refuses seat names a reader could not tell apart or trust, saying why") {
  SECTION("seat names that scenarios could not tell apart") {
    CHECK_THAT(table_error(seats({{"Andy", -1}, {"Andy", -1}})),
               Catch::Contains("two seats are named 'Andy'"));
    CHECK_THAT(table_error(seats({{"A.B", -1}, {"C", -1}})), Catch::Contains("'A.B' must be one word"));
    CHECK_THAT(table_error(seats({{"", -1}, {"C", -1}})), Catch::Contains("must be one word"));
  }
  SECTION("seat names that could forge a line of the narration") {
    // A line break, another C0 character, DEL, C1, a bidirectional control, a line separator.
    for (const char* name : {"Ann\nBob wins.", "A\tB", "A\rB", "A\x1b[2JB", "A\x7f", "A\xc2\x9b",
                             "A\xe2\x80\xae"
                             "B",
                             "A\xe2\x80\xa8"
                             "B"}) {
      INFO(name);
      CHECK_THAT(table_error(seats({{name, -1}, {"C", -1}})),
                 Catch::Contains("holds a control character") &&
                     Catch::Contains("could pass for a line of the game's own"));
    }
    CHECK_THAT(table_error(seats({{"Ann\nBob", -1}, {"C", -1}})),
               Catch::Contains("'Ann…' holds a control character (U+000A, character 4)"));
    CHECK_THAT(table_error(seats({{"A\xff", -1}, {"C", -1}})),
               Catch::Contains("is not UTF-8 text (at byte 2)"));
    CHECK(table_error(seats({{"Zoë", -1}, {"李", -1}})) == "");
  }
}

TEST_CASE("by_age orders seats by age when every seat has one") {
  auto aged = make_table(counter(), seats({{"Ann", 40}, {"Bo", 9}, {"Cy", 20}, {"Di", 9}}));
  CHECK(aged->by_age(true) == std::vector<int>{1, 3, 2, 0});   // ties in listing order
  CHECK(aged->by_age(false) == std::vector<int>{0, 2, 1, 3});
  auto partly = make_table(counter(), seats({{"Ann", 40}, {"Bo", -1}, {"Cy", 20}}));
  CHECK(partly->by_age(true) == std::vector<int>{0, 1, 2});
  CHECK(partly->by_age(false) == std::vector<int>{0, 1, 2});
  auto none = make_table(counter(), seats({{"Ann", -1}, {"Bo", -1}}));
  CHECK(none->by_age(true) == std::vector<int>{0, 1});
}

TEST_CASE("zones and seats are found by the names scenarios use") {
  auto t = make_table(counter(), seats({{"Andy", -1}, {"Bill", -1}}));
  int deck = t->zone_by_name("deck");
  int andy = t->zone_by_name("Andy.hand");
  int bill = t->zone_by_name("Bill.hand");
  REQUIRE(deck >= 0);
  REQUIRE(andy >= 0);
  REQUIRE(bill >= 0);
  CHECK(t->zones[deck].owner == -1);
  CHECK(t->zones[andy].owner == 0);
  CHECK(t->zones[bill].owner == 1);
  CHECK(andy != bill);
  CHECK(t->zone_by_name("1.hand") == andy);
  CHECK(t->zone_by_name("2.hand") == bill);
  CHECK(t->zone_by_name("3.hand") == -1);
  CHECK(t->zone_by_name("Zed.hand") == -1);
  CHECK(t->zone_by_name("hand") == -1);  // a seat's zone needs the seat
  CHECK(t->zone_by_name("Andy.deck") == -1);
  CHECK(t->zone_by_name("dek") == -1);
  CHECK(t->zone_id(t->ruleset->zones.size() - 1, 1) == bill);

  CHECK(t->seat_by_name("Bill") == 1);
  CHECK(t->seat_by_name("1") == 0);
  CHECK(t->seat_by_name("0") == -1);
  CHECK(t->seat_by_name("3") == -1);
  CHECK(t->seat_by_name("bill") == -1);
}

TEST_CASE("variables get slots: globals first, then each seat's own") {
  auto t = make_table(counter(), seats({{"A", -1}, {"B", -1}, {"C", -1}}));
  const Ruleset& r = *t->ruleset;
  int count = r.var_index("count"), pokes = r.var_index("pokes"), score = r.var_index("score");
  CHECK(t->global_vars == 1);
  CHECK(t->seat_vars == 2);
  std::vector<int> slots = {t->var_slot_of(count, 0)};
  for (int s = 0; s < 3; ++s)
    slots.push_back(t->var_slot_of(pokes, s)), slots.push_back(t->var_slot_of(score, s));
  std::sort(slots.begin(), slots.end());
  CHECK(slots == std::vector<int>{0, 1, 2, 3, 4, 5, 6});  // every slot used once
  CHECK(t->var_slot_of(count, 2) == t->var_slot_of(count, 0));
}
