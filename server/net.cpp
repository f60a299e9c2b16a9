// The listening socket and HTTP connections (server/net.hpp). An HTTP connection reads one
// request at a time within the hello deadline, with limits on its header and body; one
// that asks to upgrade at /ws becomes a WebSocket (server/ws_session.hpp).
#include "server/net.hpp"

#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

#include <algorithm>
#include <optional>

#include "server/ws_session.hpp"

namespace arbiter::server {

namespace {

namespace beast = boost::beast;
namespace asio = boost::asio;
using tcp = asio::ip::tcp;

constexpr std::uint32_t kHeaderBytes = 8192;

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(Host& host, tcp::socket socket, Slot slot)
      : host_(host), stream_(std::move(socket)), slot_(std::move(slot)) {}

  void read() {
    parser_.emplace();
    parser_->header_limit(kHeaderBytes);
    parser_->body_limit(host_.limits().http_body_bytes);
    stream_.expires_after(std::chrono::seconds(host_.limits().hello_seconds));
    http::async_read(stream_, buffer_, *parser_,
                     [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
  }

 private:
  void on_read(beast::error_code ec) {
    if (ec) return close();  // the peer went, the deadline passed, or a request over the limits
    HttpRequest req = parser_->release();
    if (beast::websocket::is_upgrade(req)) {
      if (req.target() != "/ws")
        return write(make_response(req, http::status::not_found, "text/plain", "WebSocket at /ws only\n"),
                     false);
      return start_websocket(host_, stream_.release_socket(), std::move(req), std::move(slot_));
    }
    bool head = req.method() == http::verb::head;
    answer(host_, req, [self = shared_from_this(), head](HttpResponse res) {
      asio::post(self->stream_.get_executor(),
                 [self, head, res = std::move(res)]() mutable { self->write(std::move(res), head); });
    });
  }

  // The answer to HEAD is the header alone, with the Content-Length GET would send: a body
  // after it would be read as the next answer on a kept-alive connection.
  void write(HttpResponse res, bool head_only) {
    struct Held {
      explicit Held(HttpResponse r) : res(std::move(r)), serializer(res) {}
      HttpResponse res;
      http::response_serializer<http::string_body> serializer;
    };
    auto held = std::make_shared<Held>(std::move(res));
    stream_.expires_after(std::chrono::seconds(host_.limits().hello_seconds));
    auto done = [self = shared_from_this(), held](beast::error_code ec, std::size_t) {
      if (ec || !held->res.keep_alive()) return self->close();
      self->read();
    };
    if (head_only) return http::async_write_header(stream_, held->serializer, std::move(done));
    http::async_write(stream_, held->serializer, std::move(done));
  }

  void close() {
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
  }

  Host& host_;
  beast::tcp_stream stream_;
  Slot slot_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
};

}  // namespace

Server::Server(asio::io_context& ioc, Host& host, const tcp::endpoint& endpoint)
    : ioc_(ioc), host_(host), acceptor_(ioc), retry_(ioc) {
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(asio::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(asio::socket_base::max_listen_connections);
}

unsigned short Server::port() const { return acceptor_.local_endpoint().port(); }

void Server::start() { accept(); }

void Server::accept() {
  acceptor_.async_accept(asio::make_strand(ioc_), [this](beast::error_code ec, tcp::socket socket) {
    accepted(ec, std::move(socket));
  });
}

namespace {

// An accept() that failed for want of descriptors or memory fails again at once: the
// connection waits in the kernel's queue until some are free.
bool out_of_resources(const beast::error_code& ec) {
  return ec == asio::error::no_descriptors || ec == boost::system::errc::too_many_files_open_in_system ||
         ec == asio::error::no_buffer_space || ec == asio::error::no_memory;
}

}  // namespace

// Over the limit of connections, a new one is closed at once: it costs nothing to hold. Out of
// descriptors, the next try waits (50 ms, twice as long each time up to 1 s), so that the
// loop does not spin on a queued connection it cannot take.
void Server::accepted(const beast::error_code& error, tcp::socket socket) {
  beast::error_code ec = error;
  if (ec == asio::error::operation_aborted) return;
  if (ec) ++accept_errors_;
  if (out_of_resources(ec)) {
    backoff_ = std::clamp(backoff_ * 2, std::chrono::milliseconds(50), std::chrono::milliseconds(1000));
    retry_.expires_after(backoff_);
    return retry_.async_wait([this](beast::error_code wait) {
      if (!wait) accept();
    });
  }
  if (!ec) {
    backoff_ = std::chrono::milliseconds(0);
    auto& count = host_.connections();
    if (count.fetch_add(1) >= host_.limits().connections) {
      --count;
      socket.close(ec);
    } else {
      // Messages are small: a small send buffer makes a reader that does not read show in
      // the write queue soon, instead of after megabytes of kernel buffer.
      socket.set_option(asio::socket_base::send_buffer_size(16384), ec);
      std::make_shared<HttpSession>(host_, std::move(socket), Slot(&count))->read();
    }
  }
  accept();
}

}  // namespace arbiter::server
