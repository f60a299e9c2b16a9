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

// Input quoted in a message: `'text'`, or, past kQuotedMax bytes, its start and its length
// (`'xxxx…' (20971520 bytes)`), so that a name of megabytes makes a message of one line.
inline constexpr std::size_t kQuotedMax = 64;
std::string quote(const std::string& text);
// The same cut without the quotes, for input echoed in a label: `xxxx… (20971520 bytes)`;
// past `longest` bytes rather than kQuotedMax where more is worth keeping.
std::string shortened(const std::string& text, std::size_t longest = kQuotedMax);

// What a caught exception tells a user: the message of Arbiter's own errors (InputError,
// RuleError), of a file-system error its path and the system's reason, and for anything
// else (a library's text: `std::vector`, `stoi`, `json.exception`) that an internal error
// stopped `doing`.
std::string user_message(const std::exception& e, const std::string& doing);

// How many letters must be inserted, removed or changed to turn `a` into `b` (case aside).
// Takes time in proportion to the product of the lengths.
std::size_t edit_distance(const std::string& a, const std::string& b);
// The closest of `choices` to `name`, or "" when none is close enough to suggest. Names over
// kSuggestMax bytes are not compared, and one search fills at most kSuggestWork cells of
// edit-distance tables, so that a long name or a long list costs a bounded time.
inline constexpr std::size_t kSuggestMax = 256;
inline constexpr std::size_t kSuggestWork = 4'000'000;
std::string closest(const std::string& name, const std::vector<std::string>& choices);

// ` (did you mean 'x'?)` or "" — ready to append to an "unknown ..." message.
std::string did_you_mean(const std::string& name, const std::vector<std::string>& choices);

// A script error raised while `seat` acted, as the other seats may read it: where it was
// raised (`rules.lua:14:`, from the first line of `message`), not what it says, since a
// ruleset's message may quote the action or name what only that seat sees.
std::string withheld_script_error(const std::string& message, const std::string& seat);
// The same for a script error no one seat's action caused (actions() listing every seat's
// options, a chance outcome's hook), shown to every seat of a game that hides something.
std::string withheld_rules_error(const std::string& message);

// `a / b / c`: the items with `sep` between each two.
std::string join(const std::vector<std::string>& items, const std::string& sep);

// `a, b or c`, for messages that list what is allowed.
std::string join_choices(const std::vector<std::string>& choices, const std::string& last_sep = " or ");

// `1 parameter`, `3 parameters`: a count and its noun, plural but for one (the noun's plural
// is the noun and an s).
std::string counted(long long n, const std::string& noun);
// How many players a game takes: `2 players`, `2 to 6 players`, `1 player`, `1 to 6 players`.
std::string player_range(int low, int high);

}  // namespace arbiter
