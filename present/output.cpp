// The sink behind every write of the `arbiter` command (output.hpp says why it is built so).
#include "present/output.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <csignal>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <random>

#include "runtime/visible_text.hpp"

namespace arbiter::present {

namespace {

struct Stream {
  std::FILE* file;
  int fd;
  bool closed = false;         // closed when Arbiter started (now on /dev/null)
  std::atomic<int> error{0};   // the first failure's errno; 0: none

  void fail(int e) {
    int none = 0;
    error.compare_exchange_strong(none, e != 0 ? e : EIO);
  }
};

Stream& out_stream() {
  static Stream s{stdout, STDOUT_FILENO};
  return s;
}

Stream& err_stream() {
  static Stream s{stderr, STDERR_FILENO};
  return s;
}

// ESC [ and 18 decimal digits drawn when the process starts. A clock and the process id are
// mixed in should the system's random source fail: the number must only be unknown to the
// text Arbiter shows, which is written before the process exists or without seeing it.
const std::string& marker_prefix() {
  static const std::string prefix = [] {
    std::uint64_t n =
        static_cast<std::uint64_t>(std::chrono::steady_clock::now().time_since_epoch().count()) *
            0x9e3779b97f4a7c15ULL ^
        static_cast<std::uint64_t>(getpid());
    try {
      std::random_device device;
      n ^= (static_cast<std::uint64_t>(device()) << 32) ^ device();
    } catch (...) {
    }
    return fmt::format("\033[{:018}", n % 1000000000000000000ULL);
  }();
  return prefix;
}

// The bytes of the marker whose digits start at `at` (";27;91;109m"), and where it ends;
// 0 when the text there is not such a marker (then the ESC is data, shown as `\e`).
std::size_t decode_marker(std::string_view text, std::size_t at, std::string& bytes) {
  bytes.clear();
  while (at < text.size() && text[at] == ';') {
    unsigned value = 0;
    std::size_t digits = 0;
    for (++at; at < text.size() && digits < 3 && text[at] >= '0' && text[at] <= '9'; ++at, ++digits)
      value = value * 10 + static_cast<unsigned>(text[at] - '0');
    if (digits == 0 || value > 255) return 0;
    bytes += static_cast<char>(value);
  }
  return at < text.size() && text[at] == 'm' ? at + 1 : 0;
}

void write_to(Stream& s, std::string_view text) {
  if (s.closed) return s.fail(EBADF);
  std::string shown = terminal_text(text);
  if (!shown.empty() && std::fwrite(shown.data(), 1, shown.size(), s.file) != shown.size()) s.fail(errno);
}

// The file standard output goes to, for the message ("" for a pipe, a socket or a terminal's
// unknown name).
std::string path_of(int fd) {
  char path[4096];
  ssize_t n = readlink(("/proc/self/fd/" + std::to_string(fd)).c_str(), path, sizeof path - 1);
  if (n <= 0 || path[0] != '/') return "";
  return std::string(path, static_cast<std::size_t>(n));
}

}  // namespace

bool ascii_output() {
  static const bool ascii = [] {
    const char* locale = nullptr;
    for (const char* name : {"LC_ALL", "LC_CTYPE", "LANG"})
      if (const char* value = std::getenv(name); value && *value) {
        locale = value;
        break;
      }
    std::string upper = locale ? locale : "C";
    for (char& c : upper) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return upper.find("UTF-8") == std::string::npos && upper.find("UTF8") == std::string::npos;
  }();
  return ascii;
}

std::string ascii_symbols(std::string_view text) {
  // Longest first: " · " between two items reads as a comma, a lone `·` as a dash.
  static const std::pair<std::string_view, std::string_view> kSymbols[] = {
      {" \u00b7 ", ", "}, {"\u00b7", "-"}, {"\u2014", "-"}, {"\u2013", "-"}, {"\u2212", "-"},
      {"\u2026", "..."}, {"\u2192", "->"}, {"\u25b6", ">"}, {"\u00d7", "x"}, {"\u221e", "inf"},
      {"\u2588", "#"}, {"\u2589", "+"}, {"\u258a", "+"}, {"\u258b", "+"}, {"\u258c", "+"},
      {"\u258d", "+"}, {"\u258e", "+"}, {"\u258f", "+"}};
  std::string out;
  out.reserve(text.size());
  for (std::size_t at = 0; at < text.size();) {
    bool replaced = false;
    if (static_cast<unsigned char>(text[at]) >= 0x80 || text[at] == ' ')
      for (const auto& [symbol, ascii] : kSymbols)
        if (text.substr(at, symbol.size()) == symbol) {
          out += ascii, at += symbol.size(), replaced = true;
          break;
        }
    if (!replaced) out += text[at++];
  }
  return out;
}

std::string control(std::string_view raw) {
  std::string out = marker_prefix();
  for (unsigned char c : raw) out.append(";").append(std::to_string(c));
  return out + "m";
}

std::string terminal_text(std::string_view text) {
  const std::string& prefix = marker_prefix();
  std::string out, bytes;
  out.reserve(text.size());
  std::size_t shown = 0, search = 0;
  for (std::size_t at; (at = text.find(prefix, search)) != std::string_view::npos;) {
    std::size_t end = decode_marker(text, at + prefix.size(), bytes);
    if (end == 0) {
      search = at + 1;
      continue;
    }
    out += visible_text(text.substr(shown, at - shown));
    out += bytes;
    shown = search = end;
  }
  out += visible_text(text.substr(shown));
  return ascii_output() ? ascii_symbols(out) : out;
}

void write_out(std::string_view text) { write_to(out_stream(), text); }
void write_err(std::string_view text) { write_to(err_stream(), text); }

void flush_out() {
  if (!out_stream().closed && std::fflush(stdout) != 0) out_stream().fail(errno);
}

bool output_failed() { return out_stream().error.load() != 0; }

void init_output() {
  std::signal(SIGPIPE, SIG_DFL);
  sigset_t pipe;
  sigemptyset(&pipe);
  sigaddset(&pipe, SIGPIPE);
  sigprocmask(SIG_UNBLOCK, &pipe, nullptr);  // a mask is inherited: a blocked SIGPIPE would not end us
  for (int fd = STDIN_FILENO; fd <= STDERR_FILENO; ++fd) {
    if (fcntl(fd, F_GETFD) != -1 || errno != EBADF) continue;
    int null = open("/dev/null", fd == STDIN_FILENO ? O_RDONLY : O_WRONLY);
    if (null >= 0 && null != fd) dup2(null, fd), close(null);
    if (fd == STDOUT_FILENO) out_stream().closed = true;
    if (fd == STDERR_FILENO) err_stream().closed = true;
  }
}

int finish_output(int status, const std::string& command) {
  Stream& out = out_stream();
  std::string where = path_of(STDOUT_FILENO);
  if (!out.closed && std::fflush(stdout) != 0) out.fail(errno);
  if (std::fclose(stdout) != 0) out.fail(errno);  // a file system may report a failed write only here
  if (int error = out.error.load(); error != 0) {
    if (status == 0) status = 1;
    // A reader that went away (`| head -1`) is not told why it stopped reading.
    std::string why = out.closed ? "it was closed when arbiter started" : std::strerror(error);
    if (error != EPIPE)
      print_err("arbiter{}{}: cannot write to standard output{}: {}; the output is incomplete\n",
                command.empty() ? "" : " ", command, where.empty() || out.closed ? "" : " (" + where + ")",
                why);
  }
  Stream& err = err_stream();
  if (!err.closed && std::fflush(stderr) != 0) err.fail(errno);
  if (err.error.load() != 0 && status == 0) status = 1;
  return status;
}

bool color_enabled(int fd) {
  const char* nc = std::getenv("NO_COLOR");
  if (nc && *nc) return false;
  const char* term = std::getenv("TERM");
  if (term && std::string(term) == "dumb") return false;
  return isatty(fd);
}

// The codes are control() markers, not ESC itself: the sink shows every ESC that is not
// Arbiter's own as `\e` (present/output.hpp).
std::string style(const std::string& text, const char* code, bool on) {
  if (!on) return text;
  return control(std::string("\033[") + code + "m") + text + control("\033[0m");
}

}  // namespace arbiter::present
