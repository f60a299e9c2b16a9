// Tests of runtime/view.cpp, the one place that decides what a seat sees: a view carries
// no fact the seat was not told, and every fact it was. tests/fixtures/view has a zone of each
// visibility, a hidden per-seat variable and a seat-holding one; the state is set up by hand.
#include <catch2/catch.hpp>

#include <algorithm>

#include "runtime/view.hpp"
#include "runtime/ruleset.hpp"
#include "tests/runtime/view_probe.hpp"

using namespace arbiter;
using namespace arbiter::testing;

namespace {

bool has_var(const SeatView& sv, const std::string& name) {
  return std::any_of(sv.vars.begin(), sv.vars.end(), [&](const auto& kv) { return kv.first == name; });
}

}  // namespace

TEST_CASE("a view tells a seat of a reveal to itself or to everyone, not of one to another seat") {
  auto ruleset = load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/api");
  auto table = make_table(ruleset, {});
  State s(table);
  int secret = table->zone_by_name("secret");
  State peeked = s;
  peeked.revealed[secret] |= 1u << 1;  // game:reveal('secret', 2): its line goes to seat 2 alone
  CHECK(make_view(peeked, 0).zones[secret].revealed == make_view(s, 0).zones[secret].revealed);
  CHECK(make_view(peeked, -1).zones[secret].revealed == 0);
  CHECK(make_view(peeked, 1).zones[secret].revealed == 1u << 1);
  peeked.revealed[secret] = kEveryone;  // game:reveal('secret')
  CHECK(make_view(peeked, 0).zones[secret].revealed == kEveryone);
}

TEST_CASE("view: a hidden zone is counted for everyone and named for no one, unless face up") {
  Probe p;
  for (int seat : {kAndy, kBill, kSpectator}) {
    ZoneView deck = make_view(p.s, seat).zones[p.zone("deck")];
    CHECK(deck.count == 5);
    CHECK(deck.items == Items(5, "?"));
    CHECK(deck.listed == Items(5, "?"));
  }
  int top = p.s.top(p.zone("deck"));
  p.s.face[top] = Face::Up;
  for (int seat : {kAndy, kCleo, kSpectator}) CHECK(p.items(seat, "deck").front() == p.s.name(top));
}

TEST_CASE("view: an owner-only zone is named for its owner, and for a spectator not at all") {
  Probe p;
  p.deal("ace", "Andy.hand");
  p.deal("king", "Andy.hand");
  CHECK(p.items(kAndy, "Andy.hand") == Items{"king", "ace"});
  CHECK(p.items(kBill, "Andy.hand") == Items{"?", "?"});
  CHECK(p.items(kSpectator, "Andy.hand") == Items{"?", "?"});
  CHECK(make_view(p.s, kBill).zones[p.zone("Andy.hand")].count == 2);
}

TEST_CASE("view: face down hides a card from all but its zone's owner; face up shows it to all") {
  Probe p;
  int on_table = p.deal("queen", "table");
  CHECK(p.items(kCleo, "table") == Items{"queen"});
  p.s.face[on_table] = Face::Down;  // a public zone has no owner: nobody sees a face-down card there
  for (int seat : {kAndy, kBill, kCleo, kSpectator}) CHECK(p.items(seat, "table") == Items{"?"});
  CHECK(make_view(p.s, kAndy).zones[p.zone("table")].faces == std::vector<Face>{Face::Down});
  int in_hand = p.deal("ace", "Bill.hand");
  p.s.face[in_hand] = Face::Down;
  CHECK(p.items(kBill, "Bill.hand") == Items{"ace"});
  CHECK(p.items(kAndy, "Bill.hand") == Items{"?"});
  p.s.face[in_hand] = Face::Up;
  for (int seat : {kAndy, kCleo, kSpectator}) CHECK(p.items(seat, "Bill.hand") == Items{"ace"});
}

