// Running mutants in worker processes (mutate_run.hpp). A worker is forked with the plan in
// its memory, runs its share of mutants on its threads, and reports each on a pipe:
//   B <passed> <seconds> <failure>   the unmutated suite (first, when asked for)
//   S <k>                            mutant k (an index into plan.chosen) begins
//   E <k> <verdict> <seconds> <by>   mutant k ends
// The parent never runs Lua. When a worker ends without finishing (a mutant stuck in a
// library call made the sandbox end the process, or the parent stopped one that ran past
// its time limit), the mutant it was running is counted as killed; when several were
// running, each is run again alone, so that the one to blame is known.
#include "authoring/mutate/run.hpp"

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>
#include <deque>
#include <map>
#include <mutex>
#include <set>
#include <sstream>
#include <thread>

#include "runtime/diagnostics.hpp"

namespace arbiter {

namespace {

using Clock = std::chrono::steady_clock;

// The worker's end of the pipe: whole lines, one writer at a time.
class RecordWriter {
 public:
  explicit RecordWriter(int fd) : fd_(fd) {}
  void write(std::string line) {
    std::replace(line.begin(), line.end(), '\n', ' ');
    line += '\n';
    std::lock_guard<std::mutex> lock(mutex_);
    for (std::size_t done = 0; done < line.size();) {
      ssize_t n = ::write(fd_, line.data() + done, line.size() - done);
      if (n < 0 && errno == EINTR) continue;
      if (n < 0) _exit(3);  // the parent is gone
      done += static_cast<std::size_t>(n);
    }
  }

