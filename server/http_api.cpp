// The page's files and the host's API (server/http_api.hpp). Only the host token opens the
// API; it comes in an `Authorization: Bearer` header, never in a URL that a log would keep.
#include "server/http_api.hpp"

#include "runtime/diagnostics.hpp"

namespace arbiter::server {

namespace {

std::string json_body(const Json& j) { return text_of(j) + "\n"; }

HttpResponse json_response(const HttpRequest& req, http::status status, const Json& j) {
  return make_response(req, status, "application/json", json_body(j));
}

HttpResponse problem(const HttpRequest& req, http::status status, const std::string& message) {
  return json_response(req, status, {{"error", message}});
}

bool host_token(Host& host, const HttpRequest& req) {
  auto it = req.find(http::field::authorization);
  if (it == req.end()) return false;
  std::string value(it->value());
  const std::string bearer = "Bearer ";
  return value.compare(0, bearer.size(), bearer) == 0 && host.is_host(value.substr(bearer.size()));
}

// POST /api/tables: {"ruleset", "players": [names], "bots": {name: kind}, "set": {k: v}, "variant"}.
TableSetup setup_from(const Json& body) {
  if (!body.is_object() || !body.contains("ruleset") || !body["ruleset"].is_string())
    throw InputError(R"(the body must be a JSON object with a "ruleset" string)");
  TableSetup s;
  s.ruleset = body["ruleset"].get<std::string>();
  if (!body.contains("players") || !body["players"].is_array() || body["players"].empty())
    throw InputError(R"("players" must be a list of names)");
  for (const auto& p : body["players"]) {
    if (!p.is_string()) throw InputError(R"("players" must be a list of names)");
    s.options.seats.push_back({p.get<std::string>(), -1});
    s.kinds.push_back("");
  }
  if (body.contains("bots")) {
    if (!body["bots"].is_object()) throw InputError(R"("bots" must map a player's name to a bot kind)");
    for (const auto& [name, kind] : body["bots"].items()) {
      std::size_t i = 0;
      while (i < s.options.seats.size() && s.options.seats[i].name != name) ++i;
      if (i == s.options.seats.size() || !kind.is_string())
        throw InputError("bots: no player " + quote(name) + " to give a bot");
      s.kinds[i] = kind.get<std::string>() == "human" ? "" : kind.get<std::string>();
    }
  }
  if (body.contains("set")) {
    if (!body["set"].is_object()) throw InputError(R"("set" must map parameters to values)");
    for (const auto& [k, v] : body["set"].items())
      s.options.set[k] = v.is_string() ? v.get<std::string>() : v.dump();
  }
  if (body.contains("variant")) {
    if (!body["variant"].is_string()) throw InputError(R"("variant" must be a string)");
    s.options.variant = body["variant"].get<std::string>();
  }
  s.options.seed = 0;  // drawn by the host
  return s;
}

Json links_json(const OpenedTable& t, const TableSetup& s) {
  Json seats = Json::array();
  for (std::size_t i = 0; i < s.options.seats.size(); ++i)
    if (i < t.seat_tokens.size() && !t.seat_tokens[i].empty())
      seats.push_back({{"name", s.options.seats[i].name}, {"link", "/t/" + t.id + "#" + t.seat_tokens[i]}});
  return {{"table", t.id}, {"seats", seats}, {"watch", "/t/" + t.id + "#" + t.watch_token}};
}

void open_table(Host& host, const HttpRequest& req, const std::function<void(HttpResponse)>& reply) {
  Json body = Json::parse(req.body(), nullptr, false);
  try {
    TableSetup setup = setup_from(body);
    OpenedTable opened = host.open(setup);
    reply(json_response(req, http::status::created, links_json(opened, setup)));
  } catch (const std::exception& e) {
    reply(problem(req, http::status::bad_request, e.what()));
  }
}

void api(Host& host, const HttpRequest& req, const std::string& path,
         std::function<void(HttpResponse)> reply) {
  if (!host_token(host, req))
    return reply(
        problem(req, http::status::unauthorized, "the API needs the host token (Authorization: Bearer h.…)"));
  if (path == "/api/tables" && req.method() == http::verb::get)
    return reply(json_response(req, http::status::ok, host.list()));
  if (path == "/api/tables" && req.method() == http::verb::post) return open_table(host, req, reply);
  const std::string prefix = "/api/tables/", suffix = "/save";
  if (req.method() == http::verb::delete_ && path.size() > prefix.size() &&
      path.compare(0, prefix.size(), prefix) == 0) {
    if (!host.remove(path.substr(prefix.size())))
      return reply(problem(req, http::status::not_found, "no such table"));
    return reply(json_response(req, http::status::ok, {{"removed", path.substr(prefix.size())}}));
  }
  if (req.method() == http::verb::get && path.size() > prefix.size() + suffix.size() &&
      path.compare(0, prefix.size(), prefix) == 0 &&
      path.compare(path.size() - suffix.size(), suffix.size(), suffix) == 0) {
    std::string id = path.substr(prefix.size(), path.size() - prefix.size() - suffix.size());
    return host.save_async(id, [req, reply](bool ok, std::string text) {
      if (ok) return reply(make_response(req, http::status::ok, "text/yaml; charset=utf-8", std::move(text)));
      reply(problem(req, text.empty() ? http::status::not_found : http::status::internal_server_error,
                    text.empty() ? "no such table" : text));
    });
  }
  reply(problem(req, http::status::not_found, "no such API call"));
}

}  // namespace

void set_common_headers(HttpResponse& res) {
  res.set(http::field::server, "arbiter");
  // No other site may show the page in a frame (and so dress it up or click through it).
  res.set("Content-Security-Policy", "default-src 'self'; frame-ancestors 'none'");
  res.set("X-Frame-Options", "DENY");
  res.set("X-Content-Type-Options", "nosniff");
  res.set("Referrer-Policy", "no-referrer");
  res.set(http::field::cache_control, "no-store");
}

HttpResponse make_response(const HttpRequest& req, http::status status, const std::string& type,
                           std::string body) {
  HttpResponse res{status, req.version()};
  set_common_headers(res);
  res.set(http::field::content_type, type);
  res.keep_alive(req.keep_alive());
  res.body() = std::move(body);
  res.prepare_payload();
  return res;
}

void answer(Host& host, const HttpRequest& req, std::function<void(HttpResponse)> reply) {
  std::string path(req.target());
  if (auto q = path.find('?'); q != std::string::npos) path.resize(q);
  if (path.compare(0, 5, "/api/") == 0) {
    try {
      return api(host, req, path, reply);
    } catch (const std::exception& e) {  // the database failed: said, and the server goes on
      return reply(problem(req, http::status::internal_server_error, e.what()));
    }
  }
  if (req.method() != http::verb::get && req.method() != http::verb::head)
    return reply(problem(req, http::status::method_not_allowed, "only GET here"));
  if (path == "/" || path.compare(0, 3, "/t/") == 0) path = "/index.html";
  const PageFile* f = page_file(path);
  if (!f) return reply(problem(req, http::status::not_found, "no such page"));
  reply(make_response(req, http::status::ok, f->type,
                      std::string(reinterpret_cast<const char*>(f->data), f->size)));
}

}  // namespace arbiter::server