TEST_CASE("view: a card shown or a zone revealed to one seat is named for that seat alone") {
  Probe p;
  int ace = p.deal("ace", "Andy.hand");
  p.deal("king", "Andy.hand");
  p.s.shown[ace] = 1u << kBill;  // game:show(card, 2)
  CHECK(p.items(kBill, "Andy.hand") == Items{"?", "ace"});
  CHECK(make_view(p.s, kBill).zones[p.zone("Andy.hand")].listed == Items{"ace", "?"});
  CHECK(p.items(kCleo, "Andy.hand") == Items{"?", "?"});
  CHECK(p.items(kSpectator, "Andy.hand") == Items{"?", "?"});
  p.s.shown[ace] = (1u << kBill) | (1u << kCleo);  // shown to every seat but its owner, who sees it anyway
  CHECK(p.items(kSpectator, "Andy.hand") == Items{"?", "ace"});
  p.s.revealed[p.zone("Andy.hand")] = 1u << kCleo;  // game:reveal('Andy.hand', 3)
  CHECK(p.items(kCleo, "Andy.hand") == Items{"king", "ace"});
  CHECK(p.items(kBill, "Andy.hand") == Items{"?", "ace"});
}

TEST_CASE("view: a zone facing out (visibility others) is named for every seat but its owner") {
  Probe p;
  p.deal("ace", "Andy.facing");
  CHECK(p.items(kAndy, "Andy.facing") == Items{"?"});
  CHECK(p.items(kBill, "Andy.facing") == Items{"ace"});
  CHECK(p.items(kCleo, "Andy.facing") == Items{"ace"});
  CHECK(p.items(kSpectator, "Andy.facing") == Items{"?"});  // not every seat sees it
}

namespace {
int count_of(const Items& items, const std::string& name) {
  return static_cast<int>(std::count(items.begin(), items.end(), name));
}
}  // namespace

// A hand's cards cannot be told apart by another seat, so what it was shown is of the hand.
TEST_CASE("view: a seat shown a card of a hand knows one fewer of its kind when one leaves for where it sees") {
  Probe p;
  int seen = p.deal("king", "Bill.hand");
  p.s.shown[seen] = 1u << kAndy;  // a Priest's look
  int drawn = p.deal("king", "Bill.hand");
  REQUIRE(p.items(kAndy, "Bill.hand") == Items{"?", "king"});
  p.s.move(drawn, p.zone("table"));  // the rules play the copy Andy was not shown
  CHECK(p.items(kAndy, "Bill.hand") == Items{"?"});
  CHECK(p.items(kBill, "Bill.hand") == Items{"king"});
  CHECK(p.items(kAndy, "table") == Items{"king"});
}

TEST_CASE("view: a card of another kind leaving a hand, or one seen leaving, leaves what a seat knew") {
  Probe p;
  int king = p.deal("king", "Bill.hand");
  int ace = p.deal("ace", "Bill.hand");
  p.s.shown[king] = 1u << kAndy;
  p.s.move(ace, p.zone("table"));
  CHECK(p.items(kAndy, "Bill.hand") == Items{"king"});
  int queen = p.deal("queen", "Bill.hand");
  int other = p.deal("king", "Bill.hand");
  p.s.face[other] = Face::Up;  // everyone sees which card leaves
  p.s.move(other, p.zone("table"));
  CHECK(count_of(p.items(kAndy, "Bill.hand"), "king") == 1);
  p.s.revealed[p.zone("Bill.hand")] = 1u << kCleo;  // a seat that sees into the hand forgets nothing
  p.s.shown[queen] = 1u << kCleo;
  p.s.move(king, p.zone("table"));
  CHECK(p.items(kCleo, "Bill.hand") == Items{"queen"});
  CHECK(p.s.shown[queen] == 1u << kCleo);
}

TEST_CASE("view: a card leaving a hand for where a seat does not see takes one of each kind it knew there") {
  Probe p;
  int k1 = p.deal("king", "Bill.hand");
  int k2 = p.deal("king", "Bill.hand");
  int ace = p.deal("ace", "Bill.hand");
  p.deal("ace", "Bill.hand");
  p.s.shown[k1] = p.s.shown[k2] = p.s.shown[ace] = 1u << kAndy;
  int unknown = p.s.top(p.zone("Bill.hand"));
  p.s.move(unknown, p.zone("deck"));  // Andy cannot tell which card went back
  Items seen = p.items(kAndy, "Bill.hand");
  CHECK(count_of(seen, "king") == 1);  // two kings, one of which may have gone
  CHECK(count_of(seen, "ace") == 0);   // the one ace it knew may have gone
  CHECK(count_of(seen, "?") == 2);
}

