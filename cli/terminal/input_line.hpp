// One line of a person's or a program's input, read in bounded memory and time: the one
// reader behind piped play, the JSON door and (through a hook) libedit at a terminal.
#pragma once
#include <cstddef>
#include <cstdint>
#include <istream>
#include <string>

namespace arbiter::cli {

// The longest input line kept: longer than any action or JSON message. The rest of a longer
// line is read and dropped, so a line of gigabytes costs no memory (docs/limits.md).
inline constexpr std::size_t kMaxInputLine = 65536;
// A line that runs this long without a newline is not a line of text (`/dev/zero`, a binary
// file): reading stops there, where dropping the rest would go on for ever.
inline constexpr std::uint64_t kMaxLineRun = 64u << 20;

struct InputLine {
  std::string text;     // without its newline; at most kMaxInputLine bytes
  std::string refusal;  // why the line cannot be taken ("" when it can), naming the limit
  bool last = false;    // the line never ended: reading stops after it
};

// Reads the next line: false at the end of input. A line that is too long or holds a zero
// byte comes back with its refusal; after one that never ended, the input is at its end.
bool read_input_line(std::istream& in, InputLine& line);

// The refusal of a line of `length` bytes (more than kMaxInputLine), when it ended.
std::string too_long_line(std::uint64_t length);

}  // namespace arbiter::cli
