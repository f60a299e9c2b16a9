// Loopback tests of `arbiter serve`'s HTTP edges: a HEAD answer is the header alone, so a
// kept-alive connection reads the next answer as the next; a seat named with a line break
// or another control character is refused by the API that opens tables (the host's page
// form sends the same request).
#include <catch2/catch.hpp>

#include <boost/asio/read.hpp>
#include <boost/asio/write.hpp>

#include "harness.hpp"

using namespace serve_test;

namespace {

// Everything the server sends back to `requests`, written at once on one connection, until it closes.
std::string raw_exchange(int port, const std::string& requests) {
  boost::asio::io_context ioc;
  boost::asio::ip::tcp::socket socket(ioc);
  socket.connect({boost::asio::ip::make_address("127.0.0.1"), static_cast<unsigned short>(port)});
  boost::asio::write(socket, boost::asio::buffer(requests));
  std::string out;
  boost::system::error_code ec;
  boost::asio::read(socket, boost::asio::dynamic_buffer(out), ec);  // to the end: the last request says close
  return out;
}

}  // namespace

TEST_CASE("serve: HEAD gets the header alone, with GET's Content-Length, and the next answer follows it",
          "[serve]") {
  std::string dir = temp_dir();
  ServerProcess server({}, dir + "/t.db");
  HttpAnswer page = http_request(server.port, "GET", "/");
  REQUIRE(page.status == 200);
  std::string got = raw_exchange(server.port,
                                 "HEAD / HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                                 "HEAD /nosuch HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n"
                                 "GET /nosuch HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n");
  INFO(got.substr(0, 2000));
  auto end = got.find("\r\n\r\n");
  REQUIRE(end != std::string::npos);
  std::string head = got.substr(0, end + 2);  // each header line with its CRLF
  CHECK(head.rfind("HTTP/1.1 200", 0) == 0);
  CHECK(head.find("Content-Length: " + std::to_string(page.body.size()) + "\r\n") != std::string::npos);
  // The next bytes are the second answer's status line, not the page.
  std::string rest = got.substr(end + 4);
  REQUIRE(rest.rfind("HTTP/1.1 404", 0) == 0);
  auto second = rest.find("\r\n\r\n");
  REQUIRE(second != std::string::npos);
  CHECK(rest.compare(second + 4, 12, "HTTP/1.1 404") == 0);
  CHECK(rest.find("{\"error\"") == rest.rfind("{\"error\""));  // one body: the GET's
}

TEST_CASE(
    "serve: a seat named with a line break, a control or a bidi character is refused by the API, saying why",
    "[serve]") {
  std::string dir = temp_dir();
  ServerProcess server({}, dir + "/t.db");
  for (const char* name :
       {R"(Ann\nBob wins.)", R"(A\rB)", R"(A\u001b[2J)", R"(A\u009bB)", R"(A\u202eB)", R"(A\u2028B)"}) {
    INFO(name);
    std::string body =
        std::string(R"({"ruleset":"tictactoe","players":[")") + name + R"(","Cid"],"bots":{},"set":{}})";
    HttpAnswer a = http_request(server.port, "POST", "/api/tables", server.host_token, body);
    CHECK(a.status == 400);
    Json j = Json::parse(a.body, nullptr, false);
    REQUIRE(j.is_object());
    std::string error = j.value("error", "");
    CHECK_THAT(error, Catch::Contains("holds a control character") &&
                          Catch::Contains("could pass for a line of the game's own"));
  }
  HttpAnswer list = http_request(server.port, "GET", "/api/tables", server.host_token);
  CHECK(list.body == "[]\n");  // nothing was opened
  HttpAnswer fine = http_request(server.port, "POST", "/api/tables", server.host_token,
                                 R"({"ruleset":"tictactoe","players":["Zoë","Cid"]})");
  CHECK(fine.status == 201);
}
