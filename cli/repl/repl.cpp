// The REPL: input and output around the turn driver (play/driver.hpp), which owns the game.
// Each step takes one step of a bot or a drawn outcome, or asks the persons the driver asks;
// out_of_turn.cpp asks out-of-turn chances, meta.cpp runs the commands, show.cpp draws what
// a seat may see.
#include "cli/repl/repl.hpp"

#include <fmt/format.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <random>

#include "bots/make_bot.hpp"
#include "cli/terminal/interrupt.hpp"
#include "present/output.hpp"
#include "present/render.hpp"
#include "cli/repl/resume.hpp"
#include "runtime/diagnostics.hpp"
#include "runtime/rescue.hpp"
#include "play/rescue.hpp"
#include "play/sample.hpp"
#include "play/save.hpp"
#include "runtime/seeds.hpp"

namespace arbiter::cli {

Repl::Repl(LoadedGame& loaded, std::shared_ptr<const Table> table, Seating seating, bool interactive,
           bool keep_going, ChancePolicy chance)
    : loaded_(loaded),
      engine_(std::make_unique<Engine>(table, *loaded.rules)),
      seating_(std::move(seating)),
      interactive_(interactive),
      keep_going_(keep_going),
      color_(interactive && color_enabled(STDOUT_FILENO)),
      editor_(interactive),
      chance_(chance),
      redeal_rng_(redeal_seed(table->seed)),
      hidden_(anything_hidden(*loaded.ruleset)) {
  rules_print_ = rules_print(*table);
}

void Repl::make_bots() {
  // The kinds were checked when the seats were taken (seat_bots); a bot that cannot be made
  // now leaves its seat without one, as it always has.
  std::vector<std::unique_ptr<Bot>> bots;
  (void)make_seat_bots(seating_.kinds, seating_.seed, *engine_, bots);
  for (std::size_t seat = 0; seat < bots.size(); ++seat)
    if (bots[seat]) bots[seat] = thinking(static_cast<int>(seat), std::move(bots[seat]));
  driver_->set_bots(std::move(bots));
}

std::uint32_t Repl::human_mask() const {
  std::uint32_t mask = 0;
  for (std::size_t i = 0; i < seating_.human.size(); ++i)
    if (seating_.human[i]) mask |= 1u << i;
  return mask;
}

// At a terminal, from the system's entropy: the game's seed is printed, so a seed derived
// from it could be worked out. Piped, from the seed, so that a script plays the same way.
std::uint64_t Repl::next_redeal_seed() {
  if (interactive_)
    return (static_cast<std::uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}();
  return redeal_rng_.next();
}

int Repl::human_count() const {
  int n = 0;
  for (bool h : seating_.human) n += h;
  return n;
}

// Whose eyes the screen shows: the one human, the human about to act in hot-seat, or the public.
int Repl::viewer_for(int seat) const {
  if (human_count() == 1)
    for (std::size_t i = 0; i < seating_.human.size(); ++i)
      if (seating_.human[i]) return static_cast<int>(i);
  if (human_count() > 1 && seat >= 0 && seating_.human[seat] && interactive_) return seat;
  return -1;
}

bool Repl::read_line(const std::string& prompt, std::string& line) {
  if (has_pending_) {
    line = pending_line_;
    has_pending_ = false;
    return true;
  }
  // A person's game is kept for rescue; piped input is itself the record of its game.
  if (interactive_) keep_game_for_rescue(*engine_, state(), save_kinds(), no_undo_, rescue_kept_at_);
  for (;;) {
    auto got = editor_.read(interactive_ ? prompt : "", line);
    if (got == LineEditor::Read::Line) break;
    if (got == LineEditor::Read::Refused) {  // too long or not text: said, and the next line read
      ++line_number_;
      refused(editor_.refusal());
      if (!interactive_ && !keep_going_) return false;
      continue;
    }
    if (got == LineEditor::Read::End) {
      if (interactive_) print("\n"), quit_ = true;  // Ctrl-D left the prompt's line open; the person leaves
      return false;
    }
    // Ctrl-C drops the line; a second one in a row leaves (as :quit does).
    print("^C\n");
    if (cancelled_) return leave(), false;
    cancelled_ = true;
    print("(Ctrl-C again or :quit leaves the game)\n");
  }
  cancelled_ = false;
  ++line_number_;
  return true;
}

int Repl::seat_prefix(std::string& line) const {
  std::string who, what;
  if (!split_seat_action(line, who, what) || line.front() == ':') return -1;
  int seat = engine_->table().seat_by_name(who);
  if (seat >= 0) line = what;
  return seat;
}

void Repl::refused(const std::string& what) {
  // Piped, the line that met the refusal; none before the first line is read (a failing setup).
  std::string where = interactive_ || line_number_ == 0 ? "" : fmt::format("line {}: ", line_number_);
  print_err("{}{}\n", where, fit(what));  // at a terminal, wrapped to it (a long legal: list)
  if (!interactive_) failed_ = true;
}

// With several legal actions that start with `typed`, a person at the terminal picks one.
// False (said so) when none is picked.
bool Repl::which_one(const std::vector<std::string>& candidates, const std::string& typed,
                     std::string& chosen) {
  print("Which one? (Enter: none)\n");
  for (std::size_t i = 0; i < candidates.size(); ++i) print("  {}) {}\n", i + 1, candidates[i]);
  // Asked until answered: a number, one of the actions typed out, or Enter to play none (said so).
  for (;;) {
    std::string pick;
    bool got = read_line("number> ", pick);
    if (quit_) return false;  // left: nothing more is said
    if (!got || normalize_action(pick).empty()) {
      print("{}\n", fit(fmt::format("Nothing played; {} is still to be finished.", quote(typed))));
      return false;
    }
    pick = normalize_action(pick);
    std::size_t n = std::atoi(pick.c_str());
    if (n >= 1 && n <= candidates.size()) {
      chosen = candidates[n - 1];
      return true;
    }
    if (std::find(candidates.begin(), candidates.end(), pick) != candidates.end()) {
      chosen = pick;
      return true;
    }
    print("{}\n", fit(fmt::format("{} is not one of 1 to {}; type a number, or Enter to play none.",
                                  quote(pick), candidates.size())));
  }
}

const std::vector<std::string>& Repl::legal_of(int seat) const {
  static const std::vector<std::string> kNone;
  const SeatActions* sa = driver_->entry(seat);
  return sa ? sa->actions : kNone;
}

// A person's action, through the driver (which keeps the undo point). A person reads their
// own action and options back when it is refused.
bool Repl::apply(int seat, const std::string& text) {
  std::string action = normalize_action(text);
  ActionResult o = driver_->act(seat, action, /*prefixes*/ true);
  if (o.refusal == Refusal::Ambiguous) {
    if (!interactive_) {
      refused(fmt::format("{}: {} could mean {}", engine_->table().seats[seat].name, quote(action),
                          join_choices(o.candidates, ", ")));
      return false;
    }
    if (!which_one(o.candidates, action, action)) return false;
    o = driver_->act(seat, action);
  }
  if (!o.ok()) {
    const std::string& name = engine_->table().seats[seat].name;
    std::string shown = action.size() > 80 ? action.substr(0, 77) + "..." : action;
    std::string msg = fmt::format("{}: {}: {}", name, shown, to_text(o.refusal));
    if (o.refusal == Refusal::ScriptError) msg.append("\n").append(o.message);
    else if (!o.message.empty()) msg += " (" + o.message + ")";
    if (o.refusal == Refusal::NotLegal) msg += did_you_mean(action, o.legal);
    if (!o.legal.empty()) msg += "\n  legal: " + join_choices(o.legal, ", ");
    refused(msg);
    return false;
  }
  ++applied_;
  return true;
}

bool Repl::human_turn(int seat) {
  hand_over(seat);
  if (quit_) return false;
  int viewer = viewer_for(seat);
  show_news(viewer);
  const std::vector<std::string>& legal = legal_of(seat);
  if (interactive_) {
    // Once per position and viewer: after a refused line, :help or a hint, only the prompt again.
    if (table_shown_at_ != applied_ || table_shown_to_ != viewer) {
      show_table(viewer);
      print("{}\n{}", style("Your options:", "1", color_), render_actions(legal, terminal_width()));
      table_shown_at_ = applied_, table_shown_to_ = viewer;
    }
    std::vector<std::string> completions = legal;
    // What else the ruleset lets Tab complete (chess: SAN); a failing hook only completes less.
    if (!engine_->rules().completions(state(), seat, completions).ok) completions.resize(legal.size());
    completions.insert(completions.end(), commands().begin(), commands().end());
    editor_.set_completions(completions);
  }
  std::string line;
  if (!read_line(engine_->table().seats[seat].name + "> ", line)) return false;
  return handle(seat, line);
}

// What a newcomer types for help or to leave, when it is not an action of this game.
static const char* bare_hint(const std::string& line) {
  if (line == "help" || line == "?" || line == "h") return "commands start with a colon: :help lists them";
  if (line == "quit" || line == "exit" || line == "q") return "to leave, type :quit (or press Ctrl-D)";
  return nullptr;
}

bool Repl::handle(int seat, const std::string& raw) {
  std::string line = normalize_action(raw);
  if (line.empty()) return true;
  if (line[0] == ':') return meta(seat, line);
  const std::vector<std::string>& legal = legal_of(seat);
  if (const char* hint = bare_hint(line);
      hint && std::find(legal.begin(), legal.end(), line) == legal.end()) {
    refused(hint);
    return keep_going_ || interactive_;
  }
  // "Zed: call" names a seat: one that does not exist is said so, not read as an action.
  if (auto colon = line.find(':'); colon != std::string::npos && colon > 0 && line.find(' ') > colon &&
                                   engine_->table().seat_by_name(line.substr(0, colon)) < 0) {
    std::string who = line.substr(0, colon);
    // As typed (the line was lower-cased): 'Zed', not 'zed'.
    if (auto start = raw.find_first_not_of(" \t"); start != std::string::npos)
      who = raw.substr(start, who.size());
    refused("there is no seat " + quote(who) + did_you_mean(who, engine_->table().seat_names()) +
            "; seats: " + join_choices(engine_->table().seat_names(), ", "));
    return keep_going_ || interactive_;
  }
  int who = seat_prefix(line);
  if (who >= 0 && !seating_.human[who]) {
    refused(engine_->table().seats[who].name + " is played by a bot");
    return keep_going_ || interactive_;
  }
  bool ok = apply(who >= 0 ? who : seat, line);
  return ok || keep_going_ || interactive_;
}

// The table answers a chance decision the policy asks of it: a physical one (or any, with
// --chance ask) that every seat sees; the driver draws the rest.
bool Repl::chance_step() {
  const ChanceDef* c = driver_->decision().chance;
  show_news(viewer_for(-1));
  std::vector<std::string> names;
  for (const auto& [name, help] : c->outcomes) names.push_back(name);
  if (interactive_) {
    print("{}\n", style(fit(state().chance.question + " [" + join(names, " / ") + "]"), "1;33", color_));
    for (const auto& [name, help] : c->outcomes)  // each help wrapped under its own column
      if (!help.empty()) print("  {:<10} {}\n", name, wrap_column(help, player_columns(60) - 1, 13));
    std::vector<std::string> completions = names;
    completions.insert(completions.end(), commands().begin(), commands().end());
    editor_.set_completions(completions);
  }
  std::string line;
  if (!read_line("table> ", line)) return false;
  line = normalize_action(line);
  if (line.empty()) return true;
  if (line[0] == ':') return meta(viewer_for(-1) < 0 ? 0 : viewer_for(-1), line);
  ActionResult o = driver_->outcome(line);
  if (!o.ok()) {
    refused(quote(line) + ": " + o.message + "; outcomes: " + join_choices(names, ", "));
    return !failed_ || keep_going_;
  }
  ++applied_;
  return true;
}

// A step that needs no person: a bot's answer (a bot asked before the persons in a
// simultaneous choice) or a chance outcome drawn. A bot that cannot act stops the game.
bool Repl::machine_step() {
  if (driver_->decision().kind == Decision::Kind::Chance) {
    // All or nothing: a failing outcome hook leaves the game as it was, to save.
    Status st = driver_->draw();
    if (!st.ok) return refused(st.message), false;
    return ++applied_, true;
  }
  int seat = -1;
  for (int s : driver_->asked())
    if (driver_->bot(s)) {
      seat = s;
      break;
    }
  BotMove m = driver_->play_bot(seat);
  if (m.kind == BotMove::Kind::Failed || m.kind == BotMove::Kind::NotKept) {
    // The bot would answer the same again: the game cannot go on, even with --keep-going.
    refused(m.error + ", so the game stops here");
    failed_ = true;
    return false;
  }
  if (m.kind == BotMove::Kind::Acted) ++applied_, narrate();
  return true;
}

// Nobody is asked though the game is on: the rules failed to say who may act, or the seat on
// turn has no legal action. Said once; a person on turn at the terminal (or with
// --keep-going) keeps the prompt, to :undo, :reload or :save.
bool Repl::unasked() {
  if (unasked_said_at_ != applied_) {
    const Status& st = driver_->decision_status();
    refused(!st.ok ? (hidden_ ? withheld_rules_error(st.message) : st.message) : driver_->stuck());
    unasked_said_at_ = applied_;
  }
  int seat = state().active();
  if (quit_ || seat < 0 || driver_->bot(seat) || !(interactive_ || keep_going_)) return false;
  return human_turn(seat);
}

bool Repl::step() {
  narrate();
  if (state().over) return false;
  const Decision& d = driver_->decision();
  if (driver_->decision_status().ok && d.kind == Decision::Kind::Chance)
    return driver_->chance_asked() ? chance_step() : machine_step();
  std::vector<int> asked = driver_->asked();
  if (asked.empty()) return unasked();
  std::vector<int> persons = driver_->persons_asked();
  if (persons.size() < asked.size() && (d.simultaneous || persons.empty())) return machine_step();
  const SeatActions* first = driver_->entry(persons.front());
  if (first->on_turn || d.simultaneous) return human_turn(persons.front());
  return out_of_turn(persons);
}

int Repl::run(State state) {
  TurnDriver::Options o;
  o.chance = chance_;
  o.undo = !no_undo_;
  driver_ = std::make_unique<TurnDriver>(*engine_, std::move(state), std::move(o), loaded_passed_);
  make_bots();
  cursor_.assign(this->state().seat_count() + 1, 0);
  if (interactive_) {
    catch_interrupts();
    print("{}\n", fit(fmt::format("{} — {} players. Type :help for commands; Tab completes actions.",
                                  loaded_.ruleset->name, this->state().seat_count())));
  }
  for (;;) {
    while (!driver_->over() && !quit_ && !output_failed() && step()) {  // unwritten output: no game to watch
    }
    if (!driver_->over()) {
      if (!quit_) show_news(viewer_for(-1));  // a person who left reads nothing more
      break;
    }
    show_end();
    if (!interactive_ || quit_ || !after_end()) break;
  }
  return failed_ ? 1 : 0;
}

}  // namespace arbiter::cli