 private:
  int fd_;
  std::mutex mutex_;
};

std::string record(const char* tag, std::size_t k, const MutantOutcome& r) {
  std::ostringstream out;
  out << tag << ' ' << k << ' ' << static_cast<int>(r.verdict) << ' ' << r.seconds << ' ' << r.by;
  return out.str();
}

// The scenarios without a mutant, on one shared load of the rules; when they fail so but
// pass loading the rules for each scenario, the rules keep something from game to game and
// every mutant is run that slower way (`o.fresh_rules` set). Reports `B <passed> <fresh>
// <seconds> <failure>`; false when they fail.
bool run_baseline(const MutationPlan& plan, MutateOptions& o, RecordWriter& out) {
  MutantOutcome b = evaluate_mutant(plan, nullptr, o);
  std::string shared_failure;
  if (b.verdict != MutantVerdict::Survived && !o.fresh_rules) {
    o.fresh_rules = true;
    MutantOutcome fresh = evaluate_mutant(plan, nullptr, o);
    if (fresh.verdict == MutantVerdict::Survived) shared_failure = b.by, b = fresh;
    else o.fresh_rules = false;
  }
  bool passed = b.verdict == MutantVerdict::Survived;
  std::ostringstream line;
  line << "B " << passed << ' ' << o.fresh_rules << ' ' << b.seconds << ' '
       << (passed ? shared_failure : b.by);
  out.write(line.str());
  return passed;
}

[[noreturn]] void worker(const MutationPlan& plan, const MutateOptions& o,
                         const std::vector<std::size_t>& jobs, int threads, bool baseline, int fd) {
  // The sandbox's last word on a stuck call, and a ruleset's print(), would break into the
  // parent's progress line: the parent reports such a mutant itself.
  int null = open("/dev/null", O_WRONLY);
  if (null >= 0) dup2(null, STDERR_FILENO);
  RecordWriter out(fd);
  MutateOptions options = o;
  if (baseline && !run_baseline(plan, options, out)) _exit(0);
  std::atomic<std::size_t> next{0};
  auto work = [&] {
    ScenarioCache cache;  // this thread's: the scenario files are parsed once
    for (std::size_t j = next++; j < jobs.size(); j = next++) {
      out.write("S " + std::to_string(jobs[j]));
      out.write(record("E", jobs[j],
                       evaluate_mutant(plan, &plan.candidates[plan.chosen[jobs[j]]], options, &cache)));
    }
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(work);
  work();
  for (auto& t : pool) t.join();
  _exit(0);
}

class Supervisor {
 public:
  Supervisor(const MutationPlan& plan, const MutateOptions& o, MutateResult& result)
      : plan_(plan), o_(o), result_(result), done_(plan.chosen.size(), false) {
    result_.outcomes.assign(plan.chosen.size(), {});
    for (std::size_t k = 0; k < plan.chosen.size(); ++k) queue_.push_back(k);
  }

  void run() {
    while (!baseline_known_ || !queue_.empty() || !suspects_.empty()) {
      bool solo = !suspects_.empty() && baseline_known_;
      std::vector<std::size_t> jobs;
      if (solo) jobs.swap(suspects_);
      else jobs.assign(queue_.begin(), queue_.end()), queue_.clear();
      int threads = solo ? 1 : std::max(1, std::min<int>(result_.threads, static_cast<int>(jobs.size())));
      run_worker(jobs, threads);
      if (baseline_known_ && !result_.baseline_passed) return;
    }
  }

 private:
  struct Worker {
    pid_t pid = -1;
    int fd = -1;
    std::string pending;                               // bytes read after the last whole line
    std::map<std::size_t, Clock::time_point> running;  // begun, not ended
    std::set<std::size_t> timed_out;
    bool progressed = false;
  };

  void run_worker(const std::vector<std::size_t>& jobs, int threads);
  void read_worker(Worker& w);
  void handle(Worker& w, const std::string& line);
  void check_time(Worker& w);
  void settle(Worker& w, const std::vector<std::size_t>& jobs, int status);
  double limit() const {
    return o_.time_limit > 0 ? o_.time_limit : mutant_time_limit(result_.baseline_seconds);
  }

  const MutationPlan& plan_;
  MutateOptions o_;  // fresh_rules is set when the baseline asks for it
  MutateResult& result_;
  std::vector<bool> done_;
  std::size_t done_count_ = 0;
  std::deque<std::size_t> queue_;
  std::vector<std::size_t> suspects_;
  bool baseline_known_ = false;
};

void Supervisor::run_worker(const std::vector<std::size_t>& jobs, int threads) {
  int fds[2];
  if (pipe(fds) != 0) throw InputError(std::string("mutate: cannot make a pipe: ") + std::strerror(errno));
  std::fflush(stdout);
  std::fflush(stderr);
  pid_t pid = fork();
  if (pid < 0)
    throw InputError(std::string("mutate: cannot start a worker process: ") + std::strerror(errno));
  if (pid == 0) {
    close(fds[0]);
    worker(plan_, o_, jobs, threads, !baseline_known_, fds[1]);
  }
  close(fds[1]);
  Worker w;
  w.pid = pid;
  w.fd = fds[0];
  read_worker(w);
  close(w.fd);
  int status = 0;
  while (waitpid(pid, &status, 0) < 0 && errno == EINTR) {}
  settle(w, jobs, status);
}

void Supervisor::read_worker(Worker& w) {
  char buffer[4096];
  for (;;) {
    pollfd p{w.fd, POLLIN, 0};
    int ready = poll(&p, 1, 200);
    if (ready < 0 && errno != EINTR) break;
    check_time(w);
    if (ready <= 0) continue;
    ssize_t n = read(w.fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;  // the worker has ended
    w.pending.append(buffer, static_cast<std::size_t>(n));
    for (std::size_t end; (end = w.pending.find('\n')) != std::string::npos;) {
      handle(w, w.pending.substr(0, end));
      w.pending.erase(0, end + 1);
    }
  }
}

void Supervisor::handle(Worker& w, const std::string& line) {
  std::istringstream in(line);
  char tag = 0;
  std::size_t k = 0;
  int verdict = 0;
  MutantOutcome r;
  in >> tag >> k;
  if (tag == 'S') {
    w.running[k] = Clock::now();
    return;
  }
  in >> verdict >> r.seconds;
  std::getline(in >> std::ws, r.by);
  r.verdict = static_cast<MutantVerdict>(verdict);
  if (tag == 'B') {
    baseline_known_ = true;
    result_.baseline_passed = k == 1;
    result_.fresh_rules = o_.fresh_rules = verdict == 1;
    (result_.baseline_passed ? result_.shared_failure : result_.baseline_failure) = r.by;
    result_.baseline_seconds = r.seconds;
  } else if (tag == 'E' && k < done_.size() && !done_[k]) {
    w.running.erase(k);
    w.progressed = true;
    result_.outcomes[k] = r;
    done_[k] = true;
    if (o_.progress) o_.progress(++done_count_, done_.size());
  }
}

// A mutant past its time limit is stopped with its worker: it is killed, and the others the
// worker was running are run again.
void Supervisor::check_time(Worker& w) {
  if (!baseline_known_ || !w.timed_out.empty()) return;
  double limit = this->limit();
  for (const auto& [k, start] : w.running)
    if (std::chrono::duration<double>(Clock::now() - start).count() > limit) w.timed_out.insert(k);
  if (!w.timed_out.empty()) kill(w.pid, SIGKILL);
}

void Supervisor::settle(Worker& w, const std::vector<std::size_t>& jobs, int status) {
  bool clean = WIFEXITED(status) && WEXITSTATUS(status) == 0;
  std::string how = WIFSIGNALED(status) ? "signal " + std::to_string(WTERMSIG(status))
                                        : "exit status " + std::to_string(WEXITSTATUS(status));
  if (!baseline_known_) {  // the unmutated ruleset ended the process
    baseline_known_ = true;
    result_.baseline_failure = "the unmutated ruleset's scenarios ended the worker process (" + how + ")";
    return;
  }
  auto finish = [&](std::size_t k, MutantVerdict v, std::string by) {
    result_.outcomes[k] = {v, std::move(by), 0};
    done_[k] = true;
    if (o_.progress) o_.progress(++done_count_, done_.size());
  };
  std::vector<std::size_t> blamed;
  for (const auto& [k, start] : w.running) {
    if (w.timed_out.count(k))
      finish(k, MutantVerdict::TimedOut, "stopped after " + std::to_string(limit()) + " s");
    else if (!clean && w.timed_out.empty() && w.running.size() == 1)
      finish(k, MutantVerdict::Crashed, "the worker process ended (" + how + ")");
    else if (!clean && w.timed_out.empty())
      blamed.push_back(k);
  }
  suspects_.insert(suspects_.end(), blamed.begin(), blamed.end());
  std::deque<std::size_t> again;
  for (std::size_t k : jobs)
    if (!done_[k] && std::find(blamed.begin(), blamed.end(), k) == blamed.end()) again.push_back(k);
  if (!clean && w.running.empty() && !w.progressed)
    throw InputError("mutate: a worker process ended (" + how + ") before it ran any mutant");
  queue_.insert(queue_.begin(), again.begin(), again.end());
}

}  // namespace

MutateResult run_mutants(const MutationPlan& plan, const MutateOptions& options) {
  MutateResult result;
  result.threads = options.threads > 0 ? options.threads
                                       : static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  result.threads = std::max(
      1, std::min<int>(result.threads, static_cast<int>(std::max<std::size_t>(1, plan.chosen.size()))));
  Supervisor(plan, options, result).run();
  return result;
}

}  // namespace arbiter
