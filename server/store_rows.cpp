// The store's rows checked (server/store_rows.hpp). Each check says which field is wrong and
// how, in words: a message of the JSON library's would mean nothing to the server's owner.
#include "server/store_rows.hpp"

#include <limits>

#include "runtime/limits.hpp"

namespace arbiter::server {

namespace {

constexpr std::size_t kMaxSetupBytes = 1u << 20;  // a setup of 32 seats and many parameters is a few KiB

bool is_hash(const std::string& s) {
  if (s.size() != 64) return false;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

bool is_id(const std::string& s) {
  if (s.empty() || s.size() > 64) return false;
  for (char c : s)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '-' || c == '_'))
      return false;
  return true;
}

// A text field of the setup: a string, or `why` says what it is instead.
bool text_field(const Json& j, const char* key, std::string& out, std::string& why) {
  auto it = j.find(key);
  if (it == j.end()) {
    why = std::string("its setup has no \"") + key + "\"";
    return false;
  }
  if (!it->is_string()) {
    why = std::string("its setup's \"") + key + "\" is not text";
    return false;
  }
  out = it->get<std::string>();
  return true;
}

bool seats_field(const Json& j, TableSetup& s, std::string& why) {
  auto it = j.find("seats");
  if (it == j.end()) {
    why = "its setup has no \"seats\"";
    return false;
  }
  if (!it->is_array() || it->empty() || it->size() > static_cast<std::size_t>(kMaxSeats)) {
    why = "its setup's \"seats\" is not a list of 1 to " + std::to_string(kMaxSeats) + " seats";
    return false;
  }
  for (const Json& seat : *it) {
    std::string n = std::to_string(s.options.seats.size() + 1);
    if (!seat.is_object() || !seat.contains("name") || !seat["name"].is_string() ||
        seat["name"].get<std::string>().empty()) {
      why = "its setup's seat " + n + " has no name";
      return false;
    }
    const Json& age = seat.contains("age") ? seat["age"] : Json();
    if (!age.is_number_integer() || age.get<std::int64_t>() < -1 || age.get<std::int64_t>() > 1000) {
      why = "its setup's seat " + n + " has no age (-1 for none, or 0 to 1000)";
      return false;
    }
    s.options.seats.push_back({seat["name"].get<std::string>(), static_cast<int>(age.get<std::int64_t>())});
  }
  return true;
}

bool set_and_kinds(const Json& j, TableSetup& s, std::string& why) {
  auto set = j.find("set");
  if (set == j.end() || !set->is_object()) {
    why = "its setup's \"set\" is not a map of parameters";
    return false;
  }
  for (const auto& [k, v] : set->items()) {
    if (!v.is_string()) {
      why = "its setup's parameter \"" + k + "\" is not text";
      return false;
    }
    s.options.set[k] = v.get<std::string>();
  }
  auto kinds = j.find("kinds");
  if (kinds == j.end() || !kinds->is_array() || kinds->size() != s.options.seats.size()) {
    why = "its setup's \"kinds\" is not a list of one entry a seat (" +
          std::to_string(s.options.seats.size()) + ")";
    return false;
  }
  for (const Json& k : *kinds) {
    if (!k.is_string()) {
      why = "its setup's \"kinds\" holds something other than text";
      return false;
    }
    s.kinds.push_back(k.get<std::string>());
  }
  return true;
}

// The `seats` rows: one a seat of the setup, numbered 0, 1, …; a person's with its token's
// hash, a bot's with none.
bool seat_rows(const TableRow& row, StoredTable& t, std::string& why) {
  std::size_t want = t.setup.kinds.size();
  if (row.seats.size() != want) {
    why = "it has " + std::to_string(row.seats.size()) + " seat rows for " + std::to_string(want) + " seats";
    return false;
  }
  for (std::size_t i = 0; i < want; ++i) {
    const auto& [number, hash] = row.seats[i];
    if (!number.integer || *number.integer != static_cast<std::int64_t>(i)) {
      why = "its seat rows are not numbered 0 to " + std::to_string(want - 1);
      return false;
    }
    bool bot = !t.setup.kinds[i].empty();
    if (!hash.text || (bot ? !hash.text->empty() : !is_hash(*hash.text))) {
      why = "seat " + std::to_string(i) +
            (bot ? " is a bot's and has a token" : "'s token hash is not 64 hex digits");
      return false;
    }
    t.seat_hashes.push_back(*hash.text);
  }
  return true;
}

// What of a damaged row can still be used: the token hashes that look like hashes, so that a
// player with a link is told what became of the table.
void salvage_hashes(const TableRow& row, StoredTable& t) {
  t.seat_hashes.clear();
  for (const auto& [number, hash] : row.seats)
    t.seat_hashes.push_back(number.integer && hash.text && is_hash(*hash.text) ? *hash.text : "");
}

// A damaged setup's ruleset, when it still names one: for the table's name in the log.
std::string salvaged_ruleset(const std::string& text) {
  if (text.size() > kMaxSetupBytes) return "";
  Json j = Json::parse(text, nullptr, false);
  return j.is_object() && j.contains("ruleset") && j["ruleset"].is_string() ? j["ruleset"].get<std::string>()
                                                                            : "";
}

}  // namespace

