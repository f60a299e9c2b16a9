// Helpers for reading YAML files with located, collected errors: every problem in a file
// is reported at once, each as file:line:column, unknown keys with "did you mean".
#pragma once
#include <yaml-cpp/yaml.h>

#include <string>
#include <vector>

#include "runtime/limits.hpp"
#include "runtime/value.hpp"

namespace arbiter {


class YamlChecker {
 public:
  explicit YamlChecker(std::string file) : file_(std::move(file)) {}

  // Parses the file (or text, when given). A syntax error, a file that is not a regular file
  // or one over kMaxYamlBytes is recorded and a null node returned.
  YAML::Node load();
  YAML::Node load_text(const std::string& text);
  // For files that may hold several documents (scenario files): each document, in order.
  // Every other loader uses load(), where a second document is an error.
  std::vector<YAML::Node> load_documents();

  // Put after the place in every located error from now on (a scenario's "step 3: ").
  void context(std::string text) { context_ = std::move(text); }
  void error(const YAML::Node& at, const std::string& message);
  void error(const std::string& message);  // for the file as a whole
  bool ok() const { return errors_.empty(); }
  const std::vector<std::string>& errors() const { return errors_; }
  const std::string& file() const { return file_; }
  // Throws InputError with every recorded error, one per line, if there are any.
  void throw_if_errors() const;
  void absorb(const YamlChecker& other) {
    errors_.insert(errors_.end(), other.errors_.begin(), other.errors_.end());
  }
  std::string where(const YAML::Node& at) const;  // "file:line:column"

  // Records an error for each key of `map` not in `allowed`. False if `map` is not a map.
  bool keys(const YAML::Node& map, const std::vector<std::string>& allowed, const std::string& what);
  bool is_map(const YAML::Node& n, const std::string& what);
  bool is_list(const YAML::Node& n, const std::string& what);
  // Scalars: record an error and return the fallback when the node is of the wrong kind.
  std::string text(const YAML::Node& n, const std::string& what, const std::string& fallback = "");
  std::int64_t integer(const YAML::Node& n, const std::string& what, std::int64_t fallback = 0);
  // A whole number in low..high; out of range (or beyond 64 bits) is an error naming the range.
  std::int64_t integer(const YAML::Node& n, const std::string& what, std::int64_t low, std::int64_t high,
                       std::int64_t fallback);
  std::uint64_t unsigned_integer(const YAML::Node& n, const std::string& what,
                                 std::uint64_t fallback = 0);  // seeds
  bool boolean(const YAML::Node& n, const std::string& what, bool fallback = false);
  Value value(const YAML::Node& n, const std::string& what);  // a scalar of any kind
  // One of `choices`, with "did you mean" when not.
  std::string choice(const YAML::Node& n, const std::string& what, const std::vector<std::string>& choices);

 private:
  bool read(std::string& text);  // the file's text; false (with the error recorded) when it cannot be
  std::vector<YAML::Node> parse(const std::string& text, bool many);

  std::string file_;
  std::string context_;
  std::vector<std::string> errors_;
};

// A scalar node's value: integers, booleans and null by YAML's plain spelling, else a string.
// A quoted scalar is always a string ("4" stays "4").
Value scalar_value(const YAML::Node& n);

}  // namespace arbiter
