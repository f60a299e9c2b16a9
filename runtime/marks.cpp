// Marks: what seats are told of components they do not see (marks.hpp).
#include "runtime/marks.hpp"

#include <algorithm>

namespace arbiter {

namespace {

// Whether `seat` holds mark `m`; seat -1 (a spectator) holds what every seat holds.
bool holds(const State& s, const Mark& m, int seat) {
  if (seat >= 0) return (m.seats >> seat) & 1u;
  std::uint32_t all = s.seat_count() >= 32 ? kEveryone : (1u << s.seat_count()) - 1;
  return (m.seats & all) == all;
}

bool same_claim(const Mark& a, const Mark& b) { return a.label == b.label && a.kinds == b.kinds; }

// Whether `seat` holds, of component `c`, a mark claiming what `m` claims.
bool holds_claim(const State& s, int c, int seat, const Mark& m) {
  for (const Mark& other : s.marks)
    if (other.component == c && holds(s, other, seat) && same_claim(other, m)) return true;
  return false;
}

// Whether `kind` is among the kinds every mark `seat` holds of `c` allows.
bool may_be(const State& s, int c, int seat, int kind) {
  for (const Mark& m : s.marks)
    if (m.component == c && holds(s, m, seat) &&
        !std::binary_search(m.kinds.begin(), m.kinds.end(), static_cast<std::uint16_t>(kind)))
      return false;
  return true;
}

void erase_emptied(State& s) {
  s.marks.erase(std::remove_if(s.marks.begin(), s.marks.end(), [](const Mark& m) { return m.seats == 0; }),
                s.marks.end());
}

}  // namespace

void add_mark(State& s, int c, std::uint32_t to, const std::string& label, std::vector<std::uint16_t> kinds) {
  for (Mark& m : s.marks)
    if (m.component == c && m.label == label && m.kinds == kinds) {
      m.seats |= to;
      return;
    }
  s.marks.push_back({static_cast<std::uint16_t>(c), to, label, std::move(kinds)});
}

std::vector<const Mark*> marks_of(const State& s, int c, int seat) {
  std::vector<const Mark*> out;
  for (const Mark& m : s.marks)
    if (m.component == c && holds(s, m, seat)) out.push_back(&m);
  return out;
}

void drop_marks(State& s, int c) {
  for (Mark& m : s.marks)
    if (m.component == c) m.seats = 0;
  erase_emptied(s);
}

void forget_marks_leaving(State& s, int leaving, int from, int to) {
  std::vector<int> hand = s.contents(from);
  int owner = s.table->zones[from].owner;
  for (int seat = 0; seat < s.seat_count(); ++seat) {
    if (seat == owner) continue;
    bool seen = s.face[leaving] == Face::Up || s.sees_into(to, seat);
    std::vector<int> candidates;
    for (int c : hand)
      if (!seen || may_be(s, c, seat, s.kind(leaving))) candidates.push_back(c);
    if (candidates.size() <= 1) continue;  // it knows which left: each keeps its marks
    // Each of the hand's components keeps a mark only if every candidate holds its claim.
    std::uint32_t bit = 1u << seat;
    std::vector<std::size_t> lost;
    for (std::size_t i = 0; i < s.marks.size(); ++i) {
      const Mark& m = s.marks[i];
      if (!(m.seats & bit) || std::find(hand.begin(), hand.end(), m.component) == hand.end()) continue;
      for (int c : candidates)
        if (!holds_claim(s, c, seat, m)) {
          lost.push_back(i);
          break;
        }
    }
    for (std::size_t i : lost) s.marks[i].seats &= ~bit;
  }
  erase_emptied(s);
}

std::vector<int> clue_zone(State& s, int z, std::uint32_t to, const std::string& label,
                           const std::vector<std::uint16_t>& kinds) {
  std::vector<std::uint16_t> others;
  for (std::size_t k = 0; k < s.table->ruleset->kinds.size(); ++k)
    if (!std::binary_search(kinds.begin(), kinds.end(), static_cast<std::uint16_t>(k)))
      others.push_back(static_cast<std::uint16_t>(k));
  std::vector<int> matched;
  for (int c : s.contents(z)) {
    bool is = std::binary_search(kinds.begin(), kinds.end(), static_cast<std::uint16_t>(s.kind(c)));
    add_mark(s, c, to, is ? label : "not " + label, is ? kinds : others);
    if (is) matched.push_back(c);
  }
  return matched;
}

}  // namespace arbiter
