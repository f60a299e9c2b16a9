// The SIGINT handler: it only stores to lock-free atomics, which is all a handler may do.
#include "cli/terminal/interrupt.hpp"

#include <fcntl.h>
#include <signal.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>

#include "play/bot.hpp"
#include "analysis/sim/sim.hpp"

namespace arbiter::cli {

namespace {

std::atomic<bool> g_interrupted{false};
int g_wake[2] = {-1, -1};  // a pipe: the handler writes a byte to [1], a reader waits on [0]

extern "C" void on_interrupt(int) {
  g_interrupted.store(true);
  if (g_wake[1] >= 0) {
    int saved = errno;
    char byte = 0;
    if (write(g_wake[1], &byte, 1) < 0) {}  // full: a wake-up is already waiting
    errno = saved;
  }
  stop_thinking().store(true);
  stop_simulating().store(true);
}

}  // namespace

void catch_interrupts() {
  if (g_wake[0] < 0 && pipe2(g_wake, O_NONBLOCK | O_CLOEXEC) != 0) g_wake[0] = g_wake[1] = -1;
  struct sigaction sa {};
  sa.sa_handler = on_interrupt;
  sigemptyset(&sa.sa_mask);
  sa.sa_flags = 0;
  sigaction(SIGINT, &sa, nullptr);
}

bool take_interrupt() { return g_interrupted.exchange(false); }
bool interrupt_pending() { return g_interrupted.load(); }
int interrupt_fd() { return g_wake[0]; }

void drain_interrupt_fd() {
  char bytes[64];
  while (g_wake[0] >= 0 && read(g_wake[0], bytes, sizeof bytes) > 0) {
  }
}

}  // namespace arbiter::cli
