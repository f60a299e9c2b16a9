// The network side: one listening socket, HTTP for the page and the API, WebSocket at /ws
// (Boost.Beast over Boost.Asio). Runs on its own threads; tables run on the host's.
#pragma once
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>

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

 private:
  void accept();
  boost::asio::io_context& ioc_;
  Host& host_;
  boost::asio::ip::tcp::acceptor acceptor_;
};

}  // namespace arbiter::server
