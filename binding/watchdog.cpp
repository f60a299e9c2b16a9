// See watchdog.hpp. One detached thread for the whole process, started with the first
// watched state; a real-time signal carries its verdict to the thread running the call.
#include "binding/watchdog.hpp"

#include <signal.h>

#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

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
  if (!w || !(w->serial.load(std::memory_order_relaxed) & 1) || w->hooked.load(std::memory_order_relaxed)) return;
  lua_sethook(w->L, w->hook, LUA_MASKCOUNT, w->hook_every);
  w->hooked.store(true, std::memory_order_relaxed);
}

[[noreturn]] void watchdog() {
  for (;;) {
    std::this_thread::sleep_for(kTick);
    std::lock_guard lock(registry().mutex);
    for (Watch* w : registry().watches) {
      std::uint64_t serial = w->serial.load(std::memory_order_acquire);
      if ((serial & 1) && serial == w->last_seen && !w->hooked.load(std::memory_order_relaxed))
        pthread_kill(w->thread.load(std::memory_order_relaxed), hook_signal());
      w->last_seen = serial;
    }
  }
}

void start_once() {
  static std::once_flag once;
  std::call_once(once, [] {
    struct sigaction action = {};
    action.sa_handler = on_signal;
    action.sa_flags = SA_RESTART;
    sigemptyset(&action.sa_mask);
    sigaction(hook_signal(), &action, nullptr);
    std::thread(watchdog).detach();
  });
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

void call_begins(Watch* w) {
  t_current = w;
  w->thread.store(pthread_self(), std::memory_order_relaxed);
  w->serial.fetch_add(1, std::memory_order_release);
}

void call_ends(Watch* w) {
  w->serial.fetch_add(1, std::memory_order_release);
  std::atomic_signal_fence(std::memory_order_seq_cst);
  t_current = nullptr;
  if (w->hooked.load(std::memory_order_relaxed)) {
    lua_sethook(w->L, nullptr, 0, 0);
    w->hooked.store(false, std::memory_order_relaxed);
  }
}

}  // namespace arbiter
