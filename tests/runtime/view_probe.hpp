// The state of tests/fixtures/view (a zone of each visibility, a hand, a zone facing out, a
// deck and a public table) set up by hand for tests of what a seat sees: view_test.cpp and
// marks_test.cpp.
#pragma once
#include <catch2/catch.hpp>

#include <algorithm>
#include <initializer_list>
#include <string>
#include <vector>

#include "runtime/ruleset.hpp"
#include "runtime/view.hpp"

namespace arbiter::testing {

constexpr int kAndy = 0, kBill = 1, kCleo = 2, kSpectator = -1;

struct Probe {
  std::shared_ptr<const Table> table;
  State s;
  Probe() : table(make_table(load_ruleset(ARBITER_SOURCE_DIR "/tests/fixtures/view"), options())), s(table) {}
  static GameOptions options() {
    GameOptions o;
    o.seats = {{"Andy", -1}, {"Bill", -1}, {"Cleo", -1}};
    return o;
  }
  int zone(const std::string& name) const { return table->zone_by_name(name); }
  // The first component of kind `kind` still in the deck, moved to the top of `to`.
  int deal(const std::string& kind, const std::string& to) {
    for (int c : s.contents(zone("deck")))
      if (s.name(c) == kind) {
        s.move(c, zone(to));
        return c;
      }
    FAIL("no " << kind << " left in the deck");
    return -1;
  }
  // The zone as `seat` sees it, top first, an unseen item with the marks the seat holds of it.
  std::vector<std::string> items(int seat, const std::string& z) const {
    return marked_items(make_view(s, seat).zones[zone(z)]);
  }
  int var(const std::string& name) const { return table->ruleset->var_index(name); }
  // The kinds named, ascending, as a mark holds them.
  std::vector<std::uint16_t> kinds(std::initializer_list<const char*> names) const {
    std::vector<std::uint16_t> out;
    for (const char* n : names) out.push_back(static_cast<std::uint16_t>(table->kind_by_name(n)));
    std::sort(out.begin(), out.end());
    return out;
  }
};

using Items = std::vector<std::string>;

}  // namespace arbiter::testing
