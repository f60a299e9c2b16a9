// Determinisation: one of the states a seat cannot tell apart from the true one.
#include "play/sample.hpp"

#include <algorithm>
#include <iterator>
#include <sstream>

#include "play/deal_marked.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/marks.hpp"

namespace arbiter {

namespace {

// The components the seat can account for: each pool holds those game.yaml deals of one kind.
// That, and what the seat sees, is all it knows of kinds: a component that changed kind
// (game:become) where the seat could not look is, as far as it can tell, what it was dealt as.
std::vector<std::vector<int>> dealt_kinds(const Table& t) {
  std::vector<std::vector<int>> pools(t.ruleset->kinds.size());
  for (int c = t.component_count() - 1; c >= 0; --c) pools[t.component_kind[c]].push_back(c);
  return pools;
}

// Every place of the view, bottom first zone by zone as the state stores them, with its face:
// a seen component, taken from the pool of its kind; -1 where the seat sees nothing; or
// -2 - kind where it sees more of a kind than were dealt as it (a promotion it watched), to be
// made of a component it cannot account for.
struct Place {
  int component;
  Face face;
  const std::vector<MarkView>* marks = nullptr;  // what the seat was told of an unseen one
};
std::vector<Place> seen_places(const Table& t, const View& view, std::vector<std::vector<int>>& pools) {
  std::vector<Place> places;
  for (const ZoneView& zv : view.zones)
    for (int k = zv.count - 1; k >= 0; --k) {
      Face face = zv.faces.at(k);
      if (zv.items.at(k) == "?") {
        bool marked = !zv.marks.empty() && !zv.marks.at(k).empty();
        places.push_back({-1, face, marked ? &zv.marks[k] : nullptr});
        continue;
      }
      int kind = t.kind_by_name(zv.items[k]);
      if (kind < 0)
        throw RuleError("the view shows a " + quote(zv.items[k]) + ", which is no kind of this table");
      auto& pool = pools[kind];
      places.push_back({pool.empty() ? -2 - kind : pool.back(), face});
      if (!pool.empty()) pool.pop_back();
    }
  if (places.size() != static_cast<std::size_t>(t.component_count()))
    throw RuleError("the view is not of this table");
  return places;
}

// Another seat's hidden variable: the seat knows only what game.yaml declares of it, so a
// variable with `values:` is drawn from them, uniformly; one without stays at its initial
// value (all the seat can know of it is that it began there).
void sample_hidden_vars(const Table& t, int seat, State& s, Rng& rng) {
  const auto& vars = t.ruleset->vars;
  for (std::size_t d = 0; d < vars.size(); ++d) {
    const std::vector<Value>& values = t.var_values[d];
    if (!vars[d].hidden || values.empty()) continue;
    for (int other = 0; other < t.seat_count(); ++other)
      if (other != seat)
        s.vars[t.var_slot_of(static_cast<int>(d), other)] = values[rng.below(values.size())];
  }
}

// Puts `spare` in the order the unseen places take it: shuffled, and where the seat holds
// marks of some of them, so that each such place gets a kind its marks allow.
void deal_spare(const std::vector<Place>& places, std::vector<int>& spare,
                const std::vector<std::uint16_t>& kind_of, std::size_t kinds, Rng& rng) {
  bool marked = std::any_of(places.begin(), places.end(), [](const Place& p) { return p.marks != nullptr; });
  if (!marked) {  // as before marks: one shuffle, and nothing made for them
    for (std::size_t i = spare.size(); i > 1; --i) std::swap(spare[i - 1], spare[rng.below(i)]);
    return;
  }
  std::vector<MarkedPlace> unseen;
  for (const Place& p : places) {
    if (p.component >= 0) continue;
    unseen.emplace_back();
    if (!p.marks) continue;
    unseen.back().constrained = true;
    for (std::size_t k = 0; k < kinds; ++k) unseen.back().allowed.push_back(static_cast<std::uint16_t>(k));
    for (const MarkView& m : *p.marks) {
      std::vector<std::uint16_t> both;
      std::set_intersection(unseen.back().allowed.begin(), unseen.back().allowed.end(), m.kinds.begin(),
                            m.kinds.end(), std::back_inserter(both));
      unseen.back().allowed = std::move(both);
    }
  }
  if (!deal_marked(unseen, spare, kind_of, rng))
    throw RuleError("the view's marks cannot all hold of the components the seat cannot see");
}

}  // namespace

State sample_state(std::shared_ptr<const Table> table, const View& view, Rng& rng) {
  const Table& t = *table;
  State s(table);
  s.logging = false;
  if (view.zones.size() != t.zones.size()) throw RuleError("the view is not of this table");
  std::vector<std::vector<int>> pools = dealt_kinds(t);
  std::vector<Place> places = seen_places(t, view, pools);
  // What the seat cannot account for, dealt at random into the places it cannot see.
  std::vector<int> spare;
  for (const auto& pool : pools) spare.insert(spare.end(), pool.begin(), pool.end());
  std::vector<std::uint16_t> kind_of(t.component_kind.begin(), t.component_kind.end());
  deal_spare(places, spare, kind_of, t.ruleset->kinds.size(), rng);
  std::size_t next = 0;
  for (std::size_t i = 0; i < places.size(); ++i) {
    int c = places[i].component;
    if (c < 0) {
      if (next == spare.size()) throw RuleError("the view hides more components than the table holds");
      if (c <= -2) kind_of[spare[next]] = static_cast<std::uint16_t>(-2 - c);
      c = spare[next++];
    }
    s.items[i] = static_cast<std::uint16_t>(c);
    s.face[c] = places[i].face;
  }
  for (std::size_t z = 0, end = 0; z < view.zones.size(); ++z) {
    end += view.zones[z].count;
    s.zone_end[z] = static_cast<std::uint16_t>(end);
    s.revealed[z] = view.zones[z].revealed;
  }
  s.kinds = kind_of;
  for (std::size_t i = 0; i < places.size(); ++i)
    if (places[i].marks)
      for (const MarkView& m : *places[i].marks)
        add_mark(s, s.items[i], view.seat < 0 ? kEveryone : 1u << view.seat, m.label, m.kinds);
  s.vars = view.var_slots;
  sample_hidden_vars(t, view.seat, s, rng);
  s.status = view.status;
  s.order.assign(view.order.begin(), view.order.end());
  s.turn_index = view.turn_index;
  s.round = view.round;
  s.turn = view.turn;
  s.over = view.over;
  s.winners = view.winners;
  s.results = view.results;
  s.chance = view.pending_chance;
  // Another seat's commitment is unknown: in the sample it has yet to choose.
  s.simultaneous = view.simultaneous;
  for (std::size_t i = 0; i < s.simultaneous.choices.size(); ++i)
    if (s.simultaneous.choices[i].empty()) s.simultaneous.chosen &= ~(1u << i);
  s.pending = 0;
  s.rng.reseed(rng.next());
  return s;
}

namespace {

void redeal(State& s, std::uint32_t seats, std::uint64_t seed) {
  Rng rng(seed);
  // Indices into s.items holding a component none of `seats` sees or was told of (a marked
  // one stays: the mark is of it).
  std::vector<int> places;
  for (std::size_t i = 0; i < s.items.size(); ++i) {
    bool seen = false;
    for (int seat = 0; seat < s.seat_count() && !seen; ++seat)
      seen =
          (seats & (1u << seat)) && (s.visible(s.items[i], seat) || !marks_of(s, s.items[i], seat).empty());
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
