// WebSocket connections (server/ws_session.hpp). Each runs on a strand of its own on the
// network threads; a table reaches it only through Peer::send, which posts to that strand.
#include "server/ws_session.hpp"

#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <chrono>
#include <deque>

#include "server/table_host.hpp"

namespace arbiter::server {

namespace {

namespace beast = boost::beast;
namespace websocket = beast::websocket;
using Clock = std::chrono::steady_clock;

class WsSession : public Peer, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(Host& host, boost::asio::ip::tcp::socket socket, Slot slot)
      : host_(host), ws_(std::move(socket)), slot_(std::move(slot)), hello_timer_(ws_.get_executor()),
        tokens_(host.limits().message_burst), last_(Clock::now()) {}

  void start(HttpRequest upgrade) {
    const Limits& l = host_.limits();
    websocket::stream_base::timeout timeout{std::chrono::seconds(l.hello_seconds),
                                            std::chrono::seconds(l.idle_seconds), true};
    ws_.set_option(timeout);
    ws_.read_message_max(l.frame_bytes);
    ws_.set_option(websocket::stream_base::decorator([](websocket::response_type& res) {
      set_common_headers(res);
      // A refused upgrade's body is Beast's reason, in words.
      if (res.result() != beast::http::status::switching_protocols)
        res.set(beast::http::field::content_type, "text/plain; charset=utf-8");
    }));
    beast::get_lowest_layer(ws_).expires_never();  // the stream's own timeouts govern from here
    hello_timer_.expires_after(std::chrono::seconds(l.hello_seconds));
    hello_timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (!ec && !self->table_ && !self->closing_)
        self->close_now("no hello within " + std::to_string(self->host_.limits().hello_seconds) +
                        " s; the connection closes");
    });
    ws_.async_accept(upgrade, [self = shared_from_this()](beast::error_code ec) {
      if (ec) return self->ended();
      self->read();
    });
  }

  void send(std::shared_ptr<const std::string> frame) override {
    boost::asio::post(ws_.get_executor(),
                      [self = shared_from_this(), frame = std::move(frame)] { self->queue(frame); });
  }

  void close_with(std::string frame) override {
    boost::asio::post(ws_.get_executor(),
                      [self = shared_from_this(), frame = std::move(frame)] { self->close_now(frame); });
  }

 private:
  void read() {
    ws_.async_read(buffer_,
                   [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
  }

  void on_read(beast::error_code ec) {
    if (ec == websocket::error::message_too_big) {
      close_now("a message of more than " + std::to_string(host_.limits().frame_bytes) +
                " bytes; the connection closes");
      return ended();
    }
    if (ec) return ended();
    std::string frame = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    if (closing_) return read();
    if (!within_rate()) {
      close_now("more than " + std::to_string(static_cast<int>(host_.limits().messages_per_second)) +
                " messages a second; the connection closes");
      return read();
    }
    if (!ws_.got_text())
      queue(std::make_shared<const std::string>(error_message("messages are JSON text frames")));
    else dispatch(std::move(frame));
    read();
  }

  void dispatch(std::string frame) {
    if (table_) return host_.frame(table_, shared_from_this(), std::move(frame));
    Request r = parse_request(frame);
    // A hello with a field wrong, or a frame that is no JSON object, is told what is wrong with it.
    if (r.type != Request::Type::Hello)
      return close_now((r.hello || !r.object ? r.error : "the first message must be a hello") +
                       "; the connection closes");
    hello_timer_.cancel();
    host_.hello(shared_from_this(), r, table_);
  }

  // A token bucket: `message_burst` at once, refilled at `messages_per_second`.
  bool within_rate() {
    const Limits& l = host_.limits();
    auto now = Clock::now();
    tokens_ = std::min(l.message_burst,
                       tokens_ + std::chrono::duration<double>(now - last_).count() * l.messages_per_second);
    last_ = now;
    if (tokens_ < 1) return false;
    tokens_ -= 1;
    return true;
  }

  void queue(std::shared_ptr<const std::string> frame) {
    if (closing_ && !closing_write_) return;
    if (queue_.size() >= host_.limits().write_queue) return drop();  // it does not read what it is sent
    queue_.push_back(std::move(frame));
    if (!writing_) write_next();
  }

  void write_next() {
    if (queue_.empty()) {
      writing_ = false;
      if (closing_)
        ws_.async_close(websocket::close_code::normal, [self = shared_from_this()](beast::error_code) {});
      return;
    }
    writing_ = true;
    ws_.text(true);
    ws_.async_write(boost::asio::buffer(*queue_.front()),
                    [self = shared_from_this()](beast::error_code ec, std::size_t) {
                      if (ec) return self->drop();
                      self->queue_.pop_front();
                      self->write_next();
                    });
  }

  // An error message, then a close once the queue is written.
  void close_now(const std::string& message) {
    if (closing_) return;
    closing_write_ = true;
    queue(std::make_shared<const std::string>(message.empty()     ? ""
                                              : message[0] == '{' ? message
                                                                  : error_message(message)));
    closing_ = true;
    closing_write_ = false;
    if (!writing_) write_next();
  }

  // Closed at once: the socket shut, so that pending reads and writes end.
  void drop() {
    closing_ = true;
    queue_.clear();
    beast::error_code ec;
    beast::get_lowest_layer(ws_).socket().shutdown(boost::asio::ip::tcp::socket::shutdown_both, ec);
    beast::get_lowest_layer(ws_).socket().close(ec);
  }

  void ended() {
    hello_timer_.cancel();
    if (table_ && !left_) {
      left_ = true;
      host_.leave(table_, this);
    }
  }

  Host& host_;
  websocket::stream<beast::tcp_stream> ws_;
  Slot slot_;
  boost::asio::steady_timer hello_timer_;
  beast::flat_buffer buffer_;
  std::shared_ptr<TableHost> table_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  bool writing_ = false, closing_ = false, closing_write_ = false, left_ = false;
  double tokens_;
  Clock::time_point last_;
};

}  // namespace

void start_websocket(Host& host, boost::asio::ip::tcp::socket socket, HttpRequest upgrade, Slot slot) {
  std::make_shared<WsSession>(host, std::move(socket), std::move(slot))->start(std::move(upgrade));
}

}  // namespace arbiter::server
