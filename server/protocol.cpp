// The protocol's handling (server/protocol.hpp). Every field a client sends is checked for
// its type before use; nothing in a frame names the seat it acts for: that is the connection's.
#include "server/protocol.hpp"

#include <algorithm>
#include <cstdint>

#include "present/json_text.hpp"

namespace arbiter::server {

namespace {

// `object`: the frame was a JSON object (a first message that is one, but no hello, is told so).
Request bad(std::string why, bool object = true) {
  Request r;
  r.error = std::move(why);
  r.object = object;
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

// `columns` when the hello has one: a whole number, brought inside 40..200.
bool read_columns(const Json& m, Request& r) {
  if (!m.contains("columns")) return true;
  const Json& c = m["columns"];
  if (c.is_number_unsigned())
    r.columns = static_cast<int>(std::min<std::uint64_t>(c.get<std::uint64_t>(), 200));
  else if (c.is_number_integer()) r.columns = 40;  // negative
  else return false;
  r.columns = std::clamp(r.columns, 40, 200);
  return true;
}

// A hello's fields, each checked: the error names the field that is wrong, and what it is.
Request read_hello(const Json& m) {
  Request r;
  r.object = r.hello = true;
  for (const char* field : {"table", "token"}) {
    if (m.contains(field) && m[field].is_string()) continue;
    r.error = "hello: \"" + std::string(field) + "\" must be a string" +
              (m.contains(field) ? ", not " + text_of(m[field]) : " (it is missing)");
    return r;
  }
  r.table = m["table"].get<std::string>();
  r.token = m["token"].get<std::string>();
  if (!read_columns(m, r)) {
    r.error = R"(hello: "columns" must be a whole number (40 to 200), not )" + text_of(m["columns"]);
    return r;
  }
  r.type = Request::Type::Hello;
  return r;
}

}  // namespace

std::string text_of(const Json& message) { return present::json_text(message); }

std::string error_message(const std::string& message) {
  return text_of({{"type", "error"}, {"message", message}});
}

std::string stopped_message(const std::string& why) {
  return text_of({{"type", "error"}, {"message", "the table stopped: " + why}, {"stopped", true}});
}

Request parse_request(std::string_view frame) {
  Json m;
  try {
    m = Json::parse(frame.begin(), frame.end());
  } catch (const Json::exception& e) {  // a syntax error, or a number out of range (1e400)
    std::string why =
        e.what();  // "[json.exception.parse_error.101] parse error at ...": the words after the tag
    return bad("not JSON: " + why.substr(why.find(']') == std::string::npos ? 0 : why.find(']') + 2), false);
  }
  if (!m.is_object()) return bad("not a JSON object", false);
  if (!m.contains("type") || !m["type"].is_string()) return bad(R"(a message needs a "type" string)");
  std::string type = m["type"].get<std::string>();
  Request r;
  r.object = true;
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
    case Request::Type::Hello:
      h.replies.push_back(error_message("this connection has said hello already"));
      return h;
    case Request::Type::Resync:
      conn.cursor = {};
      h.replies.push_back(text_of(game.state_message(conn.seat, conn.cursor, conn.columns)));
      return h;
    default: break;
  }
  Json action = r.type == Request::Type::Pass ? Json("pass") : Json(r.action);
  ActionResult o;
  if (conn.seat < 0) o = refused(Refusal::Spectator, "a spectator cannot act");
  else if (r.type == Request::Type::Pass) o = game.pass(conn.seat, r.seq, commit);
  else o = game.act(conn.seat, r.action, r.seq, commit);
  if (!o.ok()) {
    h.replies.push_back(text_of(
        {{"type", "refused"}, {"action", action}, {"reason", to_text(o.refusal)}, {"message", o.message}}));
    return h;
  }
  h.moved = true;
  return h;
}

}  // namespace arbiter::server
