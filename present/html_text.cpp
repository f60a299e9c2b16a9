// HTML text that can hold nothing but text (html_text.hpp).
#include "present/html_text.hpp"

#include "runtime/visible_text.hpp"

namespace arbiter::present {

std::string html_text(const std::string& text) {
  static const std::string kReplacement = "\xEF\xBF\xBD";  // U+FFFD
  std::string out;
  out.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    char32_t cp = 0;
    std::size_t bad = 0, length = utf8_at(text, at, cp, bad);
    if (length == 0) {
      out += kReplacement, at += bad > 0 ? bad : 1;
      continue;
    }
    switch (cp) {
      case '&': out += "&amp;"; break;
      case '<': out += "&lt;"; break;
      case '>': out += "&gt;"; break;
      case '"': out += "&quot;"; break;
      case '\'': out += "&#39;"; break;
      default:
        if ((cp < 0x20 && cp != '\t' && cp != '\n') || (cp >= 0x20 && shown_escaped(cp))) out += kReplacement;
        else out.append(text, at, length);
    }
    at += length;
  }
  return out;
}

}  // namespace arbiter::present
