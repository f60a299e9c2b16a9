// The libedit binding: its readline-compatible interface, with word-by-word completion
// of multi-word actions.
#include "cli/terminal/line_editor.hpp"

#include "cli/terminal/input_line.hpp"
#include "cli/terminal/interrupt.hpp"
#include "present/output.hpp"

#include <editline/readline.h>
#include <poll.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <set>

#include "runtime/visible_text.hpp"

namespace arbiter::cli {

using namespace arbiter::present;

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

// libedit keeps all that is typed (or pasted) into one line, however long. Its keys come
// through here instead: past kMaxInputLine bytes in one line, the rest of the line is read
// and dropped up to Enter, which is handed on, and the line is then refused.
std::uint64_t g_typed = 0;  // bytes typed into the line being read
bool g_too_long = false;

int g_wake_fd = -1;        // set_wake_fd
bool g_woken = false;      // the read ends because g_wake_fd became readable
std::string g_typed_so_far;  // the line as it was then, typed again at the next read
// The line as typed key by key: plain typing and Backspace are followed; after any other key
// (an arrow, Tab, a control key) it is not known. It stands in when libedit's own line cannot
// be had (below).
std::string g_shadow;
bool g_shadow_known = true;

// libedit's rl_line_buffer is brought up to date only when a key bound to a function of ours
// runs. So a wake-up is handed to libedit as this key (Ctrl-^, which no default binding needs),
// and its function keeps the line as libedit holds it, completions and edits included.
constexpr int kWakeKey = 0x1e;

bool plain_text(const std::string& s) {
  for (unsigned char c : s)
    if (c < 0x20 || c == 0x7f) return false;
  return true;
}

int keep_line_at_wake(int, int) {
  if (!g_woken) return 0;  // typed by hand: nothing to do
  std::string line = rl_line_buffer && rl_end > 0 ? std::string(rl_line_buffer, rl_end) : std::string();
  // A line with a control character in it (typed after Ctrl-V) is not typed again: its keys would be
  // commands.
  g_typed_so_far = plain_text(line) ? line : g_shadow_known ? g_shadow : "";
  return 0;
}

void follow_key(unsigned char c) {
  if (c == 0x7f || c == 0x08) {  // Backspace: the last character, all its UTF-8 bytes
    while (!g_shadow.empty() && (static_cast<unsigned char>(g_shadow.back()) & 0xC0) == 0x80)
      g_shadow.pop_back();
    if (!g_shadow.empty()) g_shadow.pop_back();
  } else if (c >= 0x20) {
    g_shadow.push_back(static_cast<char>(c));
  } else {
    g_shadow_known = false;
  }
}

// Whether a key may be read from `fd` now: false when Ctrl-C was pressed, even before the
// wait began (the signal's wake-up byte is then already in interrupt_fd()), or when the wake
// file descriptor is readable.
bool wait_for_key(int fd) {
  for (;;) {
    if (interrupt_pending()) return false;
    pollfd fds[3] = {{fd, POLLIN, 0}, {interrupt_fd(), POLLIN, 0}, {g_wake_fd, POLLIN, 0}};
    int n = poll(fds, 3, -1);  // a negative descriptor is left out by poll
    if (n < 0 && errno != EINTR) return true;  // the read says what is wrong
    if (n > 0 && fds[1].revents) drain_interrupt_fd();
    if (n > 0 && fds[2].revents) {
      g_woken = true;
      g_typed_so_far = g_shadow_known ? g_shadow : "";
      return false;
    }
    if (n > 0 && fds[0].revents) return !interrupt_pending();
  }
}

int bounded_getc(FILE* stream) {
  if (g_woken) return EOF;  // kWakeKey was handed on: the read ends
  // The line typed before a wake-up is typed again, as keys, into the new prompt.
  if (!g_typed_so_far.empty()) {
    unsigned char c = static_cast<unsigned char>(g_typed_so_far.front());
    g_typed_so_far.erase(0, 1);
    follow_key(c);
    return c;
  }
  for (;;) {
    unsigned char c;
    if (!wait_for_key(fileno(stream))) return g_woken ? kWakeKey : EOF;
    ssize_t n = ::read(fileno(stream), &c, 1);
    if (n == 0) return EOF;
    // Ctrl-C ends the read (the line is cancelled); another signal (a resized window) does not.
    if (n < 0) {
      if (errno == EINTR && !interrupt_pending()) continue;
      return EOF;
    }
    if (c == '\r' || c == '\n') return c;
    if (++g_typed > kMaxInputLine) {
      g_too_long = true;
      continue;
    }
    follow_key(c);
    return c;
  }
}

}  // namespace

