// The protocol's handling (server/protocol.hpp). Every field a client sends is checked for
// its type before use; nothing in a frame names the seat it acts for: that is the connection's.
#include "server/protocol.hpp"

#include <algorithm>

#include "cli/json_text.hpp"

namespace arbiter::server {

namespace {

Request bad(std::string why) {
  Request r;
  r.error = std::move(why);
  return r;
}

// `seq` when the frame has one: a whole number, else an error.
bool read_seq(const Json& m, Request& r) {
  if (!m.contains("seq")) return true;
  const Json& s = m["seq"];
  if (!s.is_number_integer()) return false;
  r.seq = s.get<std::int64_t>();
  return true;
}

Request read_hello(const Json& m) {
  Request r;
  if (!m.contains("table") || !m["table"].is_string() || !m.contains("token") || !m["token"].is_string())
    return bad(R"(hello needs "table" and "token" strings)");
  r.table = m["table"].get<std::string>();
  r.token = m["token"].get<std::string>();
  if (m.contains("columns")) {
    if (!m["columns"].is_number_integer()) return bad(R"("columns" must be a whole number)");
    r.columns = static_cast<int>(std::clamp<std::int64_t>(m["columns"].get<std::int64_t>(), 40, 200));
  }
  r.type = Request::Type::Hello;
  return r;
}

}  // namespace

std::string text_of(const Json& message) { return cli::json_text(message); }

std::string error_message(const std::string& message) { return text_of({{"type", "error"}, {"message", message}}); }

Request parse_request(std::string_view frame) {
  Json m = Json::parse(frame.begin(), frame.end(), nullptr, false);
  if (!m.is_object()) return bad("not a JSON object");
  if (!m.contains("type") || !m["type"].is_string()) return bad(R"(a message needs a "type" string)");
  std::string type = m["type"].get<std::string>();
  Request r;
  if (type == "hello") return read_hello(m);
  if (type == "resync") {
    r.type = Request::Type::Resync;
    return r;
  }
  if (type != "action" && type != "pass")
    return bad("unknown message type " + text_of(Json(type)) + R"( (hello, action, pass or resync))");
  if (!read_seq(m, r)) return bad(R"("seq" must be a whole number)");
  if (type == "pass") {
    r.type = Request::Type::Pass;
    return r;
  }
  if (!m.contains("action") || !m["action"].is_string()) return bad(R"(an action needs an "action" string)");
  r.action = m["action"].get<std::string>();
  r.type = Request::Type::Action;
  return r;
}

Handled handle_frame(TableGame& game, Connection& conn, std::string_view frame, const Commit& commit) {
  Handled h;
  Request r = parse_request(frame);
  switch (r.type) {
    case Request::Type::Bad: h.replies.push_back(error_message(r.error)); return h;
    case Request::Type::Hello: h.replies.push_back(error_message("this connection has said hello already")); return h;
    case Request::Type::Resync:
      conn.cursor = {};
      h.replies.push_back(text_of(game.state_message(conn.seat, conn.cursor, conn.columns)));
      return h;
    default: break;
  }
  Json action = r.type == Request::Type::Pass ? Json("pass") : Json(r.action);
  Outcome o;
  if (conn.seat < 0) o = {false, "spectator", "a spectator cannot act"};
  else if (r.type == Request::Type::Pass) o = game.pass(conn.seat, r.seq);
  else o = game.act(conn.seat, r.action, r.seq, commit);
  if (!o.ok) {
    h.replies.push_back(text_of({{"type", "refused"}, {"action", action}, {"reason", o.reason}, {"message", o.message}}));
    return h;
  }
  h.moved = true;
  return h;
}

}  // namespace arbiter::server
