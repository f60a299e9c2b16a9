// The network side: one listening socket, HTTP for the page and the API, WebSocket at /ws
// (Boost.Beast over Boost.Asio). Runs on its own threads; tables run on the host's.
#pragma once
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>

#include <atomic>
#include <chrono>

#include <memory>
#include <string>

#include "server/host.hpp"

namespace arbiter::server {

// Listens on `endpoint` (port 0: one the OS picks) and serves until `ioc` stops. Throws
// boost::system::system_error when it cannot listen (the port is taken, no permission).
class Server {
 public:
  Server(boost::asio::io_context& ioc, Host& host, const boost::asio::ip::tcp::endpoint& endpoint);
  unsigned short port() const;
  void start();
  // accept() calls that failed, for the tests: out of descriptors, the server waits between
  // tries (50 ms, doubling up to 1 s) instead of trying again at once.
  std::size_t accept_errors() const { return accept_errors_; }

 private:
  void accept();
  void accepted(const boost::system::error_code& ec, boost::asio::ip::tcp::socket socket);
  boost::asio::io_context& ioc_;
  Host& host_;
  boost::asio::ip::tcp::acceptor acceptor_;
  boost::asio::steady_timer retry_;
  std::chrono::milliseconds backoff_{0};
  std::atomic<std::size_t> accept_errors_{0};
};

}  // namespace arbiter::server
