// One WebSocket connection: its reads (size- and rate-limited), its bounded write queue (a
// reader that falls behind is closed rather than buffered without end), its hello deadline,
// and pings for a peer that vanished without closing (Beast's suggested server timeouts).
#pragma once
#include <boost/asio/ip/tcp.hpp>

#include <atomic>
#include <memory>

#include "server/http_api.hpp"

namespace arbiter::server {

// A place among the server's connections, given back when the connection ends.
class Slot {
 public:
  explicit Slot(std::atomic<std::size_t>* count = nullptr) : count_(count) {}
  Slot(Slot&& o) noexcept : count_(o.count_) { o.count_ = nullptr; }
  Slot& operator=(Slot&&) = delete;
  ~Slot() {
    if (count_) --*count_;
  }

 private:
  std::atomic<std::size_t>* count_;
};

// Takes over `socket` (an HTTP connection whose request `upgrade` asked for a WebSocket).
void start_websocket(Host& host, boost::asio::ip::tcp::socket socket, HttpRequest upgrade, Slot slot);

}  // namespace arbiter::server
