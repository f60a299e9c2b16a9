// Tests of runtime/marks.cpp: what a seat is told of components it does not see (game:clue),
// kept with them as they move, forgotten where the seat can no longer tell which is which,
// shown in the seat's view, and honoured by the sampler (play/sample.cpp, play/deal_marked.cpp).
// tests/fixtures/view has a hand (owner only), a zone facing out (others), a deck and a table.
#include <catch2/catch.hpp>

#include <algorithm>

#include "play/deal_marked.hpp"
#include "play/sample.hpp"
#include "runtime/marks.hpp"
#include "runtime/ruleset.hpp"
#include "runtime/view.hpp"
#include "tests/runtime/view_probe.hpp"

using namespace arbiter;
using namespace arbiter::testing;

TEST_CASE("marks: a clue marks the cards that match and the others, for the seats told alone") {
  Probe p;
  p.deal("king", "Andy.facing");
  p.deal("ace", "Andy.facing");
  std::vector<int> matched = clue_zone(p.s, p.zone("Andy.facing"), 1u << kAndy, "king", p.kinds({"king"}));
  CHECK(matched.size() == 1);
  CHECK(p.items(kAndy, "Andy.facing") == Items{"?(not king)", "?(king)"});
  CHECK(p.items(kBill, "Andy.facing") == Items{"ace", "king"});  // it sees them: no marks
  clue_zone(p.s, p.zone("Andy.facing"), kEveryone, "ace", p.kinds({"ace"}));
  CHECK(p.items(kAndy, "Andy.facing") == Items{"?(not king, ace)", "?(king, not ace)"});
  CHECK(p.items(-1, "Andy.facing") == Items{"?(ace)", "?(not ace)"});  // what every seat holds
}

TEST_CASE("marks: the same clue twice is one mark; a shuffle or a public zone forgets them") {
  Probe p;
  int king = p.deal("king", "Andy.facing");
  clue_zone(p.s, p.zone("Andy.facing"), 1u << kAndy, "king", p.kinds({"king"}));
  clue_zone(p.s, p.zone("Andy.facing"), 1u << kAndy, "king", p.kinds({"king"}));
  CHECK(p.s.marks.size() == 1);
  std::uint64_t marked = p.s.hash();
  p.s.move(king, p.zone("deck"));  // unseen by all, in place: the mark goes with it
  CHECK(p.s.marks.size() == 1);
  p.s.shuffle(p.zone("deck"));
  CHECK(p.s.marks.empty());
  p.s.move(king, p.zone("Andy.facing"));
  clue_zone(p.s, p.zone("Andy.facing"), 1u << kAndy, "king", p.kinds({"king"}));
  p.s.move(king, p.zone("table"));
  CHECK(p.s.marks.empty());
  CHECK(marked != State(p.table).hash());
}

TEST_CASE("marks: a card leaving a hand unseen keeps of each card only what all of them had") {
  Probe p;
  int king = p.deal("king", "Bill.hand");
  int ace = p.deal("ace", "Bill.hand");
  clue_zone(p.s, p.zone("Bill.hand"), kEveryone, "queen", p.kinds({"queen"}));  // Bill holds no queen
  clue_zone(p.s, p.zone("Bill.hand"), 1u << kAndy, "king", p.kinds({"king"}));   // Andy: one is a king
  p.s.move(ace, p.zone("deck"));  // Andy cannot tell which went back
  CHECK(p.items(kAndy, "Bill.hand") == Items{"?(not queen)"});
  CHECK(p.items(kCleo, "Bill.hand") == Items{"?(not queen)"});
  CHECK(p.items(kBill, "Bill.hand") == Items{"king"});
  (void)king;
}

TEST_CASE("marks: a card seen leaving a hand, that only one card could be, leaves the others' marks") {
  Probe p;
  p.deal("king", "Bill.hand");
  int ace = p.deal("ace", "Bill.hand");
  clue_zone(p.s, p.zone("Bill.hand"), 1u << kAndy, "king", p.kinds({"king"}));
  p.s.move(ace, p.zone("table"));  // Andy sees an ace arrive: only the "not king" card could be it
  CHECK(p.items(kAndy, "Bill.hand") == Items{"?(king)"});
  p.deal("king", "Bill.hand");
  clue_zone(p.s, p.zone("Bill.hand"), 1u << kAndy, "king", p.kinds({"king"}));
  p.s.move(p.s.top(p.zone("Bill.hand")), p.zone("table"));  // a king: either card could be it
  CHECK(p.items(kAndy, "Bill.hand") == Items{"?(king)"});     // both were "king": it is kept
}

TEST_CASE("marks: the sampler deals only what a seat's marks allow, and keeps the marks") {
  Probe p;
  p.deal("king", "Andy.facing");
  p.deal("ace", "Andy.facing");
  clue_zone(p.s, p.zone("Andy.facing"), 1u << kAndy, "king", p.kinds({"king"}));
  View v = make_view(p.s, kAndy);
  Rng rng(7);
  int kings_elsewhere = 0;
  for (int i = 0; i < 200; ++i) {
    State w = sample_state(p.table, v, rng);
    std::vector<int> facing = w.contents(p.zone("Andy.facing"));
    REQUIRE(w.name(facing[1]) == "king");
    REQUIRE(w.name(facing[0]) != "king");
    kings_elsewhere += w.name(facing[0]) == "ace";
    REQUIRE(marked_items(make_view(w, kAndy).zones[p.zone("Andy.facing")]) == Items{"?(not king)", "?(king)"});
  }
  CHECK(kings_elsewhere > 0);  // the unmarked places still vary: an ace there, or a queen
  CHECK(kings_elsewhere < 200);
}

TEST_CASE("marks: dealing under many marks finds a deal, and says so when none fits") {
  std::vector<std::uint16_t> kind_of = {0, 0, 1, 1, 2, 2};
  std::vector<MarkedPlace> places(6);
  for (int i = 0; i < 6; ++i) places[i] = {true, {static_cast<std::uint16_t>(i / 2)}};  // each place one kind
  std::vector<int> spare = {0, 1, 2, 3, 4, 5};
  Rng rng(3);
  REQUIRE(deal_marked(places, spare, kind_of, rng));
  for (int i = 0; i < 6; ++i) CHECK(kind_of[spare[i]] == i / 2);
  places[5] = {true, {0}};  // three places for two of kind 0
  CHECK_FALSE(deal_marked(places, spare, kind_of, rng));
}

TEST_CASE("marks: undo's re-deal leaves a marked card where it is") {
  Probe p;
  int king = p.deal("king", "Andy.facing");
  clue_zone(p.s, p.zone("Andy.facing"), 1u << kAndy, "king", p.kinds({"king"}));
  for (std::uint64_t seed = 1; seed <= 20; ++seed) {
    redeal_hidden(p.s, 1u << kAndy, seed);
    REQUIRE(p.s.top(p.zone("Andy.facing")) == king);
  }
}
