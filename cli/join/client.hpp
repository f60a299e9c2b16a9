// The network side of `arbiter join`: the link read apart, and one WebSocket to the server
// kept open on a thread of its own (Boost.Beast), which says hello on every connection and
// connects again after a drop. The REPL side (cli/join/join.cpp) reads what arrives as events.
#pragma once
#include <deque>
#include <memory>
#include <mutex>
#include <string>
#include <thread>

namespace arbiter::cli {

// A table's link, `http://HOST:PORT/t/TABLE#TOKEN` (docs/server.md).
struct Link {
  std::string host, port, table, token;
};
// `text` read as a link; throws InputError saying what is wrong with it. The token is never
// part of the message.
Link parse_link(const std::string& text);

// The longest message taken from the server: a seat's whole state with a long log fits.
inline constexpr std::size_t kMaxServerMessage = 16u << 20;
// How long a connection that dropped is tried again before the server is called gone.
inline constexpr int kReconnectSeconds = 60;

class JoinClient {
 public:
  struct Event {
    enum class Kind { Connected, Message, Dropped, Gone };
    Kind kind;
    std::string text;  // Message: the frame; Dropped and Gone: why
  };
  // `hello` is the first message sent on every connection.
  JoinClient(Link link, std::string hello);
  ~JoinClient();  // closes the connection and ends the thread
  void start();
  // Sent on the current connection, after what was sent before; dropped when there is none
  // (the next connection's hello brings the whole state back).
  void send(std::string text);
  // The next event, if one waits; never blocks.
  bool next(Event& event);
  // Readable while events wait, for poll().
  int wake_fd() const { return wake_[0]; }
  // No more connecting again: the server refused the link, or the player left.
  void stop_reconnecting();

 private:
  struct Net;
  void push(Event::Kind kind, std::string text);
  void run();
  void connect();                        // a new connection: resolve, connect, handshake, hello
  void read_next(int generation);
  void fail(int generation, const std::string& why);  // the connection dropped: try again, or give up

  Link link_;
  std::string hello_;
  std::unique_ptr<Net> net_;
  std::thread thread_;
  std::mutex mutex_;
  std::deque<Event> events_;
  int wake_[2] = {-1, -1};
};

}  // namespace arbiter::cli
