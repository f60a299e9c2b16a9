// The libedit binding: its readline-compatible interface, with word-by-word completion
// of multi-word actions.
#include "cli/line_editor.hpp"

#include "cli/interrupt.hpp"
#include "cli/output.hpp"

#include <editline/readline.h>

#include <cstdlib>
#include <cstring>
#include <iostream>
#include <set>

#include "interpreter/visible_text.hpp"

namespace arbiter::cli {

namespace {

std::vector<std::string> g_completions;
std::vector<std::string> g_matches;

// The words that can follow what is typed before the cursor's word.
void collect_matches(const char* word) {
  g_matches.clear();
  std::string line(rl_line_buffer, rl_point);
  std::string before = line.substr(0, line.size() - std::strlen(word));
  std::set<std::string> seen;
  for (const auto& c : g_completions) {
    if (c.size() < before.size() || c.compare(0, before.size(), before) != 0) continue;
    std::string rest = c.substr(before.size());
    std::string next = rest.substr(0, rest.find(' '));
    if (next.compare(0, std::strlen(word), word) == 0 && seen.insert(next).second) g_matches.push_back(next);
  }
}

char* generator(const char* word, int state) {
  if (state == 0) collect_matches(word);
  if (static_cast<std::size_t>(state) >= g_matches.size()) return nullptr;
  return strdup(g_matches[state].c_str());
}

char** complete(const char* word, int, int) {
  rl_attempted_completion_over = 1;
  return rl_completion_matches(word, generator);
}

}  // namespace

LineEditor::LineEditor(bool interactive) : interactive_(interactive) {
  if (!interactive_) return;
  using_history();
  rl_attempted_completion_function = complete;
  if (const char* home = std::getenv("HOME")) {
    history_file_ = std::string(home) + "/.arbiter_history";
    read_history(history_file_.c_str());
  }
}

LineEditor::~LineEditor() {
  if (interactive_ && !history_file_.empty()) write_history(history_file_.c_str());
}

bool read_bounded_line(std::istream& in, std::string& line) {
  line.clear();
  std::istream::sentry ok(in, true);
  if (!ok) return false;
  std::streambuf* buffer = in.rdbuf();
  for (std::size_t taken = 0;; ++taken) {
    int c = buffer->sbumpc();
    if (c == std::char_traits<char>::eof()) {
      // As getline: a last line without its newline is still a line; nothing at all is the end.
      in.setstate(taken ? std::ios::eofbit : std::ios::eofbit | std::ios::failbit);
      return taken > 0;
    }
    if (c == '\n') return true;
    if (line.size() < kMaxInputLine) line += static_cast<char>(c);
  }
}

LineEditor::Read LineEditor::read(const std::string& prompt, std::string& line) {
  if (!interactive_) return read_bounded_line(std::cin, line) ? Read::Line : Read::End;
  if (take_interrupt()) return Read::Cancelled;  // pressed between prompts (a bot's Ctrl-C is taken by the REPL)
  // libedit writes the prompt itself: it passes the sink's form (a seat's name is outside text).
  char* raw = readline(terminal_text(prompt).c_str());
  if (take_interrupt()) {
    std::free(raw);
    return Read::Cancelled;
  }
  if (!raw) return Read::End;
  line = raw;
  std::free(raw);
  if (!line.empty()) add_history(line.c_str());
  return Read::Line;
}

// libedit lists and inserts the candidates itself, so they are kept in their visible form:
// an action with an ESC in it is listed as `\e`, and typed back so it is refused, not run.
void LineEditor::set_completions(std::vector<std::string> completions) {
  for (auto& c : completions) c = visible_text(c);
  g_completions = std::move(completions);
}

}  // namespace arbiter::cli
