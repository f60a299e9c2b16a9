// State operations: moving, shuffling and seeing components; hashing a state.
#include "runtime/state.hpp"

#include <algorithm>
#include <cstring>

#include "runtime/diagnostics.hpp"
#include "runtime/marks.hpp"

namespace arbiter {

namespace {

// A chance weight (finite, 0 or more) as hashed: in millionths while they fit 64 bits (the
// hashes saves hold), beyond that by its bits, since the cast would be undefined.
std::uint64_t weight_word(double w) {
  if (w * 1e6 < 0x1.0p64) return static_cast<std::uint64_t>(w * 1e6);
  std::uint64_t bits;
  std::memcpy(&bits, &w, sizeof bits);
  return bits;
}

}  // namespace

State::State(std::shared_ptr<const Table> t) : table(std::move(t)) {
  const Table& tb = *table;
  int zones = static_cast<int>(tb.zones.size());
  zone_end.assign(zones, 0);
  for (int z = 0; z < zones; ++z) {
    for (int c = 0; c < tb.component_count(); ++c)
      if (tb.component_start[c] == z) items.push_back(static_cast<std::uint16_t>(c));
    zone_end[z] = static_cast<std::uint16_t>(items.size());
  }
  face.assign(tb.component_count(), Face::Default);
  kinds.assign(tb.component_kind.begin(), tb.component_kind.end());
  shown.assign(tb.component_count(), 0);
  revealed.assign(zones, 0);
  vars.resize(tb.global_vars + tb.seat_vars * tb.seat_count());
  const auto& defs = tb.ruleset->vars;
  for (std::size_t v = 0; v < defs.size(); ++v)
    for (int s = 0; s < (defs[v].per_seat ? tb.seat_count() : 1); ++s)
      set_var(static_cast<int>(v), s, defs[v].initial);
  status.assign(tb.seat_count(), SeatStatus::In);
  rng.reseed(tb.seed);
  pending = kSetup;
}

std::vector<int> State::contents(int z) const {
  std::vector<int> out;
  for (int i = zone_end[z] - 1; i >= zone_begin(z); --i) out.push_back(items[i]);
  return out;
}

int State::top(int z) const { return count(z) == 0 ? -1 : items[zone_end[z] - 1]; }
int State::bottom(int z) const { return count(z) == 0 ? -1 : items[zone_begin(z)]; }

int State::zone_of(int component) const {
  auto it = std::find(items.begin(), items.end(), component);
  int pos = static_cast<int>(it - items.begin());
  return static_cast<int>(std::upper_bound(zone_end.begin(), zone_end.end(), pos) - zone_end.begin());
}

int State::find_down(int component, int begin, int end) const {
  for (int i = end - 1; i >= begin; --i)
    if (items[i] == component) return i;
  return -1;
}

void State::move(int component, int to, bool to_bottom, int from_zone) {
  // Searched from the top down: a draw takes the top, so it is found at once.
  int pos = -1, from = from_zone;
  if (from_zone >= 0) pos = find_down(component, zone_begin(from_zone), zone_end[from_zone]);
  if (pos < 0) {
    pos = find_down(component, 0, static_cast<int>(items.size()));
    from = static_cast<int>(std::upper_bound(zone_end.begin(), zone_end.end(), pos) - zone_end.begin());
  }
  if (table->zones[from].held && from != to) {
    forget_leaving(component, from, to);
    if (!marks.empty()) forget_marks_leaving(*this, component, from, to);
  }
  int target = to_bottom ? zone_begin(to) : zone_end[to];
  // Rotate the item into place; every zone boundary between the two positions shifts by one.
  if (from < to || (from == to && target > pos)) {
    target -= 1;  // the item's own slot is freed first
    std::rotate(items.begin() + pos, items.begin() + pos + 1, items.begin() + target + 1);
    for (int z = from; z < to; ++z) zone_end[z] -= 1;
  } else {
    std::rotate(items.begin() + target, items.begin() + pos, items.begin() + pos + 1);
    for (int z = to; z < from; ++z) zone_end[z] += 1;
  }
  face[component] = Face::Default;
  shown[component] = 0;
  if (!marks.empty() && table->ruleset->zones[table->zones[to].def].visibility == Visibility::Public)
    drop_marks(*this, component);  // in plain sight: nothing to be told of it
}

// Clears `bit` from one component of kind `kind` in items[begin, end) other than `leaving`.
static void forget_one(State& s, int begin, int end, int leaving, int kind, std::uint32_t bit) {
  for (int i = begin; i < end; ++i) {
    int d = s.items[i];
    if (d != leaving && s.kinds[d] == kind && (s.shown[d] & bit)) {
      s.shown[d] &= ~bit;
      return;
    }
  }
}

void State::forget_leaving(int component, int from, int to) {
  int begin = zone_begin(from), end = zone_end[from];
  std::uint32_t knowers = 0;
  for (int i = begin; i < end; ++i)
    if (items[i] != component) knowers |= shown[items[i]];
  knowers &= ~revealed[from];
  if (!knowers || face[component] == Face::Up) return;  // a face-up component is seen leaving
  for (int seat = 0; seat < seat_count(); ++seat) {
    std::uint32_t bit = 1u << seat;
    if (!(knowers & bit) || seat == table->zones[from].owner) continue;
    bool knew_it = shown[component] & bit;
    if (sees_into(to, seat)) {
      if (!knew_it) forget_one(*this, begin, end, component, kinds[component], bit);
      continue;
    }
    // Unseen where it goes: each kind the seat knew in the hand may be the one that left.
    std::vector<int> known;
    for (int i = begin; i < end; ++i) {
      int d = items[i];
      if ((shown[d] & bit) && std::find(known.begin(), known.end(), kinds[d]) == known.end())
        known.push_back(kinds[d]);
    }
    for (int kind : known)
      if (!(knew_it && kind == kinds[component])) forget_one(*this, begin, end, component, kind, bit);
  }
}

void State::shuffle(int z) {
  int begin = zone_begin(z), end = zone_end[z];
  for (int i = begin; i < end; ++i) {  // a shuffled card is lost from sight, and from memory
    shown[items[i]] = 0;
    if (!marks.empty()) drop_marks(*this, items[i]);
  }
  for (int i = end - 1; i > begin; --i) {
    int j = begin + static_cast<int>(rng.below(static_cast<std::uint64_t>(i - begin + 1)));
    std::swap(items[i], items[j]);
  }
  // A scenario's arrangement puts named components on top, first-named on the very top.
  for (std::size_t a = 0; a < arranged.size(); ++a) {
    if (arranged[a].first != z) continue;
    std::vector<int> wanted = std::move(arranged[a].second);
    arranged.erase(arranged.begin() + a);
    int place = end - 1;
    for (int kind : wanted) {
      int found = -1;
      for (int i = place; i >= begin && found < 0; --i)
        if (kinds[items[i]] == kind) found = i;
      if (found < 0)
        throw RuleError("arranged component " + quote(table->ruleset->kinds[kind].name) + " is not in " +
                        table->zones[z].name + " when it is shuffled");
      std::rotate(items.begin() + found, items.begin() + found + 1, items.begin() + place + 1);
      --place;
    }
    break;
  }
}

bool State::sees_into(int z, int seat) const {
  if (revealed[z] & (1u << seat)) return true;
  switch (table->ruleset->zones[table->zones[z].def].visibility) {
    case Visibility::Public: return true;
    case Visibility::Owner: return seat == table->zones[z].owner;
    case Visibility::Hidden: return false;
    case Visibility::Others: return seat != table->zones[z].owner;
  }
  return false;
}

bool State::visible(int c, int seat) const {
  if (face[c] == Face::Up) return true;
  if (seat < 0) {
    // A spectator sees what every seat sees: public zones and reveals to all, not only face-up.
    for (int s = 0; s < seat_count(); ++s)
      if (!visible(c, s)) return false;
    return seat_count() > 0;
  }
  if (shown[c] & (1u << seat)) return true;
  int z = zone_of(c);
  if (revealed[z] & (1u << seat)) return true;
  if (face[c] == Face::Down) return seat == table->zones[z].owner;
  return sees_into(z, seat);
}

void State::record(Event e) {
  if (logging) log.push(std::move(e));
}

namespace {
struct Hasher {
  std::uint64_t h = 1469598103934665603ULL;
  void byte(std::uint8_t b) { h = (h ^ b) * 1099511628211ULL; }
  void word(std::uint64_t w) { for (int i = 0; i < 8; ++i) byte(static_cast<std::uint8_t>(w >> (8 * i))); }
  void text(const std::string& s) { word(s.size()); for (char c : s) byte(static_cast<std::uint8_t>(c)); }
  void value(const Value& v) {
    byte(static_cast<std::uint8_t>(v.data.index()));
    if (v.is_bool()) byte(v.as_bool());
    if (v.is_int()) word(static_cast<std::uint64_t>(v.as_int()));
    if (v.is_string()) text(v.as_string());
  }
};
}  // namespace

std::uint64_t State::hash() const {
  Hasher h;
  for (auto i : items) h.word(i);
  for (auto e : zone_end) h.word(e);
  for (auto f : face) h.byte(static_cast<std::uint8_t>(f));
  // Only components that changed kind count, so games without game:become hash as before.
  for (std::size_t c = 0; c < kinds.size(); ++c)
    if (kinds[c] != table->component_kind[c]) h.word(c), h.word(kinds[c]);
  for (std::size_t c = 0; c < shown.size(); ++c)
    if (shown[c]) h.word(c), h.word(shown[c]);
  for (auto r : revealed) h.word(r);
  for (const Mark& m : marks) {  // none: hashes as before marks
    h.word(m.component), h.word(m.seats), h.text(m.label);
    for (auto k : m.kinds) h.word(k);
  }
  for (const auto& v : vars) h.value(v);
  for (auto s : status) h.byte(static_cast<std::uint8_t>(s));
  for (auto o : order) h.byte(o);
  h.word(turn_index), h.word(round), h.word(turn), h.byte(pending), h.byte(over);
  for (int w : winners) h.word(w);
  for (double r : results) h.word(static_cast<std::uint64_t>(r * 1e6) + 1);  // none: hashes as before results
  for (double p : payoffs)
    h.word(weight_word(p < 0 ? -p : p)), h.byte(p < 0);  // none: hashes as before payoffs
  h.word(static_cast<std::uint64_t>(chance.def));
  for (double w : chance.weights) h.word(weight_word(w));
  if (chance.audience != kEveryone)
    h.word(chance.audience), h.text(chance.unseen);  // only a secret one: old hashes stay
  if (simultaneous.open()) {  // only then: games without one hash as before (saves hold hashes)
    h.word(simultaneous.seats), h.word(simultaneous.chosen);
    for (const auto& c : simultaneous.choices) h.text(c);
  }
  for (int i = 0; i < 4; ++i) h.word(rng.words()[i]);
  for (const auto& [z, kinds] : arranged) { h.word(z); for (int k : kinds) h.word(k); }
  return h.h;
}

std::uint64_t State::position_hash() const {
  // By kind, not by component: two rooks that traded places leave the same position.
  Hasher h;
  for (auto i : items) h.word(kinds[i]), h.byte(static_cast<std::uint8_t>(face[i]));
  for (auto e : zone_end) h.word(e);
  for (auto r : revealed) h.word(r);
  h.word(static_cast<std::uint64_t>(active()));
  return h.h;
}

bool State::same_play_state(const State& o) const {
  return items == o.items && zone_end == o.zone_end && face == o.face && kinds == o.kinds &&
         shown == o.shown && revealed == o.revealed && marks == o.marks && vars == o.vars &&
         status == o.status && order == o.order && turn_index == o.turn_index && round == o.round &&
         turn == o.turn && pending == o.pending && over == o.over && winners == o.winners &&
         results == o.results && payoffs == o.payoffs && chance == o.chance &&
         simultaneous == o.simultaneous && rng == o.rng && arranged == o.arranged;
}

std::vector<double> State::shares() const {
  if (!results.empty()) return results;
  std::vector<double> r(seat_count(), 0.0);
  for (int w : winners) r[w] = 1.0 / static_cast<double>(winners.size());
  return r;
}

}  // namespace arbiter
