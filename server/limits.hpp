// The server's limits (docs/limits.md, "Over the network"): each bounds what one client,
// or many, can make the server hold or do.
#pragma once
#include <cstddef>

namespace arbiter::server {

struct Limits {
  std::size_t frame_bytes = 4096;          // a client's WebSocket message: an action is a short line
  std::size_t http_body_bytes = 16384;     // a POST /api/tables body
  double messages_per_second = 20;         // a connection's sustained rate ...
  double message_burst = 40;               // ... and the burst above it; beyond: an error, then closed
  std::size_t connections = 512;           // open connections, HTTP and WebSocket, in all
  std::size_t connections_per_table = 32;  // watchers' WebSocket connections on one table
  std::size_t connections_per_seat = 4;    // a seat's; one more closes the seat's oldest
  std::size_t tables = 256;  // unfinished tables held (a finished one stays listed, holding no slot)
  std::size_t write_queue = 64;            // messages waiting for a slow reader; beyond: it is closed
  int hello_seconds = 10;                  // from connecting to the hello (the WebSocket handshake included)
  int idle_seconds = 300;                  // silence before a ping, unanswered, closes the connection
};

}  // namespace arbiter::server
