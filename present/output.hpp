// The one way the `arbiter` command writes to standard output and standard error. Every
// byte passes one sink, which shows outside text harmlessly (runtime/visible_text.hpp:
// ESC as `\e`, C0 and C1 controls as `\xNN`, bidi controls as `\uNNNN`, bytes that are not
// UTF-8 as U+FFFD) and records a write that failed, so that the command ends with status 1
// and says what could not be written (finish_output). Nothing else in cli/ prints
// (tests/output/one_sink.sh checks); libedit writes the prompt and the completions itself,
// and cli/terminal/line_editor.cpp hands it both in the sink's form.
//
// Arbiter's own terminal control (colour, clearing a line or the screen) and the names and
// narration it shows end up in one string, so the sink must tell them apart by something
// data cannot forge. control() wraps Arbiter's bytes in a marker holding a number drawn at
// random when the process starts; the sink turns a marker with that number back into the
// bytes, and shows every other ESC as `\e`. No outside text can hold the number: nothing
// hands it to a ruleset or writes it out (a marker leaves the process only as the bytes it
// stands for), and where colour is off (NO_COLOR, a pipe) style() makes no marker at all.
// Sanitizing each `{}` argument as it is formatted was the other way; it was not taken
// because the text is built in many steps (the table, a report, a wrapped line) before it
// is printed, and one step that forgot would leak. Here a forgotten step cannot: the sink
// sees every byte.
#pragma once
#include <fmt/format.h>

#include <string>
#include <string_view>
#include <utility>

namespace arbiter::present {

// Arbiter's own control bytes `raw` (an SGR colour, "\r", "\033[K"), as a marker the sink
// writes as `raw`. Shaped as an SGR sequence (ESC [ digits ; … m), so code that measures
// styled text, skipping ESC … m, counts it as no columns. Only for bytes Arbiter chooses:
// outside text in `raw` would pass unchanged.
std::string control(std::string_view raw);

// What the sink writes for `text`: markers as their bytes, the rest as visible_text, and
// without a UTF-8 locale the symbols Arbiter prints in ASCII (ascii_symbols).
std::string terminal_text(std::string_view text);

// Whether the locale (LC_ALL, else LC_CTYPE, else LANG, as POSIX reads them; none set is the
// C locale) is not UTF-8, so that a terminal may not show `—`, `▶` or `→`. Read once.
bool ascii_output();
// `text` with each non-ASCII symbol Arbiter's own messages use (`—` `–` `−` `…` `→` `▶` `·`
// `×` `∞` and the bar's blocks) written in ASCII (`-`, `...`, `->`, `>`, `, `, `x`, `inf`,
// `#`). The sink does it to everything it writes when ascii_output(), ruleset text
// included; other non-ASCII text is left as it is.
std::string ascii_symbols(std::string_view text);

// Standard output and standard error, through the sink. A failed write is recorded.
void write_out(std::string_view text);
void write_err(std::string_view text);
template <class... Args>
void print(fmt::format_string<Args...> format, Args&&... args) {
  write_out(fmt::format(format, std::forward<Args>(args)...));
}
template <class... Args>
void print_err(fmt::format_string<Args...> format, Args&&... args) {
  write_err(fmt::format(format, std::forward<Args>(args)...));
}
// Standard output written out now (narration as it happens, a JSON line). A failure is recorded.
void flush_out();
// Whether standard output failed: a write, a flush, or it was closed when Arbiter started.
bool output_failed();

// Called first in main: SIGPIPE ends the process quietly, as for other tools (`arbiter list
// | head -1`), and a standard stream closed by the caller is opened on /dev/null and marked
// closed, so that no file Arbiter opens takes its number and receives the output.
void init_output();
// Called last in main, with the command's status: standard output flushed and closed; if
// anything failed, a message on standard error naming it and the system's reason, and
// status 1 in place of 0. If standard error cannot be written either, the status is still 1.
int finish_output(int status, const std::string& command);

// Whether to colour what goes to `fd`: a terminal, TERM not "dumb" and NO_COLOR unset or empty.
bool color_enabled(int fd);
// `text` in the SGR style `code` ("1", "1;36") when `on`, else `text` as it is.
std::string style(const std::string& text, const char* code, bool on);

}  // namespace arbiter::present
