// The listening socket and HTTP connections (server/net.hpp). An HTTP connection reads one
// request at a time within the hello deadline, with limits on its header and body; one
// that asks to upgrade at /ws becomes a WebSocket (server/ws_session.hpp).
#include "server/net.hpp"

#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>

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
  HttpSession(Host& host, tcp::socket socket, Slot slot) : host_(host), stream_(std::move(socket)), slot_(std::move(slot)) {}

  void read() {
    parser_.emplace();
    parser_->header_limit(kHeaderBytes);
    parser_->body_limit(host_.limits().http_body_bytes);
    stream_.expires_after(std::chrono::seconds(host_.limits().hello_seconds));
    http::async_read(stream_, buffer_, *parser_, [self = shared_from_this()](beast::error_code ec, std::size_t) { self->on_read(ec); });
  }

 private:
  void on_read(beast::error_code ec) {
    if (ec) return close();  // the peer went, the deadline passed, or a request over the limits
    HttpRequest req = parser_->release();
    if (beast::websocket::is_upgrade(req)) {
      if (req.target() != "/ws") return write(make_response(req, http::status::not_found, "text/plain", "WebSocket at /ws only\n"));
      return start_websocket(host_, stream_.release_socket(), std::move(req), std::move(slot_));
    }
    answer(host_, req, [self = shared_from_this()](HttpResponse res) {
      asio::post(self->stream_.get_executor(), [self, res = std::move(res)]() mutable { self->write(std::move(res)); });
    });
  }

  void write(HttpResponse res) {
    auto held = std::make_shared<HttpResponse>(std::move(res));
    stream_.expires_after(std::chrono::seconds(host_.limits().hello_seconds));
    http::async_write(stream_, *held, [self = shared_from_this(), held](beast::error_code ec, std::size_t) {
      if (ec || !held->keep_alive()) return self->close();
      self->read();
    });
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

Server::Server(asio::io_context& ioc, Host& host, const tcp::endpoint& endpoint) : ioc_(ioc), host_(host), acceptor_(ioc) {
  acceptor_.open(endpoint.protocol());
  acceptor_.set_option(asio::socket_base::reuse_address(true));
  acceptor_.bind(endpoint);
  acceptor_.listen(asio::socket_base::max_listen_connections);
}

unsigned short Server::port() const { return acceptor_.local_endpoint().port(); }

void Server::start() { accept(); }

// Over the limit of connections, a new one is closed at once: it costs nothing to hold.
void Server::accept() {
  acceptor_.async_accept(asio::make_strand(ioc_), [this](beast::error_code ec, tcp::socket socket) {
    if (ec == asio::error::operation_aborted) return;
    if (!ec) {
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
  });
}

}  // namespace arbiter::server
