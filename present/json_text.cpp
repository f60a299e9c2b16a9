// JSON text that the output sink leaves alone (json_text.hpp).
#include "present/json_text.hpp"

#include <fmt/format.h>

#include "present/output.hpp"
#include "runtime/visible_text.hpp"

namespace arbiter::present {

namespace {

// `\uNNNN`, or a surrogate pair past U+FFFF, as JSON writes a code point in ASCII.
std::string json_escape(char32_t cp) {
  if (cp < 0x10000) return fmt::format("\\u{:04x}", static_cast<unsigned>(cp));
  cp -= 0x10000;
  return fmt::format("\\u{:04x}\\u{:04x}", 0xd800 + static_cast<unsigned>(cp >> 10),
                     0xdc00 + static_cast<unsigned>(cp & 0x3ff));
}

}  // namespace

std::string escape_shown(const std::string& dumped) {
  // Without a UTF-8 locale the sink writes Arbiter's symbols in ASCII: JSON is for programs,
  // so every non-ASCII code point is escaped instead, which reads back as the same string.
  const bool ascii = ascii_output();
  std::string out;
  out.reserve(dumped.size());
  for (std::size_t at = 0; at < dumped.size();) {
    char32_t cp = 0;
    std::size_t bad = 0, length = utf8_at(dumped, at, cp, bad);
    bool valid = length > 0;
    if (!valid) length = bad;  // a dump with error_handler_t::replace has none; kept as they are
    // The escaped code points are all inside strings: the JSON around them is ASCII. C0
    // controls in strings are escaped by the dump; the `\n` of its indentation stays.
    if (valid && cp >= 0x20 && (shown_escaped(cp) || (ascii && cp >= 0x80))) out += json_escape(cp);
    else out.append(dumped, at, length);
    at += length;
  }
  return out;
}

}  // namespace arbiter::present
