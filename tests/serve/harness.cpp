// The loopback tests' harness (tests/serve/harness.hpp).
#include "harness.hpp"

#include <fcntl.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/beast/http.hpp>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <regex>
#include <stdexcept>
#include <thread>

namespace serve_test {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
using tcp = boost::asio::ip::tcp;

std::string temp_dir() {
  char pattern[] = "/tmp/arbiter-serve-test-XXXXXX";
  if (!mkdtemp(pattern)) throw std::runtime_error("mkdtemp failed");
  return pattern;
}

namespace {

void read_links(ServerProcess& s, FILE* out) {
  std::regex serving(R"(^Serving on http://[^:]+:(\d+) )"), table(R"(^Table (\w+) )"),
      link(R"(^  (\S+) +http://\S+/t/(\w+)#(\S+)$)"), host(R"(^Open tables: http://\S+/#(h\.\w+)$)");
  char buf[4096];
  while (fgets(buf, sizeof buf, out)) {
    std::string line(buf);
    if (!line.empty() && line.back() == '\n') line.pop_back();
    s.lines.push_back(line);
    std::smatch m;
    if (std::regex_search(line, m, serving)) s.port = std::stoi(m[1]);
    else if (std::regex_search(line, m, link)) s.table = m[2], s.tokens[m[1]] = m[3];
    else if (std::regex_search(line, m, table) && s.table.empty()) s.table = m[1];
    else if (std::regex_search(line, m, host)) {
      s.host_token = m[1];
      return;
    }
  }
  throw std::runtime_error("arbiter serve ended before it printed its links");
}

}  // namespace

ServerProcess::ServerProcess(const std::vector<std::string>& args, const std::string& db,
                             const std::string& log) {
  int fds[2];
  if (pipe(fds) != 0) throw std::runtime_error("pipe failed");
  pid = fork();
  if (pid == 0) {
    dup2(fds[1], 1);
    if (int fd = log.empty() ? -1 : open(log.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600); fd >= 0)
      dup2(fd, 2), close(fd);
    close(fds[0]);
    close(fds[1]);
    std::vector<std::string> words = {ARBITER_BINARY, "serve"};
    words.insert(words.end(), args.begin(), args.end());
    for (std::string w : {"--port", "0", "--db", db.c_str()}) words.push_back(w);
    std::vector<char*> argv;
    for (auto& w : words) argv.push_back(w.data());
    argv.push_back(nullptr);
    if (chdir(ARBITER_SOURCE_DIR) != 0) _exit(126);
    execv(argv[0], argv.data());
    _exit(127);
  }
  close(fds[1]);
  FILE* out = fdopen(fds[0], "r");
  read_links(*this, out);
  // Whatever it prints later is read by nobody: it must not block on a full pipe.
  std::thread([out] {
    char buf[4096];
    while (fgets(buf, sizeof buf, out)) {}
    fclose(out);
  }).detach();
}

void ServerProcess::kill9() {
  if (pid > 0) kill(pid, SIGKILL), waitpid(pid, nullptr, 0);
  pid = -1;
}

int ServerProcess::stop() {
  int status = 0;
  if (pid > 0) kill(pid, SIGTERM), waitpid(pid, &status, 0);
  pid = -1;
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

ServerProcess::~ServerProcess() { stop(); }

HttpAnswer http_request(int port, const std::string& method, const std::string& target,
                        const std::string& bearer, const std::string& body,
                        const std::map<std::string, std::string>& headers) {
  boost::asio::io_context ioc;
  beast::tcp_stream stream(ioc);
  stream.connect(
      tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)));
  http::request<http::string_body> req{http::string_to_verb(method), target, 11};
  req.set(http::field::host, "127.0.0.1");
  if (!bearer.empty()) req.set(http::field::authorization, "Bearer " + bearer);
  for (const auto& [name, value] : headers) req.set(name, value);
  req.body() = body;
  req.prepare_payload();
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res);
  HttpAnswer a{static_cast<int>(res.result_int()), res.body(), {}};
  for (const auto& f : res) a.headers[std::string(f.name_string())] = std::string(f.value());
  return a;
}

Client::Client(Clients& clients, int port, int receive_buffer) : clients_(clients), ws_(clients.ioc) {
  auto& sock = beast::get_lowest_layer(ws_).socket();
  sock.open(tcp::v4());
  if (receive_buffer > 0) sock.set_option(boost::asio::socket_base::receive_buffer_size(receive_buffer));
  sock.connect(tcp::endpoint(boost::asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)));
  ws_.read_message_max(1 << 24);
  ws_.handshake("127.0.0.1", "/ws");
  read();
}

void Client::start_reading() {
  reading_ = true;
  if (!read_pending_) read();
}

void Client::read() {
  if (!reading_ || closed) return;
  read_pending_ = true;
  ws_.async_read(buffer_, [this](beast::error_code ec, std::size_t) {
    read_pending_ = false;
    if (ec) {
      closed = true;
      return;
    }
    Json m = Json::parse(beast::buffers_to_string(buffer_.data()), nullptr, false);
    buffer_.consume(buffer_.size());
    messages.push_back(m);
    all.push_back(m);
    read();
  });
}

void Client::send_text(const std::string& text) {
  beast::error_code ec;
  ws_.text(true);
  ws_.write(boost::asio::buffer(text), ec);
  if (ec) closed = true;
  ++sent;
}

void Client::send(const Json& message) { send_text(message.dump()); }

void Client::hello(const std::string& table, const std::string& token) {
  send({{"type", "hello"}, {"table", table}, {"token", token}});
}

bool next_of(Clients& cs, Client& c, const std::string& type, Json& out, int ms) {
  out = Json();
  bool found = cs.run_until(ms, [&] {
    while (!c.messages.empty()) {
      Json m = c.messages.front();
      c.messages.pop_front();
      if (m.is_object() && m.value("type", "") == type) {
        out = m;
        return true;
      }
    }
    return c.closed;
  });
  return found && out.is_object() && out.value("type", "") == type;
}

}  // namespace serve_test
