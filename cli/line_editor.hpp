// Reading commands: libedit (BSD licence) with history and Tab completion on a terminal,
// plain line-by-line reading otherwise.
#pragma once
#include <cstddef>
#include <istream>
#include <string>
#include <vector>

namespace arbiter::cli {

// The longest input line kept: the rest of a longer line is read and dropped, so a line of
// gigabytes costs no memory (docs/limits.md). Longer than any action or JSON message.
inline constexpr std::size_t kMaxInputLine = 65536;

// std::getline, keeping at most kMaxInputLine bytes of the line.
bool read_bounded_line(std::istream& in, std::string& line);

class LineEditor {
 public:
  explicit LineEditor(bool interactive);
  ~LineEditor();
  enum class Read { Line, End, Cancelled };
  // Reads one line (without its newline): Line; End at the end of input (Ctrl-D); Cancelled
  // when Ctrl-C was pressed (cli/interrupt.hpp), the line typed so far dropped.
  Read read(const std::string& prompt, std::string& line);
  // What Tab completes: whole action texts (completed a word at a time) and meta commands.
  void set_completions(std::vector<std::string> completions);

 private:
  bool interactive_;
  std::string history_file_;
};

}  // namespace arbiter::cli
