// The WebSocket protocol's handling (docs/server.md), as a pure function of a connection's
// authenticated seat and one frame's text: what the frame asks, the replies to the sender,
// and whether the table moved on. No sockets, no threads: fuzz/server_message.cpp feeds it.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "server/game.hpp"

namespace arbiter::server {

// One client frame, read.
struct Request {
  enum class Type { Hello, Action, Pass, Resync, Bad };
  Type type = Type::Bad;
  std::string table, token;           // hello
  int columns = 78;                   // hello: 40 to 200 (a value outside is brought inside)
  std::string action;                 // action
  std::optional<std::int64_t> seq;    // action, pass
  std::string error;                  // Bad: what is wrong with the frame
  bool object = false;                // the frame is a JSON object
  bool hello = false;                 // ... whose type is "hello" (read or not)
};
Request parse_request(std::string_view frame);

// A connection that has said hello: the seat its token opened (-1: a spectator), what of the
// log it has been sent, and the width its `table` text is laid out for.
struct Connection {
  int seat = -1;
  LogCursor cursor;
  int columns = 78;
};

struct Handled {
  std::vector<std::string> replies;  // to the sender, in order
  bool moved = false;                // the table moved on: every connection is sent its state
};

// Handles one frame of an authenticated connection: an action or pass for its own seat
// only (a spectator's is refused), a resync (its own seat's whole state), or an error for
// anything else (not JSON, an unknown type, a missing field, a second hello).
Handled handle_frame(TableGame& game, Connection& conn, std::string_view frame, const Commit& commit);

// The messages every handler sends, as frame text (present/json_text.hpp).
std::string error_message(const std::string& message);
// The error that tells a peer its table stopped (a script error, a bot that cannot act):
// `stopped: true`, so that a client knows nothing more will happen there.
std::string stopped_message(const std::string& why);
std::string text_of(const Json& message);

}  // namespace arbiter::server
