// Tests of server/net.cpp's accept loop: out of file descriptors (EMFILE), a connection waits
// in the kernel's queue and every accept() of it fails until some are free; the loop must
// wait between tries rather than spin on it (which burned most of a core), and take the
// connection once it can.
#include <catch2/catch.hpp>

#include <fcntl.h>
#include <sys/resource.h>
#include <unistd.h>

#include <boost/asio/connect.hpp>

#include <cstdlib>
#include <vector>

#include "cli/app.hpp"
#include "server/net.hpp"

using namespace arbiter;
using namespace arbiter::server;
namespace asio = boost::asio;
using tcp = asio::ip::tcp;

namespace {

// Every descriptor this process may open, taken (the soft limit lowered first, so that a
// large one costs nothing); given back, and the limit as it was, when it ends.
struct NoDescriptorsLeft {
  rlimit before{};
  std::vector<int> held;
  int ran_out = 0;  // errno when the last open failed: EMFILE
  NoDescriptorsLeft() {
    REQUIRE(getrlimit(RLIMIT_NOFILE, &before) == 0);
    int highest = open("/dev/null", O_RDONLY);
    REQUIRE(highest >= 0);
    held.push_back(highest);
    rlimit low = before;
    low.rlim_cur = std::min<rlim_t>(before.rlim_cur, static_cast<rlim_t>(highest) + 64);
    REQUIRE(setrlimit(RLIMIT_NOFILE, &low) == 0);
    for (int fd; (fd = open("/dev/null", O_RDONLY)) >= 0;) held.push_back(fd);
    ran_out = errno;  // checked once they are given back
  }
  void give_back() {
    for (int fd : held) close(fd);
    held.clear();
    setrlimit(RLIMIT_NOFILE, &before);
  }
  ~NoDescriptorsLeft() { give_back(); }
};

std::string temp_db() {
  char pattern[] = "/tmp/arbiter-net-test-XXXXXX";
  REQUIRE(mkdtemp(pattern));
  return std::string(pattern) + "/t.db";
}

}  // namespace

TEST_CASE("net: out of descriptors, the accept loop waits between tries and takes the connection once it can",
          "[server][net]") {
  Store store(temp_db());
  Host host(store, [](const std::string& name) { return load_game(name); }, Limits{}, 1);
  asio::io_context ioc;
  Server server(ioc, host, tcp::endpoint(asio::ip::make_address("127.0.0.1"), 0));
  server.start();
  tcp::socket client(ioc);
  client.open(tcp::v4());  // before the descriptors run out: connecting needs none more
  // The loop runs once with descriptors to spare: UBSan checks a virtual call's type the first
  // time it sees it, and with no descriptor left it cannot read the memory to do so.
  ioc.run_for(std::chrono::milliseconds(10));
  std::size_t failed_at_first = 0, tries = 0;
  {
    // Nothing here may need a descriptor: no check until they are given back (UBSan's own
    // checks read memory through a pipe, so a failing one would be misreported).
    NoDescriptorsLeft none;
    client.connect(
        tcp::endpoint(asio::ip::make_address("127.0.0.1"), server.port()));  // queued by the kernel
    for (int i = 0; i < 200 && server.accept_errors() == 0; ++i) ioc.run_for(std::chrono::milliseconds(10));
    failed_at_first = server.accept_errors();
    // Spinning, accept() fails thousands of times in 300 ms; waiting 50, 100, 200 ms between
    // tries, 3 times at most (fewer on a slow machine).
    ioc.run_for(std::chrono::milliseconds(300));
    tries = server.accept_errors() - failed_at_first;
    none.give_back();
    REQUIRE(none.ran_out == EMFILE);
  }
  REQUIRE(failed_at_first >= 1);
  INFO(tries << " accept() calls failed in 300 ms");
  CHECK(tries <= 5);
  // Descriptors free again: the queued connection is taken (within the 1 s the wait is capped at).
  for (int i = 0; i < 500 && host.connections() == 0; ++i) ioc.run_for(std::chrono::milliseconds(10));
  CHECK(host.connections() == 1);
}
