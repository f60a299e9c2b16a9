// Building a seat's view: the one place that decides what a seat may see.
#include "runtime/view.hpp"

#include <algorithm>

#include "runtime/marks.hpp"

namespace arbiter {

// A variable's value as people read it: seat numbers by name.
static std::string shown(const State& s, const VarDef& def, const Value& v) {
  if (def.holds_seat && v.is_int() && v.as_int() >= 1 && v.as_int() <= s.seat_count())
    return s.table->seats[v.as_int() - 1].name;
  return to_text(v);
}

// The seen components `seen` (top first) by the zone's `order:` property, ties by
// component number, those without it last; then the unseen ones ("?") of `items`.
static std::vector<std::string> listed_order(const State& s, const ZoneDef& def, std::vector<int> seen,
                                             const std::vector<std::string>& items) {
  const auto& kinds = s.table->ruleset->kinds;
  auto key = [&](int c) -> const Value* {
    auto it = kinds[s.kind(c)].props.find(def.order);
    return it == kinds[s.kind(c)].props.end() ? nullptr : &it->second;
  };
  auto less = [](const Value& x, const Value& y) {
    if (x.is_int() && y.is_int()) return x.as_int() < y.as_int();
    if (x.is_int() != y.is_int()) return x.is_int();  // numbers before texts
    return to_text(x) < to_text(y);
  };
  std::stable_sort(seen.begin(), seen.end(), [&](int a, int b) {
    const Value *x = key(a), *y = key(b);
    if (!x || !y) return x && !y;
    if (*x == *y) return def.descending ? a > b : a < b;
    return def.descending ? less(*y, *x) : less(*x, *y);
  });
  std::vector<std::string> out;
  for (int c : seen) out.push_back(s.name(c));
  for (const auto& item : items)
    if (item == "?") out.push_back(item);
  return out;
}

// Each seat's name, status and the per-seat variables `seat` may see.
static std::vector<SeatView> seat_views(const State& s, int seat) {
  const Ruleset& r = *s.table->ruleset;
  std::vector<SeatView> out;
  for (int i = 0; i < s.seat_count(); ++i) {
    SeatView sv;
    sv.name = s.table->seats[i].name;
    sv.status = s.status[i] == SeatStatus::In            ? "in"
                : s.status[i] == SeatStatus::OutForRound ? "out"
                                                         : "eliminated";
    for (std::size_t d = 0; d < r.vars.size(); ++d)
      if (r.vars[d].per_seat && (!r.vars[d].hidden || seat == i)) {
        sv.vars.emplace_back(r.vars[d].name, shown(s, r.vars[d], s.var(static_cast<int>(d), i)));
        sv.values.push_back(s.var(static_cast<int>(d), i));
      }
    out.push_back(std::move(sv));
  }
  return out;
}

// The marks `seat` holds of zone `z`'s unseen components (none: `marks` stays empty).
static void add_marks(const State& s, int seat, int z, ZoneView& zv) {
  std::vector<int> contents = s.contents(z);
  bool marked = false;
  zv.marks.resize(contents.size());
  for (std::size_t k = 0; k < contents.size(); ++k)
    if (zv.items[k] == "?")
      for (const Mark* m : marks_of(s, contents[k], seat))
        zv.marks[k].push_back({m->label, m->kinds}), marked = true;
  if (!marked) zv.marks.clear();
}

// Zone `z` as `seat` sees it: every component counted and its face shown, but named only
// where State::visible lets the seat see which it is.
static ZoneView zone_view(const State& s, int seat, int z) {
  const Table& t = *s.table;
  const ZoneDef& def = t.ruleset->zones[t.zones[z].def];
  ZoneView zv;
  zv.name = t.zones[z].name;
  zv.label = def.label.empty() ? def.name : def.label;
  zv.owner = t.zones[z].owner;
  zv.group = def.group;
  zv.count = s.count(z);
  // A reveal to one seat is told to that seat alone (its log line): the others learn only
  // of reveals to everyone.
  zv.revealed = s.revealed[z] == kEveryone ? kEveryone : seat < 0 ? 0 : s.revealed[z] & (1u << seat);
  std::vector<int> seen;
  for (int c : s.contents(z)) {
    bool visible = s.visible(c, seat);
    zv.items.push_back(visible ? s.name(c) : "?");
    zv.faces.push_back(s.face[c]);
    if (visible) seen.push_back(c);
  }
  if (!s.marks.empty()) add_marks(s, seat, z, zv);
  zv.listed = def.order.empty() ? zv.items : listed_order(s, def, seen, zv.items);
  return zv;
}

// What game.yaml says of how the table shows the game: the board, symbols, undisplayed variables.
static void add_display_facts(const State& s, View& v) {
  const Ruleset& r = *s.table->ruleset;
  if (r.board.present()) {
    v.board.files = r.board.files;
    v.board.ranks = r.board.ranks;
    v.board.zone = s.table->position_zone;
  }
  for (const auto& k : r.kinds) {
    auto it = k.props.find("symbol");
    if (it != k.props.end()) v.symbols.emplace_back(k.name, to_text(it->second));
  }
  for (const auto& d : r.vars) {
    if (!d.display) v.undisplayed.push_back(d.name);
    if (!d.label.empty()) v.labels.emplace_back(d.name, d.label);
  }
}

// Whether anything of the table can be hidden from a seat: a zone not public, a hidden variable.
static bool hides_anything(const Ruleset& r) {
  for (const auto& z : r.zones)
    if (z.visibility != Visibility::Public) return true;
  for (const auto& v : r.vars)
    if (v.hidden) return true;
  return false;
}

// The state's own terms, for bots that rebuild a state: every variable, with another seat's
// hidden ones at their initial value.
static void add_state_terms(const State& s, int seat, View& v) {
  const Ruleset& r = *s.table->ruleset;
  v.pending_chance = s.chance;
  // A decision's weights may follow what lies hidden (the cards left to deal, with another
  // seat's among them), as a secret decision's do: where the table hides anything, a view
  // shows them all as 1, which tells nothing.
  if (s.chance.audience != kEveryone || hides_anything(r))
    std::fill(v.pending_chance.weights.begin(), v.pending_chance.weights.end(), 1.0);
  v.simultaneous = s.simultaneous;
  for (int i = 0; i < static_cast<int>(v.simultaneous.choices.size()); ++i)
    if (i != seat) v.simultaneous.choices[i].clear();
  v.turn = s.turn;
  v.turn_index = s.turn_index;
  v.status = s.status;
  v.var_slots = s.vars;
  for (std::size_t d = 0; d < r.vars.size(); ++d)
    if (r.vars[d].hidden)
      for (int i = 0; i < s.seat_count(); ++i)
        if (i != seat) v.var_slots[s.table->var_slot_of(static_cast<int>(d), i)] = r.vars[d].initial;
}

std::vector<std::string> marked_items(const ZoneView& z) {
  std::vector<std::string> out = z.items;
  for (std::size_t k = 0; k < z.marks.size() && k < out.size(); ++k) {
    std::string labels;
    for (const MarkView& m : z.marks[k]) labels += (labels.empty() ? "" : ", ") + m.label;
    if (!labels.empty()) out[k] += "(" + labels + ")";
  }
  return out;
}

View make_view(const State& s, int seat, std::size_t log_from) {
  const Ruleset& r = *s.table->ruleset;
  View v;
  v.seat = seat;
  v.ruleset = r.id;
  v.noun = r.noun;
  v.round = s.round;
  v.rounds = r.turns.rounds;
  v.active = s.over ? -1 : s.active();
  v.order.assign(s.order.begin(), s.order.end());
  v.over = s.over;
  v.winners = s.winners;
  v.results = s.results;
  v.seats = seat_views(s, seat);
  for (std::size_t d = 0; d < r.vars.size(); ++d)
    if (!r.vars[d].per_seat) {
      v.globals.emplace_back(r.vars[d].name, shown(s, r.vars[d], s.var(static_cast<int>(d), 0)));
      v.global_values.push_back(s.var(static_cast<int>(d), 0));
    }
  for (std::size_t z = 0; z < s.table->zones.size(); ++z)
    v.zones.push_back(zone_view(s, seat, static_cast<int>(z)));
  add_display_facts(s, v);
  v.chance = s.chance.question;
  add_state_terms(s, seat, v);
  for (auto& e : s.log.entries(log_from))
    if (seat < 0 ? e.audience == kEveryone : (e.audience & (1u << seat)) != 0) v.log.push_back(std::move(e));
  return v;
}

}  // namespace arbiter
