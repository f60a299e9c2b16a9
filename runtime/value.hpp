// A ruleset variable's or parameter's value: nothing, a boolean, an integer or a string.
#pragma once
#include <cstdint>
#include <string>
#include <variant>

namespace arbiter {

struct Value {
  std::variant<std::monostate, bool, std::int64_t, std::string> data;

  Value() = default;
  Value(bool b) : data(b) {}
  Value(int i) : data(std::int64_t{i}) {}
  Value(std::int64_t i) : data(i) {}
  Value(std::string s) : data(std::move(s)) {}
  Value(const char* s) : data(std::string(s)) {}

  bool is_nil() const { return data.index() == 0; }
  bool is_bool() const { return data.index() == 1; }
  bool is_int() const { return data.index() == 2; }
  bool is_string() const { return data.index() == 3; }
  bool as_bool() const { return std::get<bool>(data); }
  std::int64_t as_int() const { return std::get<std::int64_t>(data); }
  const std::string& as_string() const { return std::get<std::string>(data); }

  bool operator==(const Value& o) const { return data == o.data; }
  bool operator!=(const Value& o) const { return !(*this == o); }
};

// The text a person would write for a value: `none`, `true`, `42`, `Andy`.
std::string to_text(const Value& v);

// Reads a value from text the way --set and scenario files write it:
// integers, true/false, none; anything else is a string.
Value parse_value(const std::string& text);

}  // namespace arbiter
