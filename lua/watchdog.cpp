// See watchdog.hpp. One detached thread for the whole process, started with the first
// watched state (in a forked child, again); a real-time signal carries its verdict to the
// thread running the call.
#include "lua/watchdog.hpp"

#include <signal.h>
#include <time.h>
#include <unistd.h>

#include <chrono>
#include <string>
#include <mutex>
#include <thread>
#include <vector>

#include "runtime/rescue.hpp"
#include "runtime/visible_text.hpp"

namespace arbiter {

namespace {

constexpr auto kTick = std::chrono::milliseconds(20);

// The call in progress on this thread, for the signal handler.
thread_local Watch* t_current = nullptr;

// Never destroyed: the detached watchdog may still look at it while the process exits.
struct Registry {
  std::mutex mutex;
  std::vector<Watch*> watches;
};
Registry& registry() {
  static auto* r = new Registry;
  return *r;
}

int hook_signal() { return SIGRTMIN + 1; }

// Runs on the thread that makes the call, between two of its instructions (or inside a C
// function it called): lua_sethook is made to be called from a signal handler.
void on_signal(int) {
  Watch* w = t_current;
  if (!w || !(w->serial.load(std::memory_order_relaxed) & 1)) return;
  // A killed call is stopped at its very next instruction: between two instructions it may
  // spend seconds in one C function (table.insert into a long list), and a thousand of them.
  bool killed = w->killed.load(std::memory_order_relaxed) != Kill::None;
  if (w->hooked.load(std::memory_order_relaxed) && !killed) return;
  lua_sethook(w->L, w->hook, LUA_MASKCOUNT, killed ? 1 : w->hook_every);
  w->hooked.store(true, std::memory_order_relaxed);
}

// A killed call that did not end: it is inside one C function that will not return soon
// (none is known: see watchdog.hpp). The process cannot take the thread back, so it says
// why and ends (exit status 1).
[[noreturn]] void give_up(const Watch& w) {
  std::string message = std::string("arbiter: ") + visible_text(w.where) + ": " + w.hook_name.load() +
                        "() ran past its time limit (" + std::to_string(w.cpu_limit.count()) +
                        " ms) inside a C function of Lua's and could not be stopped; Arbiter stops here.\n";
  message += write_rescue();
  ssize_t ignored = write(2, message.data(), message.size());
  (void)ignored;
  _exit(1);
}

// How long the call has run on its thread's CPU clock, from the tick that first saw it
// (plus that tick): on a loaded machine, or with more workers than cores, a call waiting
// for a core is not running, and the verdict must not depend on the load.
std::chrono::nanoseconds cpu_time_running(Watch& w) {
  timespec now{};
  if (w.ticks == 1) {
    w.cpu_known = pthread_getcpuclockid(w.thread.load(std::memory_order_relaxed), &w.cpu_clock) == 0 &&
                  clock_gettime(w.cpu_clock, &now) == 0;
    w.cpu_start = std::chrono::seconds(now.tv_sec) + std::chrono::nanoseconds(now.tv_nsec);
  }
  if (!w.cpu_known || clock_gettime(w.cpu_clock, &now) != 0) return kTick * w.ticks;
  return std::chrono::seconds(now.tv_sec) + std::chrono::nanoseconds(now.tv_nsec) - w.cpu_start + kTick;
}

[[noreturn]] void watchdog() {
  for (;;) {
    std::this_thread::sleep_for(kTick);
    std::lock_guard lock(registry().mutex);
    for (Watch* w : registry().watches) {
      std::uint64_t serial = w->serial.load(std::memory_order_acquire);
      bool running = (serial & 1) && serial == w->last_seen;
      w->ticks = running ? w->ticks + 1 : 0;
      w->last_seen = serial;
      if (!running) continue;
      auto ran = cpu_time_running(*w);
      if (ran >= w->cpu_limit + kStuckGrace) give_up(*w);
      if (ran >= w->cpu_limit && w->killed.load(std::memory_order_relaxed) == Kill::None)
        kill_call(w, Kill::CpuTime);
      else if (!w->hooked.load(std::memory_order_relaxed))
        pthread_kill(w->thread.load(std::memory_order_relaxed), hook_signal());
    }
  }
}

// Whether this process has its watchdog thread. A process forked from one that had (an
// `arbiter mutate` worker forked by a test) has not: the fork handlers below make the child
// start its own with its first watched state, with an empty, unlocked registry.
std::mutex& start_mutex() {
  static auto* m = new std::mutex;
  return *m;
}
bool g_started = false;

void before_fork() {
  start_mutex().lock();
  registry().mutex.lock();
}
void after_fork_in_parent() {
  registry().mutex.unlock();
  start_mutex().unlock();
}
void after_fork_in_child() {
  registry().watches.clear();  // the parent's states; the child's thread starts afresh
  g_started = false;
  registry().mutex.unlock();
  start_mutex().unlock();
}

void start_once() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction action = {};
    action.sa_handler = on_signal;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    sigaction(hook_signal(), &action, nullptr);
    pthread_atfork(before_fork, after_fork_in_parent, after_fork_in_child);
  });
  std::lock_guard lock(start_mutex());
  if (g_started) return;
  std::thread(watchdog).detach();
  g_started = true;
}

}  // namespace

void watch(Watch* w) {
  start_once();
  std::lock_guard lock(registry().mutex);
  registry().watches.push_back(w);
}

void unwatch(Watch* w) {
  std::lock_guard lock(registry().mutex);
  auto& all = registry().watches;
  for (std::size_t i = 0; i < all.size(); ++i)
    if (all[i] == w) all.erase(all.begin() + static_cast<long>(i)), --i;
}

// Only the thread that makes the calls writes `serial` (the watchdog reads it), so a
// load and a release store do: a locked read-modify-write would be a full barrier at
// every hook call of a playout.
static void step_serial(Watch* w) {
  w->serial.store(w->serial.load(std::memory_order_relaxed) + 1, std::memory_order_release);
}

void call_begins(Watch* w, const char* hook) {
  t_current = w;
  w->hook_name.store(hook, std::memory_order_relaxed);
  w->killed.store(Kill::None, std::memory_order_relaxed);
  w->thread.store(pthread_self(), std::memory_order_relaxed);
  step_serial(w);
}

void call_ends(Watch* w) {
  step_serial(w);
  std::atomic_signal_fence(std::memory_order_seq_cst);
  t_current = nullptr;
  if (w->hooked.load(std::memory_order_relaxed)) {
    lua_sethook(w->L, nullptr, 0, 0);
    w->hooked.store(false, std::memory_order_relaxed);
  }
}

void kill_call(Watch* w, Kill why) {
  Kill none = Kill::None;
  w->killed.compare_exchange_strong(none, why, std::memory_order_relaxed);
  if (pthread_equal(w->thread.load(std::memory_order_relaxed), pthread_self())) on_signal(0);
  else pthread_kill(w->thread.load(std::memory_order_relaxed), hook_signal());
}

}  // namespace arbiter
