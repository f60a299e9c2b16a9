// One seat's game over the network, for `arbiter join` (cli/join/join.hpp): cli/join/join.cpp shows
// what the server sends, cli/join/repl.cpp reads what the player types. The line editor, the
// completion of actions, the layout of the options and the narration's wrapping are the
// REPL's own (cli/terminal/line_editor.hpp, present/render.hpp).
#pragma once
#include <nlohmann/json.hpp>

#include <chrono>
#include <deque>
#include <string>
#include <vector>

#include "cli/join/client.hpp"
#include "cli/terminal/line_editor.hpp"

namespace arbiter::cli {

// Fields of a message from the network, read without trusting its shape: a field that is
// missing or of another type reads as "", false or `otherwise`.
std::string text_of(const nlohmann::json& j, const char* key);
bool flag_of(const nlohmann::json& j, const char* key);
long long number_of(const nlohmann::json& j, const char* key, long long otherwise);

// Piped, when the input ends with an action sent and not yet answered, join waits this long
// for the answer, to say whether the last line was taken (docs/server.md).
inline constexpr int kLastAnswerSeconds = 10;

class JoinSession {
 public:
  // `interactive`: stdin is a terminal (prompts, completion, colour); otherwise lines are read
  // only when the seat has something to decide, one decision a line, as piped `arbiter play` does.
  JoinSession(JoinClient& client, bool interactive);
  int run();  // until the game ends (piped), :quit, the end of input or the server is gone; the exit status
  static int width();  // the columns the table is laid out for at a terminal (40 to 78)

 private:
  // cli/join/join.cpp: what the server sends.
  void handle(const JoinClient::Event& e);
  void on_welcome(const nlohmann::json& m);
  void on_state(const nlohmann::json& m);
  void on_refused(const nlohmann::json& m);
  void on_presence(const nlohmann::json& m);
  void on_over(const nlohmann::json& m);
  void on_error(const nlohmann::json& m);
  void show_news();
  std::vector<std::string> seat_order(const nlohmann::json& by_seat) const;
  // cli/join/repl.cpp: what the player types.
  void drain();
  void wait();
  void input_ended();
  bool settled() const;  // piped, after the end of input: join may leave
  int wait_ms() const;  // how long wait() may block: -1 (for ever) until the input has ended
  bool ready() const;  // a line may be read now
  bool prompt();       // false to stop
  std::string prompt_text() const;
  void show_decision();
  bool read_line(const std::string& prompt, std::string& line, bool& woken);
  bool take(const std::string& raw);  // false to stop
  bool meta(const std::string& line);
  void show_table();
  void show_log();
  void send_action(const std::string& action);
  void send_pass();
  bool interrupted();  // Ctrl-C: true when it was the second in a row (the player leaves)
  std::vector<std::string> legal() const;
  bool out_of_turn() const;
  std::string fit(const std::string& text) const;
  void refused(const std::string& what, int line = 0);  // piped: `line N: ` first (0: the line being taken)

  JoinClient& client_;
  bool interactive_, color_;
  LineEditor editor_;
  std::string me_;                 // the seat's name; "" for a spectator
  nlohmann::json seats_ = nlohmann::json::array();  // [{name, plays, connected}] as last told
  nlohmann::json state_;           // the last `state`
  std::vector<nlohmann::json> log_;  // the seat's log as far as it has been sent
  std::size_t shown_ = 0;          // log lines shown
  long long seq_ = -1;
  long long decision_shown_at_ = -2;  // the seq whose table and options were last shown
  bool joined_ = false;            // a welcome came (on any connection)
  bool welcomed_ = false;          // a welcome came on this connection
  bool synced_ = false;            // and the state after it
  bool awaiting_ = false;          // an action was sent and not answered yet
  std::string sent_line_;          // the line sent: a `stale` refusal reads it again (piped)
  int sent_line_number_ = 0;       //   and its number (piped, a line after it may be read already)
  std::string sent_message_;       // the action or pass as sent, and the seq it was sent at:
  long long sent_seq_ = -1;        //   sent again when the connection dropped before an answer
  bool unanswered_ = false;        //   and the game is still where it was
  // Piped: lines read and not yet taken, with their numbers: read ahead while the seat waits
  // (to see the input's end), put back at an out-of-turn chance or after a `stale` refusal.
  std::deque<std::pair<std::string, int>> pending_;
  int line_number_ = 0;            // lines read
  int taken_number_ = 0;           // the number of the line being taken
  bool input_over_ = false;        // piped: the input ended
  std::chrono::steady_clock::time_point answer_by_;  //   which must come by then
  bool over_ = false, done_ = false, quit_ = false, failed_ = false, cancelled_ = false;
  int status_ = 0;
};

}  // namespace arbiter::cli
