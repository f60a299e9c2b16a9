// The server's load benchmark (not a test): `serve_load [--tables N] [--seconds S]` starts a
// real `arbiter serve` on loopback, opens N tables of Stacks through the host's API, and
// plays every one with two scripted WebSocket clients that answer each state at once with a
// random legal action. It prints actions a second, the latency from an action sent to its
// state received (p50, p95, p99), the server's memory per table (resident set growth over
// an empty server), and the machine it ran on. docs/server.md holds a measured run.
#include <sys/utsname.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <random>

#include "harness.hpp"

using namespace serve_test;
using Clock = std::chrono::steady_clock;

namespace {

long rss_kib(pid_t pid) {
  std::ifstream in("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("VmRSS:", 0) == 0) return std::stol(line.substr(6));
  return 0;
}

std::string cpu_model() {
  std::ifstream in("/proc/cpuinfo");
  for (std::string line; std::getline(in, line);)
    if (line.rfind("model name", 0) == 0) return line.substr(line.find(':') + 2);
  return "unknown";
}

struct Player {
  std::unique_ptr<Client> client;
  std::int64_t acted_at = -1;
  Clock::time_point sent;
  bool waiting = false;
};

double percentile(std::vector<double>& v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())))];
}

// One pass over every player's messages: latencies taken, answers sent. The number of actions sent.
int serve_players(std::vector<Player>& players, std::vector<double>& latencies, std::mt19937& rng,
                  int& overs) {
  int sent = 0;
  for (Player& p : players) {
    while (!p.client->messages.empty()) {
      Json m = p.client->messages.front();
      p.client->messages.pop_front();
      std::string type = m.value("type", "");
      if (type == "over") ++overs;
      if (type != "state") continue;
      std::int64_t seq = m["seq"].get<std::int64_t>();
      if (p.waiting && seq > p.acted_at) {
        latencies.push_back(std::chrono::duration<double, std::milli>(Clock::now() - p.sent).count());
        p.waiting = false;
      }
      if (m["legal"].empty() || seq <= p.acted_at) continue;
      p.acted_at = seq;
      p.sent = Clock::now();
      p.waiting = true;
      p.client->send({{"type", "action"}, {"action", m["legal"][rng() % m["legal"].size()]}, {"seq", seq}});
      ++sent;
    }
  }
  return sent;
}

}  // namespace

int main(int argc, char** argv) {
  int tables = 20, seconds = 20;
  for (int i = 1; i + 1 < argc; i += 2) {
    if (!std::strcmp(argv[i], "--tables")) tables = std::max(1, std::atoi(argv[i + 1]));
    else if (!std::strcmp(argv[i], "--seconds")) seconds = std::max(1, std::atoi(argv[i + 1]));
  }
  std::string dir = temp_dir();
  ServerProcess server({}, dir + "/load.db");
  long base = rss_kib(server.pid);
  Clients cs;
  std::vector<Player> players;
  for (int t = 0; t < tables; ++t) {
    HttpAnswer a = http_request(server.port, "POST", "/api/tables", server.host_token,
                                R"({"ruleset":"stacks","players":["Ann","Bob"]})");
    if (a.status != 201)
      return std::fprintf(stderr, "serve_load: opening a table failed: %s\n", a.body.c_str()), 1;
    Json links = Json::parse(a.body);
    for (const auto& seat : links["seats"]) {
      std::string link = seat["link"];
      players.push_back({std::make_unique<Client>(cs, server.port)});
      players.back().client->hello(links["table"], link.substr(link.find('#') + 1));
    }
  }
  std::mt19937 rng(1);
  std::vector<double> latencies;
  int actions = 0, overs = 0;
  long peak = 0;
  auto start = Clock::now();
  cs.run_until(seconds * 1000, [&] {
    actions += serve_players(players, latencies, rng, overs);
    peak = std::max(peak, rss_kib(server.pid));
    return overs >= 2 * tables;
  });
  double elapsed = std::chrono::duration<double>(Clock::now() - start).count();
  struct utsname u {};
  uname(&u);
  std::printf("arbiter serve on loopback: %d tables of Stacks, 2 scripted clients each, %.1f s\n", tables,
              elapsed);
  std::printf("machine     %s, %ld cores, %s %s\n", cpu_model().c_str(), sysconf(_SC_NPROCESSORS_ONLN),
              u.sysname, u.release);
  std::printf("actions     %d (%.0f a second); games ended %d\n", actions, actions / elapsed, overs / 2);
  std::printf("latency     p50 %.2f ms, p95 %.2f ms, p99 %.2f ms (action sent to its state received)\n",
              percentile(latencies, 0.50), percentile(latencies, 0.95), percentile(latencies, 0.99));
  std::printf("memory      %ld KiB empty, %ld KiB at the peak: %ld KiB a table\n", base, peak,
              (peak - base) / tables);
  return 0;
}
