// Reading commands: libedit (BSD licence) with history and Tab completion on a terminal,
// plain line-by-line reading otherwise.
#pragma once
#include <string>
#include <vector>

namespace arbiter::cli {

class LineEditor {
 public:
  explicit LineEditor(bool interactive);
  ~LineEditor();
  enum class Read { Line, End, Cancelled, Refused, Woken };
  // Reads one line (without its newline): Line; End at the end of input (Ctrl-D); Cancelled
  // when Ctrl-C was pressed (cli/interrupt.hpp), the line typed so far dropped; Refused for
  // a line too long or not text (cli/input_line.hpp), which refusal() then explains; Woken
  // when the wake file descriptor became readable at a terminal (the line typed so far is
  // typed again at the next read).
  Read read(const std::string& prompt, std::string& line);
  const std::string& refusal() const { return refusal_; }
  // What Tab completes: whole action texts (completed a word at a time) and meta commands.
  void set_completions(std::vector<std::string> completions);
  // A file descriptor that ends the read at a terminal when it becomes readable (-1: none):
  // `arbiter join` redraws the prompt when the server sends news. It is not drained here.
  void set_wake_fd(int fd);

 private:
  bool interactive_;
  std::string history_file_;
  std::string refusal_;
};

}  // namespace arbiter::cli
