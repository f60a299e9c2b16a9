// The facts a seat observes and receives (facts.hpp).
#include "analysis/leaks/facts.hpp"

#include <algorithm>

#include "runtime/marks.hpp"
#include "runtime/view.hpp"

namespace arbiter {

namespace {

// Whether game.yaml lists the zone other than as it lies (by a property, or as counts), so
// that its order is not observable and only its kinds are compared.
bool listed_unordered(const State& s, int z) {
  const ZoneDef& def = s.table->ruleset->zones[s.table->zones[z].def];
  return !def.order.empty() || def.group;
}

std::string face_mark(Face f) { return f == Face::Up ? " (up)" : f == Face::Down ? " (down)" : ""; }

// A zone's places, top first, as "count: a, b, c"; sorted when its order is not observable.
std::string places_text(std::vector<std::string> places, bool unordered) {
  if (unordered) std::sort(places.begin(), places.end());
  std::string out = std::to_string(places.size()) + ":";
  for (std::size_t i = 0; i < places.size(); ++i) out += (i ? ", " : " ") + places[i];
  return out;
}

// Whether the seat sees which component `c` (in zone `z`) is by right: a face turned up, a
// reveal, or the zone's visibility (State::sees_into); State::visible without the shows, which are observed as
// they happen.
bool seen_by_right(const State& s, int c, int z, int seat) {
  if (s.face[c] == Face::Up || (s.revealed[z] & (1u << seat))) return true;
  if (s.face[c] == Face::Down) return seat == s.table->zones[z].owner;
  return s.sees_into(z, seat);
}

// What the seat was told of `c` (game:clue), when it does not see it: "(1, not red)", or "".
std::string marks_text(const State& s, int c, int seat) {
  if (s.marks.empty() || s.visible(c, seat)) return "";
  std::string labels;
  for (const Mark* m : marks_of(s, c, seat)) labels += (labels.empty() ? "" : ", ") + m->label;
  return labels.empty() ? "" : "(" + labels + ")";
}

void observe_zones(const State& before, const State& now, int seat, Facts& out) {
  std::vector<std::string> shown;
  for (std::size_t z = 0; z < now.table->zones.size(); ++z) {
    int zone = static_cast<int>(z);
    std::vector<std::string> places;
    for (int c : now.contents(zone)) {
      places.push_back((seen_by_right(now, c, zone, seat) ? now.name(c) : "?" + marks_text(now, c, seat)) +
                       face_mark(now.face[c]));
      std::uint32_t bit = 1u << seat;
      if ((now.shown[c] & bit) && !(before.shown[c] & bit))
        shown.push_back(now.table->zones[z].name + ": " + now.name(c));
    }
    out.push_back({"zone " + now.table->zones[z].name, places_text(places, listed_unordered(now, zone))});
  }
  std::sort(shown.begin(), shown.end());
  for (const auto& s : shown) out.push_back({"shown", s});
}

void observe_vars(const State& s, int seat, Facts& out) {
  const Ruleset& r = *s.table->ruleset;
  for (std::size_t d = 0; d < r.vars.size(); ++d) {
    int def = static_cast<int>(d);
    if (!r.vars[d].per_seat) {
      out.push_back({"variable " + r.vars[d].name, to_text(s.var(def, 0))});
      continue;
    }
    for (int i = 0; i < s.seat_count(); ++i)
      if (!r.vars[d].hidden || i == seat)
        out.push_back({"variable " + r.vars[d].name + " of " + s.table->seats[i].name, to_text(s.var(def, i))});
  }
}

std::string seat_name(const View& v, int seat) { return seat >= 0 ? v.seats[seat].name : "nobody"; }

void receive_turn_facts(const View& v, Facts& out) {
  out.push_back({"round", std::to_string(v.round)});
  out.push_back({"turn", std::to_string(v.turn)});
  out.push_back({"active", seat_name(v, v.active)});
  std::string order;
  for (int s : v.order) order += (order.empty() ? "" : ", ") + seat_name(v, s);
  out.push_back({"order", order});
  out.push_back({"over", v.over ? "yes" : "no"});
  for (const auto& sv : v.seats) {
    out.push_back({"status of " + sv.name, sv.status});
    for (const auto& [name, text] : sv.vars) out.push_back({"variable " + name + " of " + sv.name, text});
  }
  for (const auto& [name, text] : v.globals) out.push_back({"variable " + name, text});
}

void receive_zones(const State& s, const View& v, Facts& out) {
  for (std::size_t z = 0; z < v.zones.size(); ++z) {
    const ZoneView& zv = v.zones[z];
    bool unordered = listed_unordered(s, static_cast<int>(z));
    std::vector<std::string> places, items = marked_items(zv);
    for (std::size_t k = 0; k < items.size(); ++k) places.push_back(items[k] + face_mark(zv.faces[k]));
    out.push_back({"zone " + zv.name, places_text(places, unordered)});
    if (zv.revealed) out.push_back({"zone " + zv.name + " revealed", zv.revealed == kEveryone ? "to all" : "to you"});
  }
}

void receive_chance(const View& v, Facts& out) {
  out.push_back({"chance", v.chance});
  std::string weights;
  for (double w : v.pending_chance.weights) weights += (weights.empty() ? "" : " ") + std::to_string(w);
  out.push_back({"chance weights", weights});
  const Simultaneous& sim = v.simultaneous;
  std::string own = v.seat >= 0 && v.seat < static_cast<int>(sim.choices.size()) ? sim.choices[v.seat] : "";
  out.push_back({"simultaneous", std::to_string(sim.seats) + " chosen " + std::to_string(sim.chosen) +
                                     (own.empty() ? "" : ", yours " + own)});
}

void receive_decision(const View& v, const Decision& d, int seat, Facts& out) {
  std::string asked = d.kind == Decision::Kind::Over     ? "nobody: the game is over"
                      : d.kind == Decision::Kind::Chance ? "the table: a chance decision"
                                                         : "";
  for (const SeatActions& sa : d.seats)
    asked += (asked.empty() ? "" : ", ") + seat_name(v, sa.seat) + (sa.on_turn ? " on turn" : " off turn");
  if (d.simultaneous) asked += " (at once)";
  out.push_back({"asked", asked});
  std::string legal;
  if (const SeatActions* sa = d.kind == Decision::Kind::Seats ? d.entry(seat) : nullptr)
    for (const auto& a : sa->actions) legal += (legal.empty() ? "" : " | ") + a;
  out.push_back({"legal actions", legal});
}

void receive_log(const View& v, Facts& out) {
  int n = 0;
  for (const Event& e : v.log) {
    std::string kind = e.kind == Event::Kind::Action ? "action" : e.kind == Event::Kind::Chance ? "chance" : "say";
    if (e.seat >= 0) kind += " " + seat_name(v, e.seat);
    out.push_back({"log line " + std::to_string(++n), kind + ": " + e.text});
  }
}

}  // namespace

Facts observed(const State& before, const State& now, int seat) {
  Facts out;
  observe_zones(before, now, seat, out);
  observe_vars(now, seat, out);
  return out;
}

Facts received(const State& now, const Decision& decision, int seat, std::size_t log_from) {
  View v = make_view(now, seat, log_from);
  Facts out;
  receive_turn_facts(v, out);
  receive_zones(now, v, out);
  receive_chance(v, out);
  receive_decision(v, decision, seat, out);
  receive_log(v, out);
  return out;
}

std::optional<Difference> first_difference(const Facts& first, const Facts& second) {
  static const Fact none{"", "(none)"};
  for (std::size_t i = 0; i < std::max(first.size(), second.size()); ++i) {
    const Fact& a = i < first.size() ? first[i] : none;
    const Fact& b = i < second.size() ? second[i] : none;
    if (a == b) continue;
    if (a.field == b.field || b.field.empty()) return Difference{a.field, a.value, b.value};
    if (a.field.empty()) return Difference{b.field, a.value, b.value};
    return Difference{a.field, a.value, b.field + ": " + b.value};
  }
  return std::nullopt;
}

}  // namespace arbiter
