// The terminal-safe form of outside text (visible_text.hpp): one pass, clean runs copied whole.
#include "runtime/visible_text.hpp"

#include <cstdio>

namespace arbiter {

std::size_t utf8_at(std::string_view s, std::size_t at, char32_t& cp, std::size_t& bad) {
  auto byte = [&](std::size_t i) -> unsigned {
    return at + i < s.size() ? static_cast<unsigned char>(s[at + i]) : 0x100;
  };
  unsigned first = byte(0);
  if (first < 0x80) {
    cp = first;
    return 1;
  }
  // The well-formed sequences of the Unicode standard (table 3-7): the second byte's range
  // is narrowed after E0 (overlong), ED (surrogates), F0 (overlong) and F4 (past U+10FFFF).
  std::size_t length = 0;
  unsigned low = 0x80, high = 0xBF;
  if (first >= 0xC2 && first <= 0xDF) length = 2;
  else if (first >= 0xE0 && first <= 0xEF)
    length = 3, low = first == 0xE0 ? 0xA0 : 0x80, high = first == 0xED ? 0x9F : 0xBF;
  else if (first >= 0xF0 && first <= 0xF4)
    length = 4, low = first == 0xF0 ? 0x90 : 0x80, high = first == 0xF4 ? 0x8F : 0xBF;
  else {
    bad = 1;
    return 0;
  }
  cp = first & (length == 2 ? 0x1F : length == 3 ? 0x0F : 0x07);
  for (std::size_t i = 1; i < length; ++i) {
    unsigned b = byte(i);
    if (b < low || b > high) {  // the valid start so far is one invalid part
      bad = i;
      return 0;
    }
    cp = (cp << 6) | (b & 0x3F);
    low = 0x80, high = 0xBF;
  }
  return length;
}

bool shown_escaped(char32_t cp) {
  if (cp < 0x20) return cp != '\n' && cp != '\t';
  if (cp >= 0x7F && cp <= 0x9F) return true;
  return cp == 0x061C || cp == 0x200E || cp == 0x200F || (cp >= 0x202A && cp <= 0x202E) ||
         (cp >= 0x2066 && cp <= 0x2069);
}

void put_visible_text(std::string_view text, VisiblePut put, void* context) {
  static const char kReplacement[] = "\xEF\xBF\xBD";  // U+FFFD
  std::size_t clean = 0;  // where the run not yet handed out starts
  auto flush = [&](std::size_t end) {
    if (end > clean) put(context, text.data() + clean, end - clean);
  };
  for (std::size_t at = 0; at < text.size();) {
    auto c = static_cast<unsigned char>(text[at]);
    if (c >= 0x20 && c < 0x7F) {  // the common case: printable ASCII
      ++at;
      continue;
    }
    char32_t cp = 0;
    std::size_t bad = 0, length = utf8_at(text, at, cp, bad);
    if (length > 0 && !shown_escaped(cp)) {
      at += length;
      continue;
    }
    flush(at);
    if (length == 0) {
      put(context, kReplacement, 3);
      at += bad;
    } else {
      char form[12];
      int n = cp == 0x1B ? std::snprintf(form, sizeof form, "\\e")
              : cp < 0x100 ? std::snprintf(form, sizeof form, "\\x%02x", static_cast<unsigned>(cp))
                           : std::snprintf(form, sizeof form, "\\u%04x", static_cast<unsigned>(cp));
      put(context, form, static_cast<std::size_t>(n));
      at += length;
    }
    clean = at;
  }
  flush(text.size());
}

std::string visible_text(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  put_visible_text(text, [](void* context, const char* data, std::size_t size) {
    static_cast<std::string*>(context)->append(data, size);
  }, &out);
  return out;
}

}  // namespace arbiter
