// A scenario's `view` check (docs/scenarios.md, "Expectations"): what one seat, or everyone
// (`public`), sees of zones and variables, through the runtime's own view of the state —
// the one front-ends, bots and the JSON protocol get.
#include "runtime/diagnostics.hpp"
#include "authoring/scenario/runner.hpp"
#include "runtime/view.hpp"

namespace arbiter::scenario_detail {

namespace {

// The word a view check gives for what everyone sees; a seat of that name keeps it.
const char* const kPublic = "public";

}  // namespace

int Runner::var_key(const YAML::Node& at, const std::string& key, int& seat_index) {
  seat_index = -1;
  std::string name = key;
  auto dot = key.find('.');
  if (dot != std::string::npos) {
    seat_index = seat(at, key.substr(0, dot));
    name = key.substr(dot + 1);
  }
  int v = ruleset_->var_index(name);
  if (v < 0) fail(at, "unknown variable " + quote(name) + did_you_mean(name, ruleset_->var_names()));
  bool per_seat = ruleset_->vars[v].per_seat;
  if (per_seat && seat_index < 0) fail(at, "variable " + quote(name) + " is per seat: write SEAT." + name);
  if (!per_seat && seat_index >= 0) fail(at, "variable " + quote(name) + " is not per seat: write " + name);
  return v;
}

Value Runner::wanted_value(const YAML::Node& n, int var) {
  // A list or map would read as nothing, and pass wherever the variable is none.
  if (!n.IsScalar() && !n.IsNull())
    fail(n, "a variable's value is a number, true/false, text or none, not a list or map");
  Value want = scalar_value(n);
  // A variable that holds a seat may be expected by the seat's name.
  const Table& t = engine_->table();
  if (ruleset_->vars[var].holds_seat && want.is_string() && t.seat_by_name(want.as_string()) >= 0)
    want = Value{t.seat_by_name(want.as_string()) + 1};
  return want;
}

// What a seat sees of zones and variables; `public` for what everyone sees.
void Runner::expect_view(const YAML::Node& map) {
  if (!map.IsMap())
    fail(map, "view is a map {SEAT: {ZONE: [NAMES] | {count: N}, vars: {...}, unseen: [...]}}");
  not_empty(map, "view");
  const Table& t = engine_->table();
  for (const auto& kv : map) {
    std::string seat_name = text(kv.first, "a seat");
    bool everyone = seat_name == kPublic && t.seat_by_name(seat_name) < 0;
    int s = everyone ? -1 : seat(kv.first, seat_name);
    std::string whose = everyone ? "the public view" : seat_name + "'s view";
    if (!kv.second.IsMap())
      fail(kv.second,
           "a seat's view check is a map {ZONE: [NAMES] | {count: N}, vars: {...}, unseen: [...]}");
    not_empty(kv.second, "a seat's view check");
    View v = make_view(state_, s);
    for (const auto& zv : kv.second) {
      std::string key = text(zv.first, "a zone");
      // `vars` and `unseen` are checks of variables, but a zone of that name keeps its check.
      if ((key == "vars" || key == "unseen") && t.zone_by_name(key) < 0) {
        if (key == "vars") expect_view_vars(whose, v, zv.second);
        else expect_unseen(whose, v, zv.second);
        continue;
      }
      int z = zone(zv.first, key);
      expect_zone(whose + " of " + v.zones[z].name, marked_items(v.zones[z]), zv.second, true);
    }
  }
}

namespace {

// The value `v` shows of variable `name` (of `seat`, or a global when -1); false when it shows none.
bool shown_value(const View& v, const std::string& name, int seat, Value& out) {
  const auto& names = seat < 0 ? v.globals : v.seats.at(seat).vars;
  const auto& values = seat < 0 ? v.global_values : v.seats.at(seat).values;
  for (std::size_t i = 0; i < names.size(); ++i)
    if (names[i].first == name) {
      out = values.at(i);
      return true;
    }
  return false;
}

}  // namespace

// {NAME: V, SEAT.NAME: V}: the view shows each variable, with that value.
void Runner::expect_view_vars(const std::string& whose, const View& v, const YAML::Node& map) {
  if (!map.IsMap()) fail(map, "a view's vars is a map {NAME: V} or {SEAT.NAME: V}");
  not_empty(map, "a view's vars");
  for (const auto& kv : map) {
    std::string key = text(kv.first, "a variable's name");
    int seat_index = -1;
    int var = var_key(kv.first, key, seat_index);
    Value want = wanted_value(kv.second, var);
    Value have;
    if (!shown_value(v, ruleset_->vars[var].name, seat_index, have))
      fail(kv.first, "expected " + whose + " to show " + key + ", but it is hidden there");
    if (have != want) fail(kv.second, "expected " + key + " in " + whose + " " + compared_values(want, have));
  }
}

// [SEAT.NAME, ...]: the view does not show these per-seat variables.
void Runner::expect_unseen(const std::string& whose, const View& v, const YAML::Node& list) {
  if (!list.IsSequence() || list.size() == 0)
    fail(list, "unseen is a list of one or more SEAT.NAME variables");
  for (const auto& item : list) {
    std::string key = text(item, "a variable's name");
    int seat_index = -1;
    int var = var_key(item, key, seat_index);
    Value have;
    if (shown_value(v, ruleset_->vars[var].name, seat_index, have))
      fail(item, "expected " + whose + " not to show " + key + ", but it shows " + to_text(have));
  }
}

}  // namespace arbiter::scenario_detail
