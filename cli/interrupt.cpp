// The SIGINT handler: it only stores to lock-free atomics, which is all a handler may do.
#include "cli/interrupt.hpp"

#include <signal.h>

#include <atomic>

#include "interpreter/bot.hpp"
#include "interpreter/sim.hpp"

namespace arbiter::cli {

namespace {

std::atomic<bool> g_interrupted{false};

extern "C" void on_interrupt(int) {
  g_interrupted.store(true);
  stop_thinking().store(true);
  stop_simulating().store(true);
}

}  // namespace

void catch_interrupts() {
  struct sigaction sa {};
  sa.sa_handler = on_interrupt;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;
  sigaction(SIGINT, &sa, nullptr);
}

bool take_interrupt() { return g_interrupted.exchange(false); }
bool interrupt_pending() { return g_interrupted.load(); }

}  // namespace arbiter::cli
