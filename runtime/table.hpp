// One game's fixed facts: the ruleset, who sits where, the parameters in force,
// and the layout of components, zones and variables that every state of the game shares.
#pragma once
#include <cstdint>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "runtime/ruleset.hpp"

namespace arbiter {

struct Seat {
  std::string name;
  int age = -1;  // -1: not given
};

struct ZoneSlot {
  std::string name;  // "deck", or "Andy.hand" for a seat's own
  int def = 0;       // index into Ruleset::zones
  int owner = -1;    // seat index, or -1 for a shared zone
  // A hand: a seat's own zone only it sees into, whose components it may hold in any order,
  // so another seat cannot tell which of them leaves it (State::move).
  bool held = false;
};

struct Table {
  std::shared_ptr<const Ruleset> ruleset;
  std::vector<Seat> seats;
  std::map<std::string, Value> params;     // every parameter, defaults filled in
  std::string variant;
  std::uint64_t seed = 1;
  std::vector<int> component_kind;         // kind index per component id
  std::vector<int> component_start;        // zone each component starts in
  std::vector<ZoneSlot> zones;             // per ZoneDef in order: one, or one per seat
  std::vector<int> first_zone;             // per ZoneDef: its (first) zone id
  std::uint64_t serial = 0;                // unique to this table in the process (caches key on it)
  int global_vars = 0;                     // global var slots come first
  std::vector<int> var_slot;               // per VarDef: its global slot, or its per-seat offset
  // Per VarDef: the values it may hold at this table (VarDef::values, or its range with this
  // table's parameters); empty: undeclared.
  std::vector<std::vector<Value>> var_values;
  int seat_vars = 0;
  std::vector<int> zone_position;          // per zone: its board position, or -1
  std::vector<int> position_zone;          // per board position: its zone, or -1

  int seat_count() const { return static_cast<int>(seats.size()); }
  int component_count() const { return static_cast<int>(component_kind.size()); }
  const std::string& component_name(int c) const { return ruleset->kinds[component_kind[c]].name; }
  // Zone id for ZoneDef `def` owned by `seat` (ignored for shared zones).
  int zone_id(int def, int seat) const;
  // Zone id by scenario name ("deck", "Andy.hand", "1.hand"); -1 when unknown.
  int zone_by_name(std::string_view name) const;
  std::vector<std::string> zone_names() const;
  // Seat index by name or 1-based number; -1 when unknown.
  int seat_by_name(const std::string& name) const;
  std::vector<std::string> seat_names() const;
  // Storage slot of variable `var` (a VarDef index) for `seat` (ignored for global ones).
  int var_slot_of(int var, int seat) const;
  // Seats ordered youngest first (or oldest first); ties, and seats without ages, in listing order.
  std::vector<int> by_age(bool youngest_first) const;
  // Kind index by component name, -1 when unknown.
  int kind_by_name(const std::string& name) const;
};

struct GameOptions {
  std::vector<Seat> seats;                 // empty: the ruleset's default count, named Player 1..
  std::uint64_t seed = 1;
  std::string variant;
  std::map<std::string, std::string> set;  // --set key=value, applied after the variant
};

// Builds the table for one game. Throws InputError for an unknown variant or parameter
// (with suggestions), a value out of range, or a player count the ruleset does not allow.
std::shared_ptr<const Table> make_table(std::shared_ptr<const Ruleset> ruleset, const GameOptions& options);

// Each parameter's `at_table` value (a limit meant for `sim` and `check`) set in `options`
// unless its variant or `set` gives one: the game the rulebook describes, as `arbiter play`
// and scenarios play it.
void at_table_params(const Ruleset& ruleset, GameOptions& options);

}  // namespace arbiter