std::optional<TableSetup> checked_setup(const std::string& text, std::string& why) {
  if (text.size() > kMaxSetupBytes) {
    why = "its setup is more than " + std::to_string(kMaxSetupBytes) + " bytes";
    return std::nullopt;
  }
  Json j = Json::parse(text, nullptr, false);
  if (j.is_discarded() || !j.is_object()) {
    why = "its setup is not a JSON object";
    return std::nullopt;
  }
  TableSetup s;
  if (!text_field(j, "ruleset", s.ruleset, why) || !text_field(j, "variant", s.options.variant, why))
    return std::nullopt;
  if (s.ruleset.empty()) {
    why = "its setup names no ruleset";
    return std::nullopt;
  }
  auto seed = j.find("seed");
  if (seed == j.end() || !seed->is_number_unsigned()) {
    why = "its setup's \"seed\" is not a whole number";
    return std::nullopt;
  }
  s.options.seed = seed->get<std::uint64_t>();
  if (!seats_field(j, s, why) || !set_and_kinds(j, s, why)) return std::nullopt;
  return s;
}

StoredTable checked_table(const TableRow& row) {
  StoredTable t;
  bool named = row.id.text && is_id(*row.id.text);
  t.id = named ? *row.id.text : "row " + std::to_string(row.rowid);
  if (row.watch_hash.text && is_hash(*row.watch_hash.text)) t.watch_hash = *row.watch_hash.text;
  std::string why;
  std::optional<TableSetup> setup = row.setup.text ? checked_setup(*row.setup.text, why) : std::nullopt;
  if (!row.setup.text) why = "its setup is not text";
  if (setup) t.setup = *setup;
  else if (row.setup.text) t.setup.ruleset = salvaged_ruleset(*row.setup.text);
  if (!named) why = "its id is not a table's id";
  else if (setup && t.watch_hash.empty()) why = "its watchers' token hash is not 64 hex digits";
  else if (setup && (!row.created.integer || !row.finished.integer || *row.finished.integer < 0))
    why = "its created or finished time is not a whole number of seconds";
  else if (setup && !row.rules_print.text) why = "its ruleset's fingerprint is not text";
  if (why.empty() && seat_rows(row, t, why)) {
    t.created = *row.created.integer;
    t.finished = *row.finished.integer;
    t.rules_print = *row.rules_print.text;
    return t;
  }
  salvage_hashes(row, t);
  t.damage = why;
  return t;
}

std::vector<Step> checked_steps(const std::vector<StepRow>& rows, std::size_t seats,
                                const std::string& table) {
  std::vector<Step> out;
  for (const StepRow& r : rows) {
    std::string at = "table " + table + " in the database: step " + std::to_string(out.size() + 1) + " ";
    if (!r.n.integer || *r.n.integer != static_cast<std::int64_t>(out.size()))
      throw StoreError(at + "is not numbered " + std::to_string(out.size()) +
                       " (a step is missing or out of order)");
    if (!r.seat.integer || *r.seat.integer < -1 || *r.seat.integer >= static_cast<std::int64_t>(seats))
      throw StoreError(at + "names no seat of the table's " + std::to_string(seats) + " (nor chance, -1)");
    if (!r.action.text || r.action.text->empty() || r.action.text->size() > kMaxActionText)
      throw StoreError(at + "has no action (text of 1 to " + std::to_string(kMaxActionText) + " bytes)");
    if (!r.hash.integer) throw StoreError(at + "has no state hash");
    out.push_back(
        {static_cast<int>(*r.seat.integer), *r.action.text, static_cast<std::uint64_t>(*r.hash.integer)});
  }
  return out;
}

std::vector<Pass> checked_passes(const std::vector<PassRow>& rows, std::size_t seats,
                                 const std::string& table) {
  std::vector<Pass> out;
  for (const PassRow& r : rows) {
    if (!r.n.integer || *r.n.integer < 0 || *r.n.integer > std::numeric_limits<int>::max() ||
        !r.seat.integer || *r.seat.integer < 0 || *r.seat.integer >= static_cast<std::int64_t>(seats))
      throw StoreError("table " + table + " in the database: pass " + std::to_string(out.size() + 1) +
                       " names no step and seat of the table");
    out.push_back({static_cast<int>(*r.n.integer), static_cast<int>(*r.seat.integer)});
  }
  return out;
}

}  // namespace arbiter::server