LineEditor::LineEditor(bool interactive) : interactive_(interactive) {
  if (!interactive_) return;
  rl_getc_function = bounded_getc;  // before libedit sets itself up (using_history does): it is read then
  using_history();
  rl_attempted_completion_function = complete;
  rl_add_defun("arbiter-keep-line", keep_line_at_wake, kWakeKey);
  if (const char* home = std::getenv("HOME")) {
    history_file_ = std::string(home) + "/.arbiter_history";
    read_history(history_file_.c_str());
    for (int i = 0; i < history_length; ++i)
      if (HIST_ENTRY* e = history_get(history_base + i)) shared_.push_back(e->line);
    from_file_ = shared_.size();
  }
}

LineEditor::~LineEditor() {
  if (!interactive_ || history_file_.empty() || !keep_file_) return;
  use_history(-1);
  write_history(history_file_.c_str());
}

// libedit keeps one history: switching refills it from the seat's own list. A seat starts
// with what the file held, which no one at this table typed.
void LineEditor::use_history(int seat) {
  if (!interactive_ || seat == history_seat_) return;
  history_seat_ = seat;
  auto found = seats_.find(seat);
  if (seat >= 0 && found == seats_.end())
    found =
        seats_.emplace(seat, std::vector<std::string>(shared_.begin(), shared_.begin() + from_file_)).first;
  const std::vector<std::string>& lines = seat < 0 ? shared_ : found->second;
  clear_history();
  for (const std::string& line : lines) add_history(line.c_str());
}

LineEditor::Read LineEditor::read(const std::string& prompt, std::string& line) {
  refusal_.clear();
  if (!interactive_) {
    InputLine got;
    if (!read_input_line(std::cin, got)) return Read::End;
    if (!got.refusal.empty()) {
      refusal_ = std::move(got.refusal);
      return Read::Refused;
    }
    line = std::move(got.text);
    return Read::Line;
  }
  if (take_interrupt())
    return Read::Cancelled;  // pressed between prompts (a bot's Ctrl-C is taken by the REPL)
  g_typed = 0;
  g_too_long = false;
  g_woken = false;
  g_shadow.clear(), g_shadow_known = true;
  // What was printed is on the screen before the prompt waits, also through a pipe (`| tee`).
  flush_out();
  // libedit writes the prompt itself: it passes the sink's form (a seat's name is outside text).
  // With output that is not a terminal it writes none (and leaves the typing to the terminal):
  // the prompt goes then with the output, after what it follows.
  bool own_prompt = !isatty(STDOUT_FILENO);
  if (own_prompt) write_out(prompt), flush_out();
  char* raw = readline(own_prompt ? "" : terminal_text(prompt).c_str());
  if (take_interrupt()) {
    std::free(raw);
    g_typed_so_far.clear();
    return Read::Cancelled;
  }
  if (g_woken) {
    std::free(raw);
    return Read::Woken;
  }
  if (!raw) return Read::End;
  line = raw;
  std::free(raw);
  if (g_too_long) {
    refusal_ = too_long_line(g_typed);
    line.clear();
    return Read::Refused;
  }
  if (!line.empty()) {
    add_history(line.c_str());
    shared_.push_back(line);
    if (history_seat_ >= 0) seats_[history_seat_].push_back(line);
  }
  return Read::Line;
}

// libedit lists and inserts the candidates itself, so they are kept in their visible form:
// an action with an ESC in it is listed as `\e`, and typed back so it is refused, not run.
void LineEditor::set_completions(std::vector<std::string> completions) {
  for (auto& c : completions) c = visible_text(c);
  g_completions = std::move(completions);
}

void LineEditor::set_wake_fd(int fd) { g_wake_fd = fd; }

}  // namespace arbiter::cli
