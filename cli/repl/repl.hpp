// The REPL: plays one game at the terminal (or from piped input) with humans and bots.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/app.hpp"
#include "cli/terminal/line_editor.hpp"
#include "play/bot.hpp"
#include "play/driver.hpp"
#include "runtime/engine.hpp"

namespace arbiter::cli {

struct Seating {
  std::vector<bool> human;                    // per seat
  std::vector<std::string> kinds;             // per seat: the bot's kind, "" for a human
  std::uint64_t seed = 1;                     // the bots' seeds derive from it
};

// "Andy (human), Bill (random), Charlie (mcts:300)": who plays each seat (cli/commands/play.cpp).
std::string describe(const Table& t, const Seating& s);

class Repl {
 public:
  // `interactive`: prompts, colour, screen clearing and Tab completion (stdin is a terminal).
  Repl(LoadedGame& loaded, std::shared_ptr<const Table> table, Seating seating, bool interactive,
       bool keep_going, ChancePolicy chance = ChancePolicy::AskPhysical);
  // --no-undo: :undo and :reload are refused (tournament play).
  void set_no_undo(bool on) { no_undo_ = on; }
  // The seed was not given (nor saved): it fixes every shuffle, so it is shown at the game's end only.
  void set_secret_seed(bool on) { secret_seed_ = on; }
  // The options the game was made with (seats, seed, variant, --set): :reload makes the
  // table of the edited ruleset from them, so an edited default or variant takes effect.
  void set_options(const GameOptions& options) { options_ = options; }
  // A loaded game's passes (SavedGame::passed): run() asks its decision again without them.
  void set_passed(std::uint32_t passed) { loaded_passed_ = passed; }
  // Plays from `state` until the game ends, input ends or :quit. The exit status.
  int run(State state);

 private:
  const State& state() const { return driver_->state(); }
  const std::vector<std::string>& legal_of(int seat) const;  // its actions in the decision, or none
  bool step();                                // one decision; false to stop
  bool machine_step();                        // one bot's answer or one drawn outcome; false to stop
  bool unasked();                             // the rules failed or nobody may act; false to stop
  bool chance_step();                         // the pending chance decision the table is asked; false to stop
  bool out_of_turn(const std::vector<int>& holders);  // the persons' out-of-turn chance; false to stop
  bool ask_humans_out_of_turn(const std::vector<int>& holders);  // true if one acted or the game moved
  bool ask_out_of_turn(const std::vector<int>& holders, const std::string& offer);
  bool human_turn(int seat);
  bool handle(int seat, const std::string& line);  // false to stop
  bool apply(int seat, const std::string& text);   // prints a refusal; true if applied
  bool which_one(const std::vector<std::string>& candidates, const std::string& typed, std::string& chosen);
  bool meta(int seat, const std::string& line);    // false to stop
  // meta.cpp: the commands, by name, each a member.
  struct Command;
  static const std::vector<Command>& command_table();
  static const std::vector<std::string>& commands();  // every command, for completion and "did you mean"
  void cmd_help(int seat, const std::string& arg);
  void cmd_rules(int seat, const std::string& arg);
  void cmd_table(int seat, const std::string& arg);
  void cmd_legal(int seat, const std::string& arg);
  void cmd_log(int seat, const std::string& arg);
  void cmd_view(int seat, const std::string& arg);
  void cmd_undo(int seat, const std::string& arg);
  void cmd_save(int seat, const std::string& arg);
  void cmd_load(int seat, const std::string& arg);
  void cmd_reload(int seat, const std::string& arg);
  static int terminal_width();                // the terminal's columns less 2, from 40 to 78
  void show_news(int viewer);
  void show_table(int viewer);
  void show_end();
  void hand_over(int seat);
  int viewer_for(int seat) const;
  bool read_line(const std::string& prompt, std::string& line);
  int seat_prefix(std::string& line) const;   // "Bill: call" -> Bill, line becomes "call"; -1 if none
  int human_count() const;
  std::string fit(const std::string& text) const;  // wrapped to the terminal's width when interactive
  std::uint32_t human_mask() const;
  std::uint64_t next_redeal_seed();
  void refused(const std::string& what);
  void make_bots();                           // for the current engine, seated in the driver
  // show.cpp: `bot`, whose choice at a terminal says "X is thinking…" and stops at Ctrl-C.
  std::unique_ptr<Bot> thinking(int seat, std::unique_ptr<Bot> bot) const;
  void narrate();                             // the news so far, as it happens
  void leave();                               // :quit, Ctrl-C twice: offers to save a game under way
  bool started() const;                       // a person has acted: there is a game to save
  std::vector<std::string> save_kinds() const;  // per seat, for the save: "human" or the bot's kind
  bool after_end();                           // the prompt after the game's end; true if :undo reopened it
  void reload();  // :reload (cli/repl/reload.cpp): the ruleset read again, the game replayed on it
  std::vector<std::optional<Rng>> bot_streams();  // cli/repl/reload.cpp: the bots' random streams, to hand on
  void remake_bots(const std::vector<std::optional<Rng>>& streams);
  void after_reload();
  static std::string rules_print(
      const Table& table);  // what :reload compares: parameters, components, rules files

  LoadedGame& loaded_;
  std::unique_ptr<Engine> engine_;
  Seating seating_;
  bool interactive_, keep_going_, color_;
  LineEditor editor_;
  ChancePolicy chance_;
  // The game in progress (made by run()): its state, decision, passes, bots and undo points.
  std::unique_ptr<TurnDriver> driver_;
  std::uint32_t loaded_passed_ = 0;
  std::vector<std::size_t> cursor_;           // per seat (+1 for the spectator): log entries shown
  long long applied_ = 0;                     // the moves: each step, :undo, :load and :reload counts one
  long long unasked_said_at_ = -1;            // applied_ when a failing decision or a stuck one was said
  std::string rules_print_;                   // rules_print() of the ruleset as it was read
  int at_screen_ = -2;                        // the human the screen was last shown to
  long long table_shown_at_ = -1;             // applied_ when the table and options were last shown
  int table_shown_to_ = -2;                   // to which viewer
  std::string pending_line_;                  // piped input read ahead
  bool has_pending_ = false;
  int line_number_ = 0;
  std::uint64_t rescue_kept_at_ = 0;          // which game was last kept for rescue
  bool failed_ = false;
  GameOptions options_;
  Rng redeal_rng_;                            // piped mode's re-deals after :undo
  bool hidden_;                               // the ruleset can hide something from a seat
  bool no_undo_ = false;
  bool secret_seed_ = false;
  bool warned_save_ = false;                  // the save's warning is printed once
  std::pair<std::size_t, std::uint64_t> saved_at_{
      0, 0};                                  // the log's size and the state's hash at the last :save
  bool quit_ = false;                         // :quit, Ctrl-C twice, or the end of input
  bool cancelled_ = false;                    // the last prompt was left with Ctrl-C
};


}  // namespace arbiter::cli
