// What a seat sees, as JSON: the view and log shapes of docs/protocol.md, shared by the JSON
// door (cli/json_play.cpp) and the network server (server/), so that both send the same facts
// and nothing more. The text goes out through json_text() (present/json_text.hpp).
#pragma once
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "runtime/table.hpp"
#include "runtime/value.hpp"
#include "runtime/view.hpp"

namespace arbiter::present {

using Json = nlohmann::ordered_json;

// A variable's or score's value: a boolean, a number, a string, or null.
Json value_json(const Value& v);
// The seat's name, or null for -1 (a spectator, nobody active).
Json name_or_null(const View& v, int seat);
// docs/protocol.md's view: what `v.seat` sees (v.log is not in it: log_json gives that).
Json view_json(const View& v);
// The log entries as docs/protocol.md gives them: kind, seat (where one acted), text.
Json log_json(const std::vector<Event>& log, const Table& t);

}  // namespace arbiter::present
