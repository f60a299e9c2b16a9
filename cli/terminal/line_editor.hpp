// Reading commands: libedit (BSD licence) with history and Tab completion on a terminal,
// plain line-by-line reading otherwise.
#pragma once
#include <map>
#include <string>
#include <vector>

namespace arbiter::cli {

class LineEditor {
 public:
  explicit LineEditor(bool interactive);
  ~LineEditor();
  enum class Read { Line, End, Cancelled, Refused, Woken };
  // Reads one line (without its newline): Line; End at the end of input (Ctrl-D); Cancelled
  // when Ctrl-C was pressed (cli/terminal/interrupt.hpp), the line typed so far dropped; Refused for
  // a line too long or not text (cli/terminal/input_line.hpp), which refusal() then explains; Woken
  // when the wake file descriptor became readable at a terminal (the line typed so far is
  // typed again at the next read).
  Read read(const std::string& prompt, std::string& line);
  const std::string& refusal() const { return refusal_; }
  // What Tab completes: whole action texts (completed a word at a time) and meta commands.
  void set_completions(std::vector<std::string> completions);
  // A file descriptor that ends the read at a terminal when it becomes readable (-1: none):
  // `arbiter join` redraws the prompt when the server sends news. It is not drained here.
  void set_wake_fd(int fd);
  // Which history Up and Down walk: each seat of a hot-seat game has its own (what one
  // player typed is not a key away from the next); -1 is the shared one, where it starts.
  void use_history(int seat);
  // Off: the lines typed are not written to the history file (a hot-seat game with
  // hidden information, where they would tell a hand to whoever plays next).
  void keep_history_file(bool on) { keep_file_ = on; }

 private:
  bool interactive_;
  std::string history_file_;
  std::string refusal_;
  bool keep_file_ = true;
  int history_seat_ = -1;
  std::vector<std::string> shared_;                // the file's lines and every line typed
  std::size_t from_file_ = 0;                      // how many of shared_ the file held
  std::map<int, std::vector<std::string>> seats_;  // each seat's own, once use_history() named it
};

}  // namespace arbiter::cli
