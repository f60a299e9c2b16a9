// `arbiter join`'s WebSocket: every network call runs on the client's own thread, on one
// io_context, so the REPL's thread never blocks on the network and Beast's stream is never
// used from two threads (it is not thread-safe).
#include "cli/join/client.hpp"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/connect.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/post.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <optional>

#include "runtime/diagnostics.hpp"

namespace arbiter::cli {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace websocket = beast::websocket;
using tcp = asio::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

bool all_of_chars(const std::string& s, const char* allowed) {
  return !s.empty() && s.find_first_not_of(allowed) == std::string::npos;
}

}  // namespace

// What the server prints: http://HOST:PORT/t/TABLE#TOKEN (ws:// is taken as the same).
Link parse_link(const std::string& raw) {
  std::string text = raw;
  text.erase(0, text.find_first_not_of(" \t"));
  text.erase(text.find_last_not_of(" \t\r\n") + 1);
  auto bad = [](const std::string& why) {
    return InputError("the link " + why + " (a link looks like http://HOST:PORT/t/TABLE#s.TOKEN)");
  };
  if (text.rfind("https://", 0) == 0 || text.rfind("wss://", 0) == 0)
    throw InputError(
        "the link is https: arbiter join speaks plain http only, so it plays a server on this machine or network; "
        "a server behind a TLS proxy is played in a browser");
  std::size_t start = text.rfind("http://", 0) == 0 ? 7 : text.rfind("ws://", 0) == 0 ? 5 : std::string::npos;
  if (start == std::string::npos) throw bad("does not start with http://");
  std::size_t hash = text.find('#');
  if (hash == std::string::npos || hash + 1 == text.size()) throw bad("has no token after '#'");
  Link link;
  link.token = text.substr(hash + 1);
  if (link.token.rfind("h.", 0) == 0)
    throw InputError(
        "that is the host's link: it opens no seat; open it in a browser to list and open tables");
  std::string place = text.substr(start, hash - start);
  std::size_t slash = place.find('/');
  if (slash == std::string::npos) throw bad("names no table");
  std::string authority = place.substr(0, slash), path = place.substr(slash);
  if (path.rfind("/t/", 0) != 0) throw bad("names no table (its path is not /t/TABLE)");
  link.table = path.substr(3);
  if (!all_of_chars(link.table, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_-") ||
      link.table.size() > 64)
    throw bad("names no table (its path is not /t/TABLE)");
  std::size_t colon = authority.rfind(':');
  bool bracketed = !authority.empty() && authority.front() == '[';
  if (colon != std::string::npos && (!bracketed || authority[colon - 1] == ']')) {
    link.host = authority.substr(0, colon), link.port = authority.substr(colon + 1);
    if (!all_of_chars(link.port, "0123456789") || link.port.size() > 5 || std::stoi(link.port) > 65535 ||
        std::stoi(link.port) == 0)
      throw bad("has a port that is not a number from 1 to 65535");
  } else {
    link.host = authority, link.port = "80";
  }
  if (link.host.size() > 2 && bracketed && link.host.back() == ']')
    link.host = link.host.substr(1, link.host.size() - 2);
  if (link.host.empty()) throw bad("names no host");
  bool seat_or_watch = link.token.rfind("s.", 0) == 0 || link.token.rfind("w.", 0) == 0;
  if (!seat_or_watch || !all_of_chars(link.token, "abcdefghijklmnopqrstuvwxyz0123456789.") ||
      link.token.size() > 80)
    throw bad("has a token that is not a seat's (#s.…) or a watcher's (#w.…)");
  return link;
}

// The connection's state, touched only on the client's thread.
struct JoinClient::Net {
  asio::io_context io;
  tcp::resolver resolver{io};
  std::optional<websocket::stream<beast::tcp_stream>> ws;
  asio::steady_timer retry{io};
  beast::flat_buffer buffer;
  std::deque<std::string> writes;
  bool connected = false, ever_connected = false;
  std::atomic<bool> stopping{false}, reconnect{true};
  std::optional<Clock::time_point> dropped_at;
  std::chrono::milliseconds backoff{500};
  int generation = 0;  // a connection's handlers do nothing once a newer one started
};

JoinClient::JoinClient(Link link, std::string hello)
    : link_(std::move(link)), hello_(std::move(hello)), net_(new Net) {
  if (pipe2(wake_, O_NONBLOCK | O_CLOEXEC) != 0) wake_[0] = wake_[1] = -1;
}

JoinClient::~JoinClient() {
  if (thread_.joinable()) {
    net_->stopping = true;
    asio::post(net_->io, [n = net_.get()] {
      n->retry.cancel();
      n->resolver.cancel();
      if (n->ws && n->connected) {
        n->ws->async_close(websocket::close_code::normal, [n](beast::error_code) { n->retry.cancel(); });
        // A server that does not answer the close is not waited for.
        n->retry.expires_after(std::chrono::seconds(1));
        n->retry.async_wait([n](beast::error_code ec) {
          if (!ec) n->io.stop();
        });
      } else if (n->ws) {
        beast::error_code ignored;
        beast::get_lowest_layer(*n->ws).socket().close(ignored);
      }
    });
    thread_.join();
  }
  for (int fd : wake_)
    if (fd >= 0) close(fd);
}

void JoinClient::push(Event::Kind kind, std::string text) {
  std::lock_guard lock(mutex_);
  events_.push_back({kind, std::move(text)});
  char byte = 0;
  if (wake_[1] >= 0 && write(wake_[1], &byte, 1) < 0) {}  // full: a wake-up already waits
}

bool JoinClient::next(Event& event) {
  std::lock_guard lock(mutex_);
  if (events_.empty()) {
    char bytes[64];
    while (wake_[0] >= 0 && read(wake_[0], bytes, sizeof bytes) > 0) {
    }
    return false;
  }
  event = std::move(events_.front());
  events_.pop_front();
  return true;
}

void JoinClient::send(std::string text) {
  asio::post(net_->io, [this, text = std::move(text)]() mutable {
    Net& n = *net_;
    if (!n.connected) return;
    n.writes.push_back(std::move(text));
    if (n.writes.size() > 1) return;  // the write under way goes on to it
    struct Writer {
      JoinClient* self;
      int generation;
      void operator()(beast::error_code ec, std::size_t) const {
        Net& n = *self->net_;
        if (ec || generation != n.generation) return;  // the read side notices the drop
        n.writes.pop_front();
        if (!n.writes.empty()) n.ws->async_write(asio::buffer(n.writes.front()), *this);
      }
    };
    n.ws->async_write(asio::buffer(n.writes.front()), Writer{this, n.generation});
  });
}

void JoinClient::stop_reconnecting() { net_->reconnect = false; }

void JoinClient::start() { thread_ = std::thread([this] { run(); }); }

}  // namespace arbiter::cli

