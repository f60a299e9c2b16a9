// The machine the numbers were measured on, printed with the table: numbers from another
// machine or another build are not comparable.
#include <fmt/format.h>
#include <sched.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <ctime>
#include <fstream>
#include <thread>

#include "bench/bench.hpp"

#ifndef ARBITER_BUILD_TYPE
#define ARBITER_BUILD_TYPE "unknown"
#endif
#ifndef ARBITER_BUILD_FLAGS
#define ARBITER_BUILD_FLAGS ""
#endif
#ifndef ARBITER_LUA_VERSION
#define ARBITER_LUA_VERSION "unknown"
#endif

namespace arbiter::bench {

namespace {

// The value of the first `key : value` line of a /proc file, or "".
std::string proc_field(const char* file, const std::string& key) {
  std::ifstream in(file);
  for (std::string line; std::getline(in, line);) {
    if (line.compare(0, key.size(), key) != 0) continue;
    std::size_t colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string value = line.substr(colon + 1);
    return value.substr(value.find_first_not_of(" \t"));
  }
  return "";
}

std::string cpu() {
  std::string model = proc_field("/proc/cpuinfo", "model name");
  std::string mhz = proc_field("/proc/cpuinfo", "cpu MHz");
  std::string cache = proc_field("/proc/cpuinfo", "cache size");
  bool virtual_machine = proc_field("/proc/cpuinfo", "flags").find("hypervisor") != std::string::npos;
  std::string out = model.empty() ? "unknown" : model;
  if (!mhz.empty()) out += ", " + mhz.substr(0, mhz.find('.')) + " MHz";
  if (!cache.empty()) out += ", cache " + cache;
  if (virtual_machine) out += ", virtual machine";
  return out;
}

std::string memory() {
  std::string total = proc_field("/proc/meminfo", "MemTotal");  // "24681234 kB"
  if (total.empty()) return "unknown";
  return fmt::format("{:.1f} GiB", std::stod(total) / (1024.0 * 1024.0));
}

std::string cores() {
  cpu_set_t set;
  std::string used = "one core";
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) == 1)
    for (int c = 0; c < CPU_SETSIZE; ++c)
      if (CPU_ISSET(c, &set)) used = fmt::format("pinned to CPU {}", c);
  return fmt::format("{} online; the benchmarks use one ({})", std::thread::hardware_concurrency(), used);
}

std::string compiler() {
#if defined(__clang__)
  return "clang " __clang_version__;
#elif defined(__GNUC__)
  return "g++ " __VERSION__;
#else
  return "unknown";
#endif
}

std::string system_name() {
  utsname u{};
  if (uname(&u) != 0) return "unknown";
  return fmt::format("{} {} {}", u.sysname, u.release, u.machine);
}

std::string now() {
  std::time_t t = std::time(nullptr);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%d %H:%M UTC", std::gmtime(&t));
  return buf;
}

}  // namespace

std::string load_average() {
  std::ifstream in("/proc/loadavg");
  std::string one, five, fifteen;
  if (!(in >> one >> five >> fifteen)) return "unknown";
  return fmt::format("{} {} {}", one, five, fifteen);
}

// Other work on the machine while the benchmarks ran: CPU times stay fair, wall times do not.
std::vector<std::pair<std::string, std::string>> machine_details(const std::string& load_at_start) {
  std::string build = ARBITER_BUILD_TYPE;
  std::string flags = ARBITER_BUILD_FLAGS;
  std::size_t first = flags.find_first_not_of(' ');
  if (first != std::string::npos) build += " (" + flags.substr(first) + ")";
  if (std::string(ARBITER_BUILD_TYPE) != "Release") build += "; not the Release build `make bench` measures";
  return {
      {"CPU", cpu()},
      {"cores", cores()},
      {"memory", memory()},
      {"system", system_name()},
      {"compiler", compiler()},
      {"build", build},
      {"Lua", ARBITER_LUA_VERSION},
      {"load", fmt::format("{} at start, {} at end (1, 5, 15 minutes; playouts, copies and perft are timed "
                           "in CPU time, start-up in wall time)", load_at_start, load_average())},
      {"measured", now()},
  };
}

}  // namespace arbiter::bench
