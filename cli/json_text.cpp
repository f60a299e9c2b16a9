// JSON text that the output sink leaves alone (json_text.hpp).
#include "cli/json_text.hpp"

#include <fmt/format.h>

#include "interpreter/visible_text.hpp"

namespace arbiter::cli {

std::string escape_shown(const std::string& dumped) {
  std::string out;
  out.reserve(dumped.size());
  for (std::size_t at = 0; at < dumped.size();) {
    char32_t cp = 0;
    std::size_t bad = 0, length = utf8_at(dumped, at, cp, bad);
    bool valid = length > 0;
    if (!valid) length = bad;  // a dump with error_handler_t::replace has none; kept as they are
    // The escaped code points are all inside strings: the JSON around them is ASCII. C0
    // controls in strings are escaped by the dump; the `\n` of its indentation stays.
    if (valid && cp >= 0x20 && shown_escaped(cp)) out += fmt::format("\\u{:04x}", static_cast<unsigned>(cp));
    else out.append(dumped, at, length);
    at += length;
  }
  return out;
}

}  // namespace arbiter::cli
