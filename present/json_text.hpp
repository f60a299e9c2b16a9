// The one way the `arbiter` command writes JSON (the `--json` door, `sim --json`, `perft
// --json`): text that is always valid UTF-8 and that the output sink (present/output.hpp)
// passes unchanged, so a ruleset's bytes can neither stop the writing nor reach a terminal.
#pragma once
#include <string>

#include <nlohmann/json.hpp>

namespace arbiter::present {

// `dumped` (nlohmann's dump, valid UTF-8) with every code point the sink would show escaped
// (DEL, C1 controls, bidi controls: runtime/visible_text.hpp) written as a \uNNNN
// escape instead, which reads back as the same string. C0 controls are escaped by the dump.
// Without a UTF-8 locale (ascii_output) every non-ASCII code point is escaped so too.
std::string escape_shown(const std::string& dumped);

// `j` as JSON text (`indent` as for dump: -1 is one line). Bytes that are not UTF-8 in its
// strings become U+FFFD instead of an exception that would lose the game or the report.
template <class Json>
std::string json_text(const Json& j, int indent = -1) {
  return escape_shown(j.dump(indent, ' ', false, Json::error_handler_t::replace));
}

}  // namespace arbiter::present