TEST_CASE("view: a card that became another kind where nobody sees it tells no seat which") {
  Probe p;
  int c = p.deal("ace", "Andy.hand");
  p.s.move(c, p.zone("deck"));
  p.s.become(c, p.table->kind_by_name("king"));  // game:become in the hidden deck
  for (int seat : {kAndy, kBill, kCleo, kSpectator}) {
    View v = make_view(p.s, seat);
    CHECK(v.zones[p.zone("deck")].items == Items(5, "?"));
    CHECK(v.zones[p.zone("deck")].listed == Items(5, "?"));
  }
  p.s.move(c, p.zone("Cleo.hand"));
  CHECK(p.items(kCleo, "Cleo.hand") == Items{"king"});  // its owner sees what it is now
  CHECK(p.items(kAndy, "Cleo.hand") == Items{"?"});
}

TEST_CASE("view: a public zone lists what it holds by game.yaml's order, and in it what each seat sees") {
  Probe p;
  p.deal("king", "table");
  p.deal("ace", "table");
  p.deal("queen", "table");
  View v = make_view(p.s, kSpectator);
  CHECK(v.zones[p.zone("table")].items == Items{"queen", "ace", "king"});
  CHECK(v.zones[p.zone("table")].listed == Items{"ace", "queen", "king"});  // by rank
  CHECK(v.symbols == std::vector<std::pair<std::string, std::string>>{{"ace", "A"}, {"king", "K"}});
}

TEST_CASE("view: a hidden per-seat variable is its seat's alone, in the text and in the state's terms") {
  Probe p;
  p.s.set_var(p.var("bid"), kBill, Value(5));
  p.s.set_var(p.var("tricks"), kBill, Value(2));
  p.s.set_var(p.var("leader"), 0, Value(2));
  View bill = make_view(p.s, kBill), andy = make_view(p.s, kAndy), spectator = make_view(p.s, kSpectator);
  CHECK(has_var(bill.seats[kBill], "bid"));
  CHECK_FALSE(has_var(bill.seats[kAndy], "bid"));
  CHECK_FALSE(has_var(andy.seats[kBill], "bid"));
  for (const View* v : {&bill, &andy, &spectator}) CHECK(has_var(v->seats[kBill], "tricks"));
  int bid_slot = p.table->var_slot_of(p.var("bid"), kBill);
  CHECK(bill.var_slots[bid_slot] == Value(5));
  CHECK(andy.var_slots[bid_slot] == Value(-1));  // its initial value, not Bill's bid
  CHECK(spectator.var_slots[bid_slot] == Value(-1));
  for (const auto& sv : spectator.seats) CHECK_FALSE(has_var(sv, "bid"));
  CHECK(andy.var_slots[p.table->var_slot_of(p.var("tricks"), kBill)] == Value(2));
  auto leader = std::find_if(andy.globals.begin(), andy.globals.end(),
                             [](const auto& kv) { return kv.first == "leader"; });
  REQUIRE(leader != andy.globals.end());
  CHECK(leader->second == "Bill");  // a seat number, shown by name
  CHECK(andy.undisplayed == Items{"tally"});
}

TEST_CASE("view: a seat reads the log lines meant for it; a spectator only those for everyone") {
  Probe p;
  p.s.record({Event::Kind::Say, -1, "to all", kEveryone});
  p.s.record({Event::Kind::Say, -1, "to Bill", 1u << kBill});
  p.s.record({Event::Kind::Say, -1, "to Andy and Cleo", (1u << kAndy) | (1u << kCleo)});
  auto texts = [&](int seat, std::size_t from) {
    Items out;
    for (const auto& e : make_view(p.s, seat, from).log) out.push_back(e.text);
    return out;
  };
  CHECK(texts(kAndy, 0) == Items{"to all", "to Andy and Cleo"});
  CHECK(texts(kBill, 0) == Items{"to all", "to Bill"});
  CHECK(texts(kCleo, 0) == Items{"to all", "to Andy and Cleo"});
  CHECK(texts(kSpectator, 0) == Items{"to all"});
  CHECK(texts(kCleo, 1) == Items{"to Andy and Cleo"});
  CHECK(texts(kSpectator, 1).empty());
}
