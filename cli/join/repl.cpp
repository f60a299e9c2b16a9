// The `arbiter join` prompt: it waits for the server, shows the seat's table and options when
// there is something to decide, and sends what is typed. At a terminal the prompt is always
// open (commands work while others play) and news arriving redraws it; piped input is read
// only when the seat has a decision, a line each.
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <tuple>

#include "cli/app.hpp"
#include "cli/terminal/interrupt.hpp"
#include "cli/join/session.hpp"
#include "present/output.hpp"
#include "present/render.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/engine.hpp"

namespace arbiter::cli {

using nlohmann::json;

namespace {

const char* kHelp =  // 60 columns
    "Type an action as listed (Tab completes), or a command:\n"
    "  :table        show the table again\n"
    "  :legal        list the legal actions\n"
    "  :view         your seat's table (the only one you see)\n"
    "  :log          what has happened, as you may see it\n"
    "  :quit         leave (the link lets you back in)\n"
    "Out of your turn, Enter lets a chance to act go by.\n";

const std::vector<std::string>& commands() {
  static const std::vector<std::string> names = {":help", ":table", ":legal", ":view", ":log", ":quit"};
  return names;
}

// What a newcomer types for help or to leave (as in `arbiter play`).
const char* bare_hint(const std::string& line) {
  if (line == "help" || line == "?" || line == "h") return "commands start with a colon: :help lists them";
  if (line == "quit" || line == "exit" || line == "q") return "to leave, type :quit (or press Ctrl-D)";
  return nullptr;
}

}  // namespace

std::vector<std::string> JoinSession::legal() const {
  std::vector<std::string> out;
  if (over_ || !state_.is_object() || !state_.contains("legal") || !state_["legal"].is_array()) return out;
  for (const auto& a : state_["legal"])
    if (a.is_string()) out.push_back(a.get<std::string>());
  return out;
}

bool JoinSession::out_of_turn() const { return !legal().empty() && !flag_of(state_, "on_turn"); }

int JoinSession::run() {
  if (interactive_) catch_interrupts();
  while (!done_ && !quit_ && !output_failed()) {
    drain();
    if (done_ || (failed_ && !interactive_)) break;
    if (over_ && !interactive_) break;
    if (input_over_ && settled()) break;  // the last line's answer is in
    if (!ready()) {
      wait();
      continue;
    }
    if (!prompt()) break;
  }
  if (!over_ && !done_ && joined_ && interactive_)
    print("{}\n", fit("You left the table; the link lets you back in."));
  return failed_ ? 1 : status_;
}

void JoinSession::drain() {
  JoinClient::Event e;
  while (!done_ && client_.next(e)) handle(e);
}

// Until the server sends something (or Ctrl-C at a terminal). Piped, a seat's input is read a
// line ahead meanwhile, so that its end is seen: the player has left, as in `arbiter play`,
// once what was sent is answered (the answer says whether the last line was taken).
void JoinSession::wait() {
  if (input_over_ && std::chrono::steady_clock::now() >= answer_by_) {
    if (!awaiting_ && !unanswered_ && pending_.empty())
      return void(quit_ = true);  // no line's fate is in doubt
    if (pending_.empty())
      refused(fmt::format(
                  "{}the input ended and the server did not answer within {} s; it may not have been taken",
                  sent_line_.empty() ? "" : sent_line_ + ": ", kLastAnswerSeconds),
              sent_line_number_);
    else
      refused(fmt::format("the input ended and the seat had no decision for this line within {} s",
                          kLastAnswerSeconds),
              pending_.front().second);
    failed_ = true;
    return;
  }
  bool read_ahead = !interactive_ && !me_.empty() && pending_.empty() && !input_over_;
  pollfd fds[3] = {{client_.wake_fd(), POLLIN, 0},
                   {interactive_ ? interrupt_fd() : -1, POLLIN, 0},
                   {read_ahead ? STDIN_FILENO : -1, POLLIN, 0}};
  poll(fds, 3, wait_ms());
  if (interactive_ && take_interrupt()) {
    drain_interrupt_fd();
    if (interrupted()) quit_ = true;
  }
  if (read_ahead && fds[2].revents) {
    bool woken = false;
    std::string line;
    if (read_line("", line, woken)) pending_.emplace_back(line, line_number_);
    else if (!failed_) input_ended();
  }
}

// Piped input ended while the seat waits: join leaves as soon as what it sent is answered
// and the seat's state is in (with the end, when the game is over: a finished table shows it).
void JoinSession::input_ended() {
  input_over_ = true;
  answer_by_ = std::chrono::steady_clock::now() + std::chrono::seconds(kLastAnswerSeconds);
}

// Nothing more to wait for: the state is in, what was sent is answered, and the game is not
// ending (a state in which no seat is waited for is followed by the end).
bool JoinSession::settled() const {
  if (!synced_ || awaiting_ || unanswered_ || !pending_.empty()) return false;
  return over_ || !state_.contains("waiting_for") || !state_["waiting_for"].is_array() ||
         !state_["waiting_for"].empty();
}

int JoinSession::wait_ms() const {
  if (!input_over_) return -1;
  auto left =
      std::chrono::duration_cast<std::chrono::milliseconds>(answer_by_ - std::chrono::steady_clock::now());
  return static_cast<int>(std::max<long long>(0, left.count()));
}

bool JoinSession::interrupted() {
  print("^C\n");
  if (cancelled_) return true;
  cancelled_ = true;
  print("(Ctrl-C again or :quit leaves the table)\n");
  return false;
}

bool JoinSession::ready() const {
  if (!welcomed_ || !synced_ || awaiting_ || !state_.is_object()) return false;
  return interactive_ || (!legal().empty() && !over_);
}

std::string JoinSession::prompt_text() const {
  if (over_) return "(game over)> ";
  if (me_.empty()) return "(watching)> ";
  if (out_of_turn()) return "(Enter passes)> ";
  if (!legal().empty()) return me_ + "> ";
  std::vector<std::string> waiting;
  if (state_.contains("waiting_for") && state_["waiting_for"].is_array())
    for (const auto& w : state_["waiting_for"])
      if (w.is_string()) waiting.push_back(w.get<std::string>());
  return waiting.empty() ? "(waiting)> " : "(waiting for " + join_choices(waiting, ", ") + ")> ";
}

// The table and the options, once per position in which the seat has a decision.
void JoinSession::show_decision() {
  std::vector<std::string> options = legal();
  if (options.empty() || decision_shown_at_ == seq_) return;
  decision_shown_at_ = seq_;
  show_table();
  if (out_of_turn())
    print("{}\n",
          style(fit("Before play goes on, you may act: " + join_choices(options, ", ")), "33", color_));
  else print("{}\n{}", style("Your options:", "1", color_), render_actions(options, width()));
}

bool JoinSession::prompt() {
  show_decision();
  if (interactive_) {
    std::vector<std::string> completions = legal();
    completions.insert(completions.end(), commands().begin(), commands().end());
    editor_.set_completions(completions);
  }
  std::string line;
  bool woken = false;
  if (!read_line(prompt_text(), line, woken)) return false;
  return woken || take(line);
}

// False at the end of input or a second Ctrl-C. News from the server ends the read with
// `woken` and the prompt's line cleared for the news.
bool JoinSession::read_line(const std::string& prompt, std::string& line, bool& woken) {
  line.clear();
  if (!pending_.empty()) {
    std::tie(line, taken_number_) = pending_.front();
    pending_.pop_front();
    return true;
  }
  flush_out();  // what the line answers is out first, also into a pipe
  for (;;) {
    LineEditor::Read got = editor_.read(interactive_ ? prompt : "", line);
    if (got == LineEditor::Read::Woken) {
      write_out(control("\r\033[K"));
      woken = true;
      return true;
    }
    if (got == LineEditor::Read::Line) break;
    if (got == LineEditor::Read::End) {
      if (interactive_) print("\n");
      return false;
    }
    if (got == LineEditor::Read::Refused) {
      taken_number_ = ++line_number_;
      refused(editor_.refusal());
      if (!interactive_) {
        failed_ = true;
        return false;
      }
      continue;
    }
    if (interrupted()) return false;
  }
  cancelled_ = false;
  taken_number_ = ++line_number_;
  return true;
}

bool JoinSession::take(const std::string& raw) {
  std::string line = normalize_action(raw);
  if (line.empty()) {
    if (out_of_turn()) send_pass();
    return true;
  }
  if (line[0] == ':') return meta(line);
  std::vector<std::string> options = legal();
  bool listed = std::find(options.begin(), options.end(), line) != options.end();
  if (const char* hint = bare_hint(line); hint && !listed) {
    refused(hint);
    return interactive_;
  }
  if (out_of_turn() && !listed && !interactive_) {
    // Piped: a line that is not such an action is for the seat's next decision (as in `arbiter play`).
    pending_.emplace_front(raw, taken_number_);
    send_pass();
    return true;
  }
  if (over_) {
    refused("the game is over: :log, :table or :quit");
    return true;
  }
  if (me_.empty()) {
    refused("you are watching: a spectator takes no action");
    return true;
  }
  if (options.empty()) {
    refused("it is not your turn: " + prompt_text().substr(1, prompt_text().size() - 4));
    return true;
  }
  send_action(line);
  return true;
}

void JoinSession::send_action(const std::string& action) {
  sent_message_ = json{{"type", "action"}, {"action", action}, {"seq", seq_}}.dump();
  client_.send(sent_message_);
  sent_seq_ = seq_;
  sent_line_ = action;
  sent_line_number_ = taken_number_;
  awaiting_ = true;
}

void JoinSession::send_pass() {
  sent_message_ = json{{"type", "pass"}, {"seq", seq_}}.dump();
  client_.send(sent_message_);
  sent_seq_ = seq_;
  sent_line_.clear();
  sent_line_number_ = taken_number_;
  awaiting_ = true;
}

bool JoinSession::meta(const std::string& line) {
  std::string cmd = line.substr(0, line.find(' '));
  std::string arg = line.size() > cmd.size() ? normalize_action(line.substr(cmd.size())) : "";
  if (cmd == ":quit" || cmd == ":q") {
    quit_ = true;
    return false;
  }
  if (cmd == ":help") print("{}", kHelp);
  else if (cmd == ":table") show_table();
  else if (cmd == ":legal") print("{}", render_actions(legal(), width()));
  else if (cmd == ":log") show_log();
  else if (cmd == ":view" &&
           (arg.empty() || arg == normalize_action(me_) || (me_.empty() && arg == "public")))
    show_table();
  else if (cmd == ":view") refused("over the network you see only your own seat's table: :view shows it");
  else refused("unknown command " + quote(cmd) + did_you_mean(cmd, commands()) + "; :help lists them");
  return !failed_ || interactive_;
}

void JoinSession::show_table() {
  std::string table = text_of(state_, "table");
  if (!table.empty()) print("\n{}{}", table, table.back() == '\n' ? "" : "\n");
}

void JoinSession::show_log() {
  for (const json& line : log_) {
    std::string kind = text_of(line, "kind"), text = text_of(line, "text");
    std::string seat = text_of(line, "seat");
    print("{}\n", fit(log_line(kind, seat.empty() ? me_ : seat, text)));
  }
}

}  // namespace arbiter::cli
