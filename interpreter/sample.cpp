// Determinisation: one of the states a seat cannot tell apart from the true one.
#include "interpreter/sample.hpp"

#include <algorithm>
#include <sstream>

#include "interpreter/diagnostics.hpp"

namespace arbiter {

namespace {

// Components that changed kind (game:become) leave their first kind's pool for their new
// one, so that each pool holds as many as the view says the state has of that kind. With no
// change of kind, the pools are exactly the table's.
void rebalance(std::vector<std::vector<int>>& pools, const std::vector<int>& counts) {
  if (counts.size() != pools.size()) return;
  std::vector<int> spare;
  for (std::size_t k = 0; k < pools.size(); ++k)
    while (static_cast<int>(pools[k].size()) > counts[k]) spare.push_back(pools[k].back()), pools[k].pop_back();
  for (std::size_t k = 0; k < pools.size(); ++k)
    while (static_cast<int>(pools[k].size()) < counts[k] && !spare.empty()) pools[k].push_back(spare.back()), spare.pop_back();
}

}  // namespace

State sample_state(std::shared_ptr<const Table> table, const View& view, Rng& rng) {
  const Table& t = *table;
  State s(table);
  s.logging = false;
  if (view.zones.size() != t.zones.size()) throw RuleError("the view is not of this table");
  std::vector<std::vector<int>> unused(t.ruleset->kinds.size());
  for (int c = t.component_count() - 1; c >= 0; --c) unused[t.component_kind[c]].push_back(c);
  rebalance(unused, view.kind_counts);
  std::vector<std::uint16_t> kind_of(t.component_count());
  for (std::size_t k = 0; k < unused.size(); ++k)
    for (int c : unused[k]) kind_of[c] = static_cast<std::uint16_t>(k);
  s.kinds = kind_of;
  // Seen components first, by kind (instances of a kind are interchangeable); -1 marks a place unseen.
  std::vector<int> items;
  std::vector<Face> faces;
  for (std::size_t z = 0; z < view.zones.size(); ++z) {
    const ZoneView& zv = view.zones[z];
    for (int k = zv.count - 1; k >= 0; --k) {  // bottom first, as the state stores them
      int c = -1;
      if (zv.items[k] != "?") {
        auto& pool = unused[t.kind_by_name(zv.items[k])];
        if (pool.empty()) throw RuleError("the view shows more " + quote(zv.items[k]) + " than the table holds");
        c = pool.back();
        pool.pop_back();
      }
      items.push_back(c);
      faces.push_back(zv.faces[k]);
    }
    s.zone_end[z] = static_cast<std::uint16_t>(items.size());
    s.revealed[z] = zv.revealed;
  }
  std::vector<int> hidden;
  for (const auto& pool : unused) hidden.insert(hidden.end(), pool.begin(), pool.end());
  for (std::size_t i = hidden.size(); i > 1; --i) std::swap(hidden[i - 1], hidden[rng.below(i)]);
  std::size_t next = 0;
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (items[i] < 0) {
      if (next == hidden.size()) throw RuleError("the view hides more components than the table holds");
      items[i] = hidden[next++];
    }
    s.items[i] = static_cast<std::uint16_t>(items[i]);
    s.face[items[i]] = faces[i];
  }
  s.vars = view.var_slots;
  s.status = view.status;
  s.order.assign(view.order.begin(), view.order.end());
  s.turn_index = view.turn_index;
  s.round = view.round;
  s.turn = view.turn;
  s.over = view.over;
  s.winners = view.winners;
  s.results = view.results;
  s.chance = view.pending_chance;
  s.pending = 0;
  s.rng.reseed(rng.next());
  return s;
}

namespace {

void redeal(State& s, std::uint32_t seats, std::uint64_t seed) {
  Rng rng(seed);
  std::vector<int> places;  // indices into s.items holding a component none of `seats` sees
  for (std::size_t i = 0; i < s.items.size(); ++i) {
    bool seen = false;
    for (int seat = 0; seat < s.seat_count() && !seen; ++seat)
      seen = (seats & (1u << seat)) && s.visible(s.items[i], seat);
    if (!seen) places.push_back(static_cast<int>(i));
  }
  std::vector<std::uint16_t> comps;
  std::vector<Face> faces;
  for (int i : places) comps.push_back(s.items[i]), faces.push_back(s.face[s.items[i]]);
  for (std::size_t i = comps.size(); i > 1; --i) std::swap(comps[i - 1], comps[rng.below(i)]);
  // `shown` belongs to a component and is kept; a place's face stays with the place.
  for (std::size_t k = 0; k < places.size(); ++k) {
    s.items[places[k]] = comps[k];
    s.face[comps[k]] = faces[k];
  }
  s.rng.reseed(rng.next());
}

}  // namespace

void redeal_hidden(State& s, std::uint32_t seats, std::uint64_t seed) {
  redeal(s, seats, seed);
  s.record({Event::Kind::Redeal, -1, std::to_string(seed) + " " + std::to_string(seats), 0});
}

bool replay_redeal(State& s, const Event& e) {
  std::istringstream in(e.text);
  std::uint64_t seed = 0;
  std::uint32_t seats = 0;
  if (!(in >> seed >> seats)) return false;
  redeal_hidden(s, seats, seed);
  return true;
}

bool anything_hidden(const Ruleset& r) {
  for (const auto& z : r.zones)
    if (z.visibility != Visibility::Public) return true;
  for (const auto& v : r.vars)
    if (v.hidden) return true;
  return false;
}

}  // namespace arbiter