namespace arbiter::cli {

void JoinClient::run() {
  asio::post(net_->io, [this] { connect(); });
  net_->io.run();
}

void JoinClient::connect() {
  Net& n = *net_;
  int gen = ++n.generation;
  n.ws.emplace(n.io);
  n.writes.clear();
  n.resolver.async_resolve(
      link_.host, link_.port, [this, gen](beast::error_code ec, tcp::resolver::results_type found) {
        if (ec) return fail(gen, "cannot find the host " + quote(link_.host) + ": " + ec.message());
        Net& n = *net_;
        beast::get_lowest_layer(*n.ws).expires_after(std::chrono::seconds(10));
        beast::get_lowest_layer(*n.ws).async_connect(
            found, [this, gen](beast::error_code ec, const tcp::endpoint&) {
              if (ec) return fail(gen, "cannot reach " + link_.host + ":" + link_.port + ": " + ec.message());
              Net& n = *net_;
              beast::get_lowest_layer(*n.ws).expires_never();
              // Beast's own timeouts from here: the handshake, and pings that find a half-open connection.
              websocket::stream_base::timeout t =
                  websocket::stream_base::timeout::suggested(beast::role_type::client);
              t.handshake_timeout = std::chrono::seconds(10);
              t.idle_timeout = std::chrono::seconds(40);
              t.keep_alive_pings = true;
              n.ws->set_option(t);
              n.ws->read_message_max(kMaxServerMessage);
              n.ws->async_handshake(link_.host + ":" + link_.port, "/ws", [this, gen](beast::error_code ec) {
                if (ec)
                  return fail(gen, "the server at " + link_.host + ":" + link_.port +
                                       " took no WebSocket at /ws: " + ec.message());
                Net& n = *net_;
                n.connected = n.ever_connected = true;
                n.dropped_at.reset();
                n.backoff = std::chrono::milliseconds(500);
                push(Event::Kind::Connected, "");
                read_next(gen);
                send(hello_);
              });
            });
      });
}

void JoinClient::read_next(int gen) {
  Net& n = *net_;
  n.ws->async_read(n.buffer, [this, gen](beast::error_code ec, std::size_t) {
    Net& n = *net_;
    if (gen != n.generation) return;
    if (ec == websocket::error::closed) return fail(gen, "the server closed the connection");
    if (ec) return fail(gen, ec.message());
    push(Event::Kind::Message, beast::buffers_to_string(n.buffer.data()));
    n.buffer.consume(n.buffer.size());
    read_next(gen);
  });
}

// Never connected: the link leads nowhere, said at once. Dropped: tried again, waiting longer
// each time up to 5 s, for kReconnectSeconds.
void JoinClient::fail(int gen, const std::string& why) {
  Net& n = *net_;
  if (gen != n.generation || n.stopping) return;
  bool was_connected = n.connected;
  n.connected = false;
  n.writes.clear();
  n.buffer.consume(n.buffer.size());
  if (!n.ever_connected) return push(Event::Kind::Gone, why);
  if (!n.reconnect) return;
  if (was_connected) push(Event::Kind::Dropped, why);
  if (!n.dropped_at) n.dropped_at = Clock::now();
  if (Clock::now() - *n.dropped_at > std::chrono::seconds(kReconnectSeconds))
    return push(Event::Kind::Gone,
                "the server has not answered for " + std::to_string(kReconnectSeconds) + " s: " + why);
  n.retry.expires_after(n.backoff);
  n.backoff = std::min(n.backoff * 2, std::chrono::milliseconds(5000));
  n.retry.async_wait([this](beast::error_code ec) {
    if (!ec && !net_->stopping) connect();
  });
}

}  // namespace arbiter::cli
