// HTTP requests other than the WebSocket's: the page's files and the host's API
// (docs/server.md, "HTTP"). Every answer carries the same security headers.
#pragma once
#include <boost/beast/http.hpp>

#include <functional>
#include <string>

#include "server/host.hpp"

namespace arbiter::server {

namespace http = boost::beast::http;
using HttpRequest = http::request<http::string_body>;
using HttpResponse = http::response<http::string_body>;

// Answers `request`; `reply` may be called later, from another thread (a save is written on
// its table's strand), but exactly once.
void answer(Host& host, const HttpRequest& request, std::function<void(HttpResponse)> reply);

// Sets the headers every answer of the server carries (docs/server.md, "HTTP"): Beast's own
// answers to a WebSocket upgrade, the 101 and a 400 for a bad one, get them from here too.
void set_common_headers(HttpResponse& res);

// A response with `status`, `type` and `body`, and the security headers.
HttpResponse make_response(const HttpRequest& request, http::status status, const std::string& type,
                           std::string body);

// The embedded page's file at `path` ("/app.js"); false when there is none.
struct PageFile {
  const char* path;
  const char* type;
  const unsigned char* data;
  std::size_t size;
};
const PageFile* page_file(const std::string& path);

}  // namespace arbiter::server
