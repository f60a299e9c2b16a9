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
  // Reads one line (without its newline); false at the end of input.
  bool read(const std::string& prompt, std::string& line);
  // What Tab completes: whole action texts (completed a word at a time) and meta commands.
  void set_completions(std::vector<std::string> completions);

 private:
  bool interactive_;
  std::string history_file_;
};

}  // namespace arbiter::cli
