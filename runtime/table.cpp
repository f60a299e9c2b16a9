// Building one game's table from a ruleset and the options a user gave.
#include "runtime/table.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <atomic>
#include <numeric>

#include "runtime/diagnostics.hpp"
#include "runtime/limits.hpp"
#include "runtime/visible_text.hpp"

namespace arbiter {

int Table::zone_id(int def, int seat) const {
  if (def < 0 || def >= static_cast<int>(first_zone.size())) return -1;
  if (!ruleset->zones[def].per_seat) return first_zone[def];
  return seat >= 0 && seat < seat_count() ? first_zone[def] + seat : -1;
}

int Table::zone_by_name(std::string_view name) const {
  auto exact = [this](std::string_view n) {
    for (std::size_t z = 0; z < zones.size(); ++z)
      if (zones[z].name == n) return static_cast<int>(z);
    return -1;
  };
  if (int z = exact(name); z >= 0) return z;
  // "1.hand" is the first seat's hand. Retry once under the seat's name, not recursively:
  // an unknown zone of a named seat ("Andy.hnd") would retry itself forever.
  auto dot = name.find('.');
  if (dot == std::string_view::npos) return -1;
  int seat = seat_by_name(std::string(name.substr(0, dot)));
  return seat < 0 ? -1 : exact(seats[seat].name + std::string(name.substr(dot)));
}

std::vector<std::string> Table::zone_names() const {
  std::vector<std::string> out;
  for (const auto& z : zones) out.push_back(z.name);
  return out;
}

int Table::seat_by_name(const std::string& name) const {
  for (std::size_t s = 0; s < seats.size(); ++s)
    if (seats[s].name == name) return static_cast<int>(s);
  if (!name.empty() && std::all_of(name.begin(), name.end(), ::isdigit) && name.size() < 4) {
    int n = std::stoi(name);
    if (n >= 1 && n <= seat_count()) return n - 1;
  }
  return -1;
}

std::vector<std::string> Table::seat_names() const {
  std::vector<std::string> out;
  for (const auto& s : seats) out.push_back(s.name);
  return out;
}

int Table::var_slot_of(int var, int seat) const {
  if (!ruleset->vars[var].per_seat) return var_slot[var];
  return global_vars + seat * seat_vars + var_slot[var];
}

std::vector<int> Table::by_age(bool youngest_first) const {
  std::vector<int> order(seats.size());
  std::iota(order.begin(), order.end(), 0);
  bool all_aged = std::all_of(seats.begin(), seats.end(), [](const Seat& s) { return s.age >= 0; });
  if (!all_aged) return order;
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) {
    return youngest_first ? seats[a].age < seats[b].age : seats[a].age > seats[b].age;
  });
  return order;
}

int Table::kind_by_name(const std::string& name) const {
  for (std::size_t k = 0; k < ruleset->kinds.size(); ++k)
    if (ruleset->kinds[k].name == name) return static_cast<int>(k);
  return -1;
}

