// Side by side with the pure-Lua Stack Nabbit program (--reference-nabbit FILE): it runs as
// a child process, `lua5.4 FILE N 4 SEED --style zones`, in the same slices as Arbiter's
// Stack Nabbit 4p playouts. Its rate is N over the child's CPU time (user + system, from
// wait4), not what it prints: its own clock leaves out Lua's start-up and whatever it does
// around its loop. Its printout is kept only as a cross-check.
#include <fcntl.h>
#include <fmt/format.h>
#include <poll.h>
#include <signal.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstring>

#include "bench/bench.hpp"

extern char** environ;

namespace arbiter::bench {

namespace {

constexpr const char* kLua = "lua5.4";
constexpr long long kFirstGames = 200;     // the warm-up's first run, before the rate is known
constexpr std::size_t kMaxOutput = 65536;  // more than the program prints; the rest is dropped
constexpr double kMaxWallSeconds = 60;     // a child still running then is ended

struct ChildRun {
  std::string error;      // non-empty: it could not run, or did not exit with status 0
  std::string output;     // its stdout and stderr, interleaved
  double cpu_seconds = 0;
};

// Reads the child's output until it closes it; false when the child outlived the deadline.
bool read_output(int fd, std::string& out) {
  auto start = Clock::now();
  char buf[4096];
  while (seconds_since(start) < kMaxWallSeconds) {
    pollfd p{fd, POLLIN, 0};
    if (poll(&p, 1, 200) <= 0) continue;
    ssize_t n = read(fd, buf, sizeof buf);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) return true;
    if (out.size() < kMaxOutput) out.append(buf, static_cast<std::size_t>(n));
  }
  return false;
}

// Runs `argv` (no shell: the program is looked up in PATH) with its output in a pipe, and
// reaps it with wait4 for the CPU time of that one child.
ChildRun run_child(const std::vector<std::string>& args) {
  ChildRun run;
  std::vector<char*> argv;
  for (const auto& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  int fds[2];
  if (pipe2(fds, O_CLOEXEC) != 0) {
    run.error = std::string("cannot make a pipe: ") + std::strerror(errno);
    return run;
  }
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_adddup2(&actions, fds[1], 1);
  posix_spawn_file_actions_adddup2(&actions, fds[1], 2);
  pid_t pid = 0;
  int failed = posix_spawnp(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  close(fds[1]);
  if (failed != 0) {
    close(fds[0]);
    run.error = fmt::format("cannot run {}: {}", args[0], std::strerror(failed));
    if (failed == ENOENT) run.error += fmt::format(" (not in PATH; apt-get install {})", args[0]);
    return run;
  }
  bool finished = read_output(fds[0], run.output);
  close(fds[0]);
  if (!finished) kill(pid, SIGKILL);
  int status = 0;
  rusage usage{};
  while (wait4(pid, &status, 0, &usage) < 0 && errno == EINTR) {}
  run.cpu_seconds = static_cast<double>(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) +
                    static_cast<double>(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) * 1e-6;
  if (!finished) run.error = fmt::format("still running after {:.0f} s; ended", kMaxWallSeconds);
  else if (!WIFEXITED(status) || WEXITSTATUS(status) != 0) {
    std::string first = run.output.substr(0, run.output.find('\n'));
    run.error = WIFEXITED(status) ? fmt::format("exited with status {}", WEXITSTATUS(status))
                                  : fmt::format("ended by signal {}", WTERMSIG(status));
    if (!first.empty()) run.error += ": " + first;
  }
  return run;
}

// The value of the first line of `out` that starts with `key=`, or "".
std::string printed(const std::string& out, const std::string& key) {
  std::string prefix = key + "=";
  for (std::size_t line = 0; line < out.size();) {
    std::size_t end = std::min(out.find('\n', line), out.size());
    if (out.compare(line, prefix.size(), prefix) == 0)
      return out.substr(line + prefix.size(), end - line - prefix.size());
    line = end + 1;
  }
  return "";
}

// `games=N` somewhere in its first line, as the program prints it.
bool played(const std::string& out, long long games) {
  std::string first = out.substr(0, out.find('\n'));
  return (" " + first + " ").find(fmt::format(" games={} ", games)) != std::string::npos;
}

// One child run of `r.games` games; its rate, or an error in `r.error`.
double run_once(ReferenceRun& r, double& own) {
  std::uint64_t seed = r.seed++;
  ChildRun c =
      run_child({kLua, r.file, std::to_string(r.games), "4", std::to_string(seed), "--style", "zones"});
  std::string what = fmt::format("{} {} {} 4 {} --style zones", kLua, r.file, r.games, seed);
  if (!c.error.empty()) {
    r.error = what + ": " + c.error;
    return 0;
  }
  std::string rate = printed(c.output, "games_per_s");
  if (rate.empty() || !played(c.output, r.games))
    return r.error = what + ": printed no `games=" + std::to_string(r.games) +
                     "` and `games_per_s=` lines; is it the Stack Nabbit reference program (nabbit.lua)?", 0;
  if (c.cpu_seconds <= 0) {
    r.error = what + ": took no measurable CPU time; more games a run are needed";
    return 0;
  }
  own = std::atof(rate.c_str());
  return static_cast<double>(r.games) / c.cpu_seconds;
}

}  // namespace

void reference_slice(ReferenceRun& r, double budget, bool record) {
  if (!r.error.empty()) return;
  if (!record) {
    // Two runs: the first gives a rough rate, the second (with N from it) a good one; N is
    // then fixed, so that every recorded run plays the same number of games.
    double own = 0;
    r.games = kFirstGames;
    for (int i = 0; i < 2 && r.error.empty(); ++i) {
      double rate = run_once(r, own);
      r.games = std::max(kFirstGames, static_cast<long long>(std::llround(rate * budget)));
    }
    return;
  }
  double own = 0;
  double rate = run_once(r, own);
  if (!r.error.empty()) return;
  r.rates.push_back(rate);
  r.own.push_back(own);
}

std::vector<Row> reference_rows(const ReferenceRun& r, double nabbit, const std::string& nabbit_error) {
  // The ratio as shown, to two decimals: a row that shows 1.50× meets "within 1.5×".
  const Target target{1.5 + 1e-9, false, "≤ 1.5× slower"};
  Row own{"pure Lua zones (reference)", "stack-nabbit", 4, "", 0, std::nullopt, false};
  Row ratio{"Stack Nabbit 4p vs pure Lua zones", "stack-nabbit", 4, "", 0, target, false};
  if (!r.error.empty()) {
    own.result = "error: " + r.error, own.failed = true;
    return {own};
  }
  auto [lo, hi] = std::minmax_element(r.rates.begin(), r.rates.end());
  own.value = median(r.rates);
  own.result = fmt::format("{} games/s (±{:.0f}%; {} games a run; by its own clock {})", grouped(own.value),
                           50 * (*hi - *lo) / own.value, grouped(static_cast<double>(r.games)),
                           grouped(median(r.own)));
  if (!nabbit_error.empty() || nabbit <= 0) {
    ratio.result = "error: Arbiter's Stack Nabbit 4p was not measured: " + nabbit_error, ratio.failed = true;
    return {own, ratio};
  }
  double x = own.value / nabbit;
  ratio.value = std::round(x * 100) / 100;
  ratio.result = x >= 1 ? fmt::format("{:.2f}× slower", x) : fmt::format("{:.2f}× faster", 1 / x);
  return {own, ratio};
}

}  // namespace arbiter::bench
