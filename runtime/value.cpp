// Text forms of values, shared by --set, scenarios, saves and the REPL.
#include "runtime/value.hpp"

#include <charconv>

namespace arbiter {

std::string to_text(const Value& v) {
  if (v.is_nil()) return "none";
  if (v.is_bool()) return v.as_bool() ? "true" : "false";
  if (v.is_int()) return std::to_string(v.as_int());
  return v.as_string();
}

Value parse_value(const std::string& text) {
  if (text == "none" || text == "null" || text == "~") return Value{};
  if (text == "true") return Value{true};
  if (text == "false") return Value{false};
  std::int64_t n = 0;
  auto [end, err] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (err == std::errc{} && end == text.data() + text.size() && !text.empty()) return Value{n};
  return Value{text};
}

}  // namespace arbiter
