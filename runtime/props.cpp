// Properties by number, and matching, summing and sorting a zone by one (props.hpp).
#include "runtime/props.hpp"

#include <algorithm>
#include <variant>

#include "runtime/diagnostics.hpp"

namespace arbiter {

PropTable make_prop_table(const Ruleset& ruleset) {
  PropTable t;
  for (const auto& kind : ruleset.kinds)
    for (const auto& [name, value] : kind.props)
      if (std::find(t.names.begin(), t.names.end(), name) == t.names.end()) t.names.push_back(name);
  for (const auto& kind : ruleset.kinds) {
    auto& row = t.of_kind.emplace_back(t.names.size(), nullptr);
    for (std::size_t i = 0; i < t.names.size(); ++i) {
      auto it = kind.props.find(t.names[i]);
      if (it != kind.props.end()) row[i] = &it->second;
    }
  }
  return t;
}

PropKey find_prop(const PropTable& props, std::string_view name) {
  PropKey key{name, -1, &props};
  auto it = std::find(props.names.begin(), props.names.end(), name);
  if (it != props.names.end()) key.id = static_cast<int>(it - props.names.begin());
  return key;
}

void check_known_prop(const State& s, const PropKey& prop) {
  if (prop.id >= 0) return;
  std::string_view key = prop.name;
  std::vector<std::string> known;
  for (const auto& kind : s.table->ruleset->kinds)
    for (const auto& [name, value] : kind.props) {
      if (name == key) return;
      if (std::find(known.begin(), known.end(), name) == known.end()) known.push_back(name);
    }
  std::sort(known.begin(), known.end());
  std::string k(key);
  throw RuleError(
      "no component kind has the property " + quote(k) + did_you_mean(k, known) +
      (known.empty() ? "; no kind has any property" : "; properties: " + join_choices(known, ", ")));
}

namespace {

// has_value for one key and value, with an integer compared as an integer rather than
// through the variant's visit: matching by number is the common case and a hot loop.
struct Match {
  const State& s;
  const PropKey& key;
  const Value& value;
  const std::int64_t* number = std::get_if<std::int64_t>(&value.data);
  bool operator()(int c) const {
    if (!number) return has_value(s, c, key, value);
    const Value* v = prop_of(s, c, key);
    const std::int64_t* n = v ? std::get_if<std::int64_t>(&v->data) : nullptr;
    return n && *n == *number;
  }
};

}  // namespace

const std::vector<int>& matching(const State& s, int z, const PropKey& key, const Value& value) {
  thread_local std::vector<int> found;
  found.clear();
  Match match{s, key, value};
  for (int i = s.zone_end[z] - 1; i >= s.zone_begin(z); --i)
    if (match(s.items[i])) found.push_back(s.items[i]);
  return found;
}

int count_matching(const State& s, int z, const PropKey& key, const Value& value) {
  int n = 0;
  Match match{s, key, value};
  for (int i = s.zone_begin(z); i < s.zone_end[z]; ++i) n += match(s.items[i]);
  return n;
}

const std::vector<int>& move_matching(State& s, int from, int to, const PropKey& key, const Value& value) {
  const std::vector<int>& found = matching(s, from, key, value);
  for (auto c = found.rbegin(); c != found.rend(); ++c) s.move(*c, to, false, from);
  return found;
}

std::int64_t sum_prop(const State& s, int z, const PropKey& key) {
  std::int64_t total = 0;
  bool found = false;
  for (int i = s.zone_begin(z); i < s.zone_end[z]; ++i) {
    const Value* v = prop_of(s, s.items[i], key);
    found = found || v;
    if (v && v->is_int()) total += v->as_int();
  }
  if (!found) check_known_prop(s, key);
  return total;
}

namespace {

using Keyed = std::pair<const Value*, int>;  // a component's sort key, and the component

// Zone `z`'s components top first (the order game:cards lists), each with its key, into `keyed`.
void key_zone(const State& s, int z, const PropKey& key, std::vector<Keyed>& keyed) {
  keyed.clear();
  for (int i = s.zone_end[z] - 1; i >= s.zone_begin(z); --i) {
    int c = s.items[i];
    const Value* v = prop_of(s, c, key);
    if (!v || !(v->is_int() || v->is_string()))
      throw RuleError("game:sort: " + s.name(c) + " (component " + std::to_string(c + 1) +
                      ") has no number or text " + quote(std::string(key.name)) + " to sort by");
    if (!keyed.empty() && v->is_int() != keyed[0].first->is_int())
      throw RuleError("game:sort: " + quote(std::string(key.name)) + " mixes numbers and text in " +
                      s.table->zones[z].name);
    keyed.emplace_back(v, c);
  }
}

}  // namespace

void sort_zone(State& s, int z, const PropKey& key, bool descending) {
  // Rulesets tidy a zone after every change, so this runs in every playout's hot loop, often
  // on a zone in order already: one buffer per thread, and nothing allocated.
  thread_local std::vector<Keyed> keyed;
  key_zone(s, z, key, keyed);
  auto ascending = [](const Keyed& a, const Keyed& b) {
    const Value &x = *a.first, &y = *b.first;
    if (x != y) return x.is_int() ? x.as_int() < y.as_int() : x.as_string() < y.as_string();
    return a.second < b.second;
  };
  auto before = [&](const Keyed& a, const Keyed& b) {
    return descending ? ascending(b, a) : ascending(a, b);
  };
  if (std::is_sorted(keyed.begin(), keyed.end(), before)) return;
  std::sort(keyed.begin(), keyed.end(), before);
  // items run bottom to top, so the first of the order goes on top.
  int end = s.zone_end[z];
  for (std::size_t k = 0; k < keyed.size(); ++k)
    s.items[end - 1 - k] = static_cast<std::uint16_t>(keyed[k].second);
}

}  // namespace arbiter
