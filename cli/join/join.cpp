// The `arbiter join` REPL: the server's messages (docs/server.md) come in as events from
// cli/join/client.hpp and are shown as `arbiter play` shows a game; what the player types is
// sent as actions. Every text from the network reaches the terminal through present/output.hpp.
#include <poll.h>
#include <unistd.h>

#include <algorithm>

#include <nlohmann/json.hpp>

#include "cli/app.hpp"
#include "cli/terminal/interrupt.hpp"
#include "cli/join/join.hpp"
#include "cli/join/client.hpp"
#include "cli/join/session.hpp"
#include "present/output.hpp"
#include "present/render.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/engine.hpp"

namespace arbiter::cli {

using nlohmann::json;

std::string text_of(const json& j, const char* key) {
  if (!j.is_object()) return "";
  auto it = j.find(key);
  return it != j.end() && it->is_string() ? it->get<std::string>() : std::string();
}

bool flag_of(const json& j, const char* key) {
  if (!j.is_object()) return false;
  auto it = j.find(key);
  return it != j.end() && it->is_boolean() && it->get<bool>();
}

long long number_of(const json& j, const char* key, long long otherwise) {
  if (!j.is_object()) return otherwise;
  auto it = j.find(key);
  return it != j.end() && it->is_number_integer() ? it->get<long long>() : otherwise;
}

namespace {

std::vector<std::string> texts_of(const json& j, const char* key) {
  std::vector<std::string> out;
  auto it = j.find(key);
  if (it != j.end() && it->is_array())
    for (const auto& x : *it)
      if (x.is_string()) out.push_back(x.get<std::string>());
  return out;
}

}  // namespace

JoinSession::JoinSession(JoinClient& client, bool interactive)
    : client_(client),
      interactive_(interactive),
      color_(interactive && color_enabled(STDOUT_FILENO)),
      editor_(interactive) {
  if (interactive_) editor_.set_wake_fd(client_.wake_fd());
}

std::string JoinSession::fit(const std::string& text) const {
  if (!interactive_) return text;
  return wrap_words(text, std::max(20, player_columns(61) - 1), "  ");
}

int JoinSession::width() {
  int columns = player_columns(0);
  return columns == 0 ? 78 : std::clamp(columns - 2, 40, 78);
}

// Piped, the line the refusal answers; none before the first line is read (a refusal the
// server sent unasked), as in piped `arbiter play`.
void JoinSession::refused(const std::string& what, int line) {
  int number = line == 0 ? taken_number_ : line;
  std::string where = interactive_ || number == 0 ? "" : fmt::format("line {}: ", number);
  print_err("{}{}\n", where, fit(what));
}

// ---- What the server sends ----------------------------------------------------------------

void JoinSession::handle(const JoinClient::Event& e) {
  using Kind = JoinClient::Event::Kind;
  if (e.kind == Kind::Connected) return;
  if (e.kind == Kind::Dropped) {
    welcomed_ = false;
    unanswered_ = awaiting_;
    awaiting_ = false;
    return print("{}\n", fit("Connection lost (" + e.text + "); connecting again…"));
  }
  if (e.kind == Kind::Gone) {
    done_ = true, status_ = 1;
    return print_err("{}\n", fit(e.text));
  }
  json m = json::parse(e.text, nullptr, false);
  if (!m.is_object())
    return print_err("{}\n", fit("The server sent a message that is not a JSON object; it is left aside."));
  std::string type = text_of(m, "type");
  if (type == "welcome") on_welcome(m);
  else if (type == "state") on_state(m);
  else if (type == "refused") on_refused(m);
  else if (type == "presence") on_presence(m);
  else if (type == "over") on_over(m);
  else if (type == "error") on_error(m);
}

void JoinSession::on_welcome(const json& m) {
  bool again = joined_;
  welcomed_ = joined_ = true;
  synced_ = false;  // nothing is read until the state this connection brings
  me_ = text_of(m, "seat");
  seats_ = m.contains("seats") && m["seats"].is_array() ? m["seats"] : json::array();
  if (again) return print("{}\n", fit("Connected again."));
  std::vector<std::string> who;
  for (const auto& s : seats_) {
    if (!s.is_object()) continue;
    std::string name = text_of(s, "name"), plays = text_of(s, "plays");
    who.push_back(name == me_                         ? name + " (you)"
                  : plays.empty() || plays == "human" ? name
                                                      : name + " (" + plays + ")");
  }
  std::string as = me_.empty() ? "watching" : "as " + me_;
  print("{}\n",
        fit(fmt::format("{} at table {}, {}. Seats: {}. Type :help for commands; Tab completes actions.",
                        text_of(m, "ruleset"), text_of(m, "table"), as, join_choices(who, ", "))));
}

void JoinSession::on_state(const json& m) {
  awaiting_ = false;
  synced_ = true;
  long long from = number_of(m, "log_from", static_cast<long long>(log_.size()));
  const json& lines = m.contains("log") && m["log"].is_array() ? m["log"] : json::array();
  if (from < 0 || from > static_cast<long long>(log_.size())) from = static_cast<long long>(log_.size());
  log_.resize(from);
  for (const auto& line : lines) log_.push_back(line.is_object() ? line : json::object());
  state_ = m;
  seq_ = number_of(m, "seq", -1);
  show_news();
  // An action sent as the connection dropped, unanswered: if the game is still where it was,
  // it never arrived (or was not kept), and it is sent again; seq makes a second landing stale.
  if (unanswered_ && seq_ == sent_seq_) {
    client_.send(sent_message_);
    awaiting_ = true;
  }
  unanswered_ = false;
}

// Narration not shown yet (a reconnect's whole log is not shown again).
void JoinSession::show_news() {
  for (; shown_ < log_.size(); ++shown_) {
    const json& line = log_[shown_];
    std::string kind = text_of(line, "kind"), text = text_of(line, "text");
    if (kind == "say" || kind == "chance") print("{}\n", fit(log_line(kind, "", text)));
  }
  flush_out();
}

void JoinSession::on_refused(const json& m) {
  awaiting_ = false;
  std::string reason = text_of(m, "reason"), message = text_of(m, "message");
  // The game moved on before the action arrived: it is read again against the new state.
  if (reason == "stale" && !interactive_ && !sent_line_.empty()) {
    pending_.emplace_front(sent_line_, sent_line_number_);
    return;
  }
  std::string what = text_of(m, "action");
  std::string msg = (what.empty() ? "" : what + ": ") + (reason.empty() ? "refused" : reason);
  if (!message.empty() && message != reason) msg += " (" + message + ")";
  if (reason == "not legal now") msg += did_you_mean(what, legal());
  refused(msg, sent_line_number_);
  if (!interactive_) failed_ = true;
}

void JoinSession::on_presence(const json& m) {
  json seats = m.contains("seats") && m["seats"].is_array() ? m["seats"] : json::array();
  for (const auto& s : seats) {
    if (!s.is_object() || text_of(s, "name") == me_) continue;
    bool now = flag_of(s, "connected"), before = false;
    for (const auto& o : seats_)
      if (text_of(o, "name") == text_of(s, "name")) before = flag_of(o, "connected");
    if (now != before)
      print("{}\n", fit(text_of(s, "name") + (now ? " is at the table." : " has left the table.")));
  }
  seats_ = seats;
}

// A score as the REPL writes a value (runtime/value.hpp's to_text).
static std::string value_text(const json& v) {
  if (v.is_boolean()) return v.get<bool>() ? "true" : "false";
  if (v.is_number_integer()) return std::to_string(v.get<long long>());
  if (v.is_number()) return fmt::format("{:g}", v.get<double>());
  return v.is_string() ? v.get<std::string>() : "none";
}

// The names of an object keyed by seat, in the order of the table's seats (a JSON object has none).
std::vector<std::string> JoinSession::seat_order(const json& by_seat) const {
  std::vector<std::string> names;
  if (!by_seat.is_object()) return names;
  for (const auto& s : seats_)
    if (by_seat.contains(text_of(s, "name"))) names.push_back(text_of(s, "name"));
  for (const auto& [name, value] : by_seat.items())
    if (std::find(names.begin(), names.end(), name) == names.end()) names.push_back(name);
  return names;
}

// The end as `arbiter play` words it (present/render.hpp): each seat's score, or its result where
// the game says the score is not the game's (a server that does not say gives the scores), and
// the score hook's failure, when the server says one.
void JoinSession::on_over(const json& m) {
  show_news();
  show_table();  // the last table, as `arbiter play` shows it before its last line
  GameEnd end{texts_of(m, "winners"),
              text_of(m, "reason"),
              !m.contains("final_scores") || flag_of(m, "final_scores"),
              {},
              m.contains("cooperative") && flag_of(m, "cooperative")};
  json marks = m.contains("payoffs") ? json::object()
                                     : m.value(end.final_scores ? "scores" : "results", json::object());
  // A score that could not be read (null, with the server's `error` saying why) shows as "?".
  std::string error = text_of(m, "error");
  for (const std::string& name : seat_order(marks))
    end.seats.emplace_back(name, end.final_scores && !error.empty() && marks[name].is_null() ? "?"
                                 : end.final_scores
                                     ? value_text(marks[name])
                                     : value_text(marks[name].is_number() ? marks[name] : json()));
  print("{}\n", fit(end_line(end)));
  if (!error.empty()) {  // on standard error, as `arbiter play` says it; piped, join exits 1
    print_err("{}\n", fit(error));
    if (!interactive_) failed_ = true;
  }
  json payoffs = m.value("payoffs", json::object());
  if (!seat_order(payoffs).empty()) {
    std::vector<std::pair<std::string, double>> paid;
    for (const std::string& name : seat_order(payoffs))
      paid.emplace_back(name, payoffs[name].is_number() ? payoffs[name].get<double>() : 0.0);
    print("{}\n", fit(payoffs_line(paid, text_of(m, "payoff_unit"))));
  }
  if (interactive_) print("{}\n", fit("The game is over: :log, :table or :quit."));
  over_ = true;  // piped, join ends here; at a terminal a prompt stays for :log and :table
}

void JoinSession::on_error(const json& m) {
  std::string message = text_of(m, "message");
  if (!welcomed_) {  // the server refused the link itself: connecting again would not help
    client_.stop_reconnecting();
    done_ = true;
    status_ = 1;
    return print_err("the server refused the link: {}\n", fit(message));
  }
  print_err("{}\n", fit("The server says: " + message));
  // The table stopped: nothing more will come. Piped, join ends; at a terminal the prompt stays.
  if (m.contains("stopped") && m["stopped"] == true && !interactive_) {
    client_.stop_reconnecting();
    done_ = true;
    status_ = 1;
  }
}

}  // namespace arbiter::cli
