// Start-up: how long `arbiter play stacks` takes to be ready for input. At a terminal
// (a pseudo-terminal here) that is the moment its first prompt appears; with piped input,
// the whole run with no input, from start to exit.
#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <pty.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>

#include "bench/bench.hpp"

namespace fs = std::filesystem;

namespace arbiter::bench {

namespace {

constexpr int kRuns = 15;  // the table shows the median run

const Target kTarget{100, false, "< 100 ms"};

// The child's side: a private HOME (so the REPL's history file is not the user's), no colour,
// a known terminal type.
[[noreturn]] void exec_arbiter(const std::string& arbiter, const std::string& home) {
  setenv("HOME", home.c_str(), 1);
  setenv("NO_COLOR", "1", 1);
  setenv("TERM", "xterm", 1);
  execl(arbiter.c_str(), "arbiter", "play", "stacks", "--seed", "1", static_cast<char*>(nullptr));
  _exit(127);
}

// Waits for `pid` to exit, ending it if it has not within two seconds.
void reap(pid_t pid) {
  auto start = Clock::now();
  int status = 0;
  while (waitpid(pid, &status, WNOHANG) == 0) {
    if (seconds_since(start) > 2) {
      kill(pid, SIGKILL);
      waitpid(pid, &status, 0);
      return;
    }
    usleep(1000);
  }
}

// Whether the terminal's output so far ends in a prompt: "Andy> " after the last line break.
bool ends_in_prompt(const std::string& out) {
  std::size_t line = out.find_last_of("\r\n");
  std::string last = line == std::string::npos ? out : out.substr(line + 1);
  return last.find("> ") != std::string::npos;
}

// Milliseconds from fork to the first prompt on a pseudo-terminal; -1 if none came in 5 s.
double time_to_prompt(const std::string& arbiter, const std::string& home) {
  struct winsize size {};
  size.ws_row = 40, size.ws_col = 120;
  int master = -1;
  auto start = Clock::now();
  pid_t pid = forkpty(&master, nullptr, nullptr, &size);
  if (pid < 0) throw std::runtime_error("cannot open a pseudo-terminal");
  if (pid == 0) exec_arbiter(arbiter, home);
  std::string out;
  double ms = -1;
  char buf[4096];
  while (seconds_since(start) < 5) {
    pollfd p{master, POLLIN, 0};
    if (poll(&p, 1, 100) <= 0) continue;
    ssize_t n = read(master, buf, sizeof buf);
    if (n <= 0) break;  // the child is gone
    out.append(buf, static_cast<std::size_t>(n));
    if (ends_in_prompt(out)) {
      ms = seconds_since(start) * 1000;
      break;
    }
  }
  if (write(master, ":quit\n", 6) < 0) {}  // the child may be gone already
  reap(pid);
  close(master);
  return ms;
}

// Milliseconds from fork to exit of a piped run with no input (it sets up, prints the
// narration up to the human's first turn, reads end of input and leaves).
double time_piped(const std::string& arbiter, const std::string& home) {
  auto start = Clock::now();
  pid_t pid = fork();
  if (pid < 0) throw std::runtime_error("cannot fork");
  if (pid == 0) {
    int null = open("/dev/null", O_RDWR);
    dup2(null, 0), dup2(null, 1), dup2(null, 2);
    exec_arbiter(arbiter, home);
  }
  int status = 0;
  waitpid(pid, &status, 0);
  double ms = seconds_since(start) * 1000;
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    throw std::runtime_error(fmt::format("{} play stacks </dev/null failed (status {})", arbiter, status));
  return ms;
}

Row run(const char* measure, const std::optional<Target>& target,
        double (*once)(const std::string&, const std::string&), const Options& o, const std::string& home) {
  Row row{measure, "stacks", 3, "", 0, target, false};
  std::vector<double> ms;
  for (int i = 0; i < kRuns; ++i) {
    double t = once(o.arbiter, home);
    if (t < 0) throw std::runtime_error("no prompt within 5 s");
    ms.push_back(t);
  }
  auto [lo, hi] = std::minmax_element(ms.begin(), ms.end());
  row.value = median(ms);
  row.result = fmt::format("{:.1f} ms ({:.1f} to {:.1f})", row.value, *lo, *hi);
  return row;
}

}  // namespace

std::vector<Row> bench_startup(const Options& o) {
  std::vector<Row> rows;
  if (!fs::exists(o.arbiter)) {
    rows.push_back(
        {"start to first prompt", "stacks", 3, "error: no arbiter at " + o.arbiter, 0, kTarget, true});
    return rows;
  }
  std::string home = (fs::temp_directory_path() / fmt::format("arbiter-bench-{}", getpid())).string();
  fs::create_directories(home);
  struct Entry {
    const char* measure;
    std::optional<Target> target;
    double (*once)(const std::string&, const std::string&);
  };
  for (const Entry& e : {Entry{"start to first prompt (terminal)", kTarget, time_to_prompt},
                         Entry{"start to exit (piped, no input)", std::nullopt, time_piped}}) {
    try {
      rows.push_back(run(e.measure, e.target, e.once, o, home));
    } catch (const std::exception& ex) {
      rows.push_back({e.measure, "stacks", 3, std::string("error: ") + ex.what(), 0, e.target, true});
    }
  }
  fs::remove_all(home);
  return rows;
}

}  // namespace arbiter::bench