namespace {

void set_param(std::map<std::string, Value>& params, const Ruleset& r, const std::string& name,
               const Value& value, const std::string& source) {
  const ParamDef* p = r.param(name);
  if (!p)
    throw InputError(
        source + ": unknown parameter " + quote(name) + did_you_mean(name, r.param_names()) +
        (r.params.empty() ? "; this ruleset has none" : "; known: " + join_choices(r.param_names(), ", ")));
  if (p->initial.is_int() && !value.is_int())
    throw InputError(source + ": parameter " + quote(name) + " takes a whole number, not " +
                     quote(to_text(value)));
  if (p->initial.is_bool() && !value.is_bool())
    throw InputError(source + ": parameter " + quote(name) + " takes true or false, not " +
                     quote(to_text(value)));
  if (value.is_int()) {
    if ((p->has_min && value.as_int() < p->min) || (p->has_max && value.as_int() > p->max))
      throw InputError(source + ": parameter " + quote(name) + " must lie in " +
                       (p->has_min ? std::to_string(p->min) : "") + ".." +
                       (p->has_max ? std::to_string(p->max) : "") + ", not " + to_text(value));
  }
  if (!p->choices.empty() &&
      std::find(p->choices.begin(), p->choices.end(), to_text(value)) == p->choices.end())
    throw InputError(source + ": parameter " + quote(name) + " is one of " + join_choices(p->choices) +
                     ", not " + quote(to_text(value)));
  params[name] = p->initial.is_string() ? Value{to_text(value)} : value;
}

std::vector<Seat> default_seats(const Ruleset& r, const std::vector<Seat>& given) {
  if (!given.empty()) return given;
  std::vector<Seat> seats;
  for (int i = 1; i <= r.default_players; ++i) seats.push_back({"Player" + std::to_string(i), -1});
  return seats;
}

void lay_out(Table& t) {
  const Ruleset& r = *t.ruleset;
  for (std::size_t d = 0; d < r.zones.size(); ++d) {
    t.first_zone.push_back(static_cast<int>(t.zones.size()));
    if (!r.zones[d].per_seat) t.zones.push_back({r.zones[d].name, static_cast<int>(d), -1});
    else
      for (int s = 0; s < t.seat_count(); ++s)
        t.zones.push_back({t.seats[s].name + "." + r.zones[d].name, static_cast<int>(d), s,
                           r.zones[d].visibility == Visibility::Owner});
  }
  std::int64_t total = 0;
  for (const auto& kind : r.kinds) {
    std::int64_t n = kind.count_param.empty() ? kind.count : t.params.at(kind.count_param).as_int();
    if (n < 0)
      throw InputError(r.id + ": parameter " + quote(kind.count_param) + " counts the " + quote(kind.name) +
                       " components and cannot be negative (" + std::to_string(n) + ")");
    total += std::min(n, kMaxComponents + 1);
  }
  // Checked before any is laid out: a parameter of 2^40 must not fill the memory first.
  if (total > kMaxComponents)
    throw InputError(r.id + ": with these parameters the game would hold more than " +
                     std::to_string(kMaxComponents) + " components, the most a game can hold");
  for (std::size_t k = 0; k < r.kinds.size(); ++k) {
    const auto& kind = r.kinds[k];
    int n = static_cast<int>(kind.count_param.empty() ? kind.count : t.params.at(kind.count_param).as_int());
    int zone = -1;
    for (std::size_t d = 0; d < r.zones.size(); ++d)
      if (r.zones[d].name == kind.zone) zone = t.zone_id(static_cast<int>(d), -1);
    for (int i = 0; i < n; ++i) {
      t.component_kind.push_back(static_cast<int>(k));
      t.component_start.push_back(zone);
    }
  }
  for (const auto& v : r.vars) t.var_slot.push_back(v.per_seat ? t.seat_vars++ : t.global_vars++);
  t.zone_position.assign(t.zones.size(), -1);
  t.position_zone.assign(r.board.present() ? r.board.size() : 0, -1);
  for (int p = 0; p < static_cast<int>(t.position_zone.size()); ++p)
    if (r.board.zone_offset[p] >= 0) {
      int z = t.zone_id(r.board.first_zone_def + r.board.zone_offset[p], -1);
      t.position_zone[p] = z;
      t.zone_position[z] = p;
    }
}

}  // namespace

void at_table_params(const Ruleset& r, GameOptions& o) {
  auto v = r.variants.find(o.variant);
  for (const auto& p : r.params)
    if (p.has_at_table && !o.set.count(p.name) && (v == r.variants.end() || !v->second.count(p.name)))
      o.set[p.name] = to_text(p.at_table);
}

