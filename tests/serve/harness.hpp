// What the loopback tests share: a real `arbiter serve --port 0` run as a child process, and
// WebSocket clients (Boost.Beast) that collect every message they are sent.
#pragma once
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <nlohmann/json.hpp>
#include <sys/types.h>

#include <deque>
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace serve_test {

using Json = nlohmann::json;

// `arbiter serve ARGS --port 0 --db DB` until it printed its links; killed when destroyed.
// Its standard error goes to the file `log` when one is named.
struct ServerProcess {
  ServerProcess(const std::vector<std::string>& args, const std::string& db, const std::string& log = "");
  ~ServerProcess();
  void kill9();        // as a crash would: no chance to clean up
  int stop();          // SIGTERM, as Ctrl-C: the exit status (-1: it did not exit by itself)
  pid_t pid = -1;
  int port = 0;
  std::string table;                           // the table opened on the command line, if any
  std::map<std::string, std::string> tokens;   // seat name (or "watch") -> token
  std::string host_token;
  std::vector<std::string> lines;              // what it printed before serving
};

// An HTTP request to the server: the status and body.
struct HttpAnswer {
  int status = 0;
  std::string body;
  std::map<std::string, std::string> headers;
};
HttpAnswer http_request(int port, const std::string& method, const std::string& target,
                        const std::string& bearer = "", const std::string& body = "",
                        const std::map<std::string, std::string>& headers = {});

class Clients;

// One WebSocket connection; its messages arrive while Clients::run_for runs.
class Client {
 public:
  Client(Clients& clients, int port, int receive_buffer = 0);
  void send(const Json& message);
  void send_text(const std::string& text);
  void hello(const std::string& table, const std::string& token);
  // Stops reading (a slow reader, or a half-open peer: no pongs either).
  void stop_reading() { reading_ = false; }
  void start_reading();
  std::deque<Json> messages;  // received, not yet taken
  std::vector<Json> all;      // every message received
  bool closed = false;        // the server closed it (or the connection failed)
  int sent = 0;

 private:
  void read();
  Clients& clients_;
  boost::beast::websocket::stream<boost::beast::tcp_stream> ws_;
  boost::beast::flat_buffer buffer_;
  bool reading_ = true, read_pending_ = false;
};

class Clients {
 public:
  boost::asio::io_context ioc;
  // Runs the clients' I/O for up to `ms` milliseconds, or until `done` says so.
  template <class Done>
  bool run_until(int ms, Done done) {
    auto end = std::chrono::steady_clock::now() + std::chrono::milliseconds(ms);
    while (!done()) {
      if (std::chrono::steady_clock::now() > end) return false;
      ioc.restart();
      ioc.run_for(std::chrono::milliseconds(20));
    }
    return true;
  }
};

// The next message of `type` for `c`, skipping others (false after `ms` without one).
bool next_of(Clients& cs, Client& c, const std::string& type, Json& out, int ms = 5000);

std::string temp_dir();

}  // namespace serve_test
