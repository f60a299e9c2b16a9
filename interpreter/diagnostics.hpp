// Errors that say where: a file with line and column, and "did you mean" for unknown names.
#pragma once
#include <stdexcept>
#include <string>
#include <vector>

namespace arbiter {

// An error in an input file (game.yaml, a scenario, a save). `what()` is the whole
// message, already prefixed with `file:line:column:` when the place is known.
class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// `file:line:column: message` (line and column 1-based; 0 leaves them out).
std::string located(const std::string& file, int line, int column, const std::string& message);

// How many letters must be inserted, removed or changed to turn `a` into `b` (case aside).
std::size_t edit_distance(const std::string& a, const std::string& b);
// The closest of `choices` to `name`, or "" when none is close enough to suggest.
std::string closest(const std::string& name, const std::vector<std::string>& choices);

// ` (did you mean 'x'?)` or "" — ready to append to an "unknown ..." message.
std::string did_you_mean(const std::string& name, const std::vector<std::string>& choices);

// `a / b / c`: the items with `sep` between each two.
std::string join(const std::vector<std::string>& items, const std::string& sep);

// `a, b or c`, for messages that list what is allowed.
std::string join_choices(const std::vector<std::string>& choices, const std::string& last_sep = " or ");

}  // namespace arbiter
