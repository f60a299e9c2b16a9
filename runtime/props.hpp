// Components' properties (what game.yaml says of a kind besides its name and count) looked
// up by number, and what the rules ask of a zone by one: the components that match a
// value, the sum of a number, the zone sorted. Errors are RuleErrors, for the rules' line.
#pragma once
#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/state.hpp"

namespace arbiter {

// For each kind, the value of each property any kind has (in `names` order), or nullptr.
// It points into the ruleset it was made from, which must outlive it.
struct PropTable {
  std::vector<std::string> names;
  std::vector<std::vector<const Value*>> of_kind;
};
PropTable make_prop_table(const Ruleset& ruleset);

// A property the rules named, with its number in `props` (-1: no kind has it). `name`
// must outlive the key.
struct PropKey {
  std::string_view name;
  int id = -1;
  const PropTable* props = nullptr;
};
PropKey find_prop(const PropTable& props, std::string_view name);

// Component `c`'s property `key`, or nullptr when its kind has none. `key.props` is made
// from the state's ruleset.
inline const Value* prop_of(const State& s, int c, const PropKey& key) {
  return key.id < 0 ? nullptr : key.props->of_kind[s.kind(c)][key.id];
}
// Whether component `c`'s property `key` equals `value` (nil: it has none).
inline bool has_value(const State& s, int c, const PropKey& key, const Value& value) {
  const Value* v = prop_of(s, c, key);
  return v ? *v == value : value.is_nil();
}

// A property no kind has is a slip in the rules ("vaule"), not a component without it: nil
// would read as "has none" and play on wrongly. Throws, naming the properties there are,
// unless some kind of the state's ruleset has `key`.
void check_known_prop(const State& s, const PropKey& key);

// The components of zone `z`, top first, whose property `key` equals `value`. In one
// buffer per thread, valid until the next call: a playout's hot loop allocates nothing.
const std::vector<int>& matching(const State& s, int z, const PropKey& key, const Value& value);
// How many there are, without a list.
int count_matching(const State& s, int z, const PropKey& key, const Value& value);
// Moves them from zone `from` onto `to` in the order they lay, the first found on top;
// returns them (matching's buffer).
const std::vector<int>& move_matching(State& s, int from, int to, const PropKey& key, const Value& value);
// The sum of the whole-number property `key` over zone `z` (others count 0); throws as
// check_known_prop when no component there has it and no kind does.
std::int64_t sum_prop(const State& s, int z, const PropKey& key);

// Orders zone `z` in place so that it lists (top first) by property `key`, lowest first
// (`descending`: highest first), ties by component number in the same direction. Faces and
// reveals stay as they are. Throws, leaving the zone as it was, when a component has no
// number or text `key`, or numbers and texts are mixed.
void sort_zone(State& s, int z, const PropKey& key, bool descending);

}  // namespace arbiter