namespace {

// What is wrong with a seat's name, or "". A name is shown in the narration and the table,
// where a line break, another control character or a bidirectional control (all that
// visible_text would show escaped, and the Unicode line separators) could make it read as
// a line or text of the game's own (a forged "Bob wins."): those are refused, naming it.
std::string seat_name_problem(const std::string& name) {
  std::size_t chars = 0;
  for (std::size_t at = 0; at < name.size(); ++chars) {
    char32_t cp = 0;
    std::size_t bad = 0, n = utf8_at(name, at, cp, bad);
    if (n == 0)
      return "seat name " + quote(visible_text(name)) + " is not UTF-8 text (at byte " +
             std::to_string(at + 1) + ")";
    if (cp == U'\n' || cp == U'\t' || cp == 0x2028 || cp == 0x2029 || shown_escaped(cp))
      return fmt::format(
          "seat name {} holds a control character (U+{:04X}, character {}): a name is shown in the "
          "narration, where it could pass for a line of the game's own",
          quote(visible_text(name.substr(0, at)) + "…"), static_cast<unsigned>(cp), chars + 1);
    at += n;
  }
  if (name.empty() || name.find_first_of(" .:") != std::string::npos)
    return "seat name " + quote(name) + " must be one word without '.' or ':'";
  return "";
}

}  // namespace

// A bound of a `values:` range: a number, or a whole-number parameter's value at this table.
static std::int64_t range_bound(const Table& t, const Value& bound) {
  if (bound.is_int()) return bound.as_int();
  auto p = t.params.find(bound.as_string());
  return p != t.params.end() && p->second.is_int() ? p->second.as_int() : 0;
}

// Each variable's values at this table: its list, or its range with the table's parameters.
static void set_var_values(Table& t) {
  const Ruleset& r = *t.ruleset;
  t.var_values.assign(r.vars.size(), {});
  for (std::size_t d = 0; d < r.vars.size(); ++d) {
    const VarDef& v = r.vars[d];
    if (v.values_from.is_nil()) {
      t.var_values[d] = v.values;
      continue;
    }
    std::int64_t low = range_bound(t, v.values_from), high = range_bound(t, v.values_to);
    if (low > high || static_cast<std::uint64_t>(high) - static_cast<std::uint64_t>(low) >= kMaxVarValues)
      throw InputError(fmt::format("variable {}'s values are {}..{} at this table: a range holds 1 to {} values",
                                   quote(v.name), low, high, kMaxVarValues));
    for (std::int64_t x = low; x <= high; ++x) t.var_values[d].push_back(Value{x});
    if (!v.initial.is_int() || v.initial.as_int() < low || v.initial.as_int() > high)
      throw InputError(fmt::format("variable {}'s initial value {} is not among its values {}..{} at this table",
                                   quote(v.name), quote(to_text(v.initial)), low, high));
  }
}

std::shared_ptr<const Table> make_table(std::shared_ptr<const Ruleset> ruleset, const GameOptions& options) {
  static std::atomic<std::uint64_t> serials{0};
  auto t = std::make_shared<Table>();
  t->serial = ++serials;
  const Ruleset& r = *ruleset;
  t->ruleset = ruleset;
  t->seats = default_seats(r, options.seats);
  t->seed = options.seed;
  t->variant = options.variant;
  int n = t->seat_count();
  if (n < r.min_players || n > r.max_players)
    throw InputError(r.id + " is for " + player_range(r.min_players, r.max_players) + ", not " +
                     std::to_string(n));
  for (int a = 0; a < n; ++a) {
    if (std::string problem = seat_name_problem(t->seats[a].name); !problem.empty())
      throw InputError(problem);
    for (int b = 0; b < a; ++b)
      if (t->seats[a].name == t->seats[b].name)
        throw InputError("two seats are named " + quote(t->seats[a].name));
  }
  for (const auto& p : r.params) t->params[p.name] = p.initial;
  if (!options.variant.empty()) {
    auto v = r.variants.find(options.variant);
    if (v == r.variants.end())
      throw InputError("unknown variant " + quote(options.variant) +
                       did_you_mean(options.variant, r.variant_order) +
                       (r.variant_order.empty() ? "; " + r.id + " has none"
                                                : "; known: " + join_choices(r.variant_order, ", ")));
    for (const auto& [k, val] : v->second) set_param(t->params, r, k, val, "variant " + options.variant);
  }
  for (const auto& [k, text] : options.set) set_param(t->params, r, k, parse_value(text), "--set " + k);
  lay_out(*t);
  set_var_values(*t);
  return t;
}

}  // namespace arbiter
