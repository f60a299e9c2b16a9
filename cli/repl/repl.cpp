// The REPL loop: each step reads the Decision for the state and asks its seats, bots and
// humans; out_of_turn.cpp offers out-of-turn chances, meta.cpp runs the commands,
// show.cpp draws what a seat may see.
#include "cli/repl/repl.hpp"

#include <fmt/format.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <fstream>
#include <mutex>
#include <random>
#include <thread>

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

Repl::Repl(LoadedGame& loaded, std::shared_ptr<const Table> table, Seating seating, bool interactive, bool keep_going,
           ChanceMode chance)
    : loaded_(loaded),
      engine_(std::make_unique<Engine>(table, *loaded.rules)),
      seating_(std::move(seating)),
      interactive_(interactive),
      keep_going_(keep_going),
      color_(interactive && color_enabled(STDOUT_FILENO)),
      editor_(interactive),
      chance_mode_(chance),
      chance_rng_(chance_seed(table->seed)),
      redeal_rng_(redeal_seed(table->seed)),
      hidden_(anything_hidden(*loaded.ruleset)) {
  rules_print_ = rules_print(*table);
  make_bots();
}

void Repl::make_bots() {
  // The kinds were checked when the seats were taken (seat_bots); a bot that cannot be made
  // now leaves its seat without one, as it always has.
  (void)make_seat_bots(seating_.kinds, seating_.seed, *engine_, seating_.bots);
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
  if (interactive_) return (static_cast<std::uint64_t>(std::random_device{}()) << 32) ^ std::random_device{}();
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
  if (interactive_) keep_game_for_rescue(*engine_, state_, save_kinds(), no_undo_, rescue_kept_at_);
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
bool Repl::which_one(const std::vector<std::string>& candidates, const std::string& typed, std::string& chosen) {
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
    if (n >= 1 && n <= candidates.size()) return chosen = candidates[n - 1], true;
    if (std::find(candidates.begin(), candidates.end(), pick) != candidates.end()) return chosen = pick, true;
    print("{}\n", fit(fmt::format("{} is not one of 1 to {}; type a number, or Enter to play none.", quote(pick),
                                   candidates.size())));
  }
}

// The decision for the state as it is now, refilled when the game has moved (an action, a
// chance outcome, :undo, :load or :reload each count in applied_). A failing actions() hook
// is said once.
const Decision& Repl::decision() {
  std::uint64_t hash = state_.hash();
  if (decided_at_ == applied_ && decided_hash_ == hash) return decision_;
  Status st = engine_->decision(state_, decision_);
  decision_ok_ = st.ok;
  if (!st.ok) refused(hidden_ ? withheld_rules_error(st.message) : st.message);
  decided_at_ = applied_, decided_hash_ = hash;
  return decision_;
}

const SeatActions* Repl::entry(int seat) { return decision().entry(seat); }

const std::vector<std::string>& Repl::legal_of(int seat) {
  static const std::vector<std::string> kNone;
  const SeatActions* sa = entry(seat);
  return sa ? sa->actions : kNone;
}

bool Repl::apply(int seat, const std::string& text) {
  std::string action = normalize_action(text);
  State before = state_;
  // A seat the decision does not list is read against what the rules say it may do.
  std::vector<std::string> listed;
  const SeatActions* sa = entry(seat);
  if (sa) listed = sa->actions;
  // Undone, this decision is asked again with the passes made before this action; a human
  // acting out of turn had not passed.
  std::uint32_t passed = passes_now() & ~(sa && !sa->on_turn ? human_mask() : 0u);
  ActionResult o = engine_->apply(state_, seat, action, {true, sa ? &listed : nullptr});
  if (o.refusal == Refusal::Ambiguous) {
    if (!interactive_) {
      refused(fmt::format("{}: {} could mean {}", engine_->table().seats[seat].name, quote(action), join_choices(o.candidates, ", ")));
      return false;
    }
    if (!which_one(o.candidates, action, action)) return false;
    o = engine_->apply(state_, seat, action);
  }
  if (!o.ok()) {
    // A person reads their own action and options back; a bot's name what only its seat may see.
    const std::string& name = engine_->table().seats[seat].name;
    bool own = seating_.human[seat];
    std::string shown = action.size() > 80 ? action.substr(0, 77) + "..." : action;
    std::string msg = own ? fmt::format("{}: {}: {}", name, shown, to_text(o.refusal))
                          : fmt::format("{}'s bot: its action was refused: {}", name, to_text(o.refusal));
    if (o.refusal == Refusal::ScriptError) msg.append("\n").append(own ? o.message : withheld_script_error(o.message, name));
    else if (own && !o.message.empty()) msg += " (" + o.message + ")";
    if (own && o.refusal == Refusal::NotLegal) msg += did_you_mean(action, o.legal);
    if (own && !o.legal.empty()) msg += "\n  legal: " + join_choices(o.legal, ", ");
    refused(msg);
    return false;
  }
  if (seating_.human[seat]) undo_.emplace_back(std::move(before), passed, seat);
  ++applied_;
  return true;
}

bool Repl::human_turn(int seat) {
  hand_over(seat);
  if (quit_) return false;
  int viewer = viewer_for(seat);
  show_news(viewer);
  const std::vector<std::string>& legal = legal_of(seat);  // a failing actions() hook is said by decision()
  if (interactive_) {
    // Once per position and viewer: after a refused line, :help or a hint, only the prompt again.
    if (table_shown_at_ != applied_ || table_shown_to_ != viewer) {
      show_table(viewer);
      print("{}\n{}", style("Your options:", "1", color_), render_actions(legal, terminal_width()));
      table_shown_at_ = applied_, table_shown_to_ = viewer;
    }
    std::vector<std::string> completions = legal;
    // What else the ruleset lets Tab complete (chess: SAN); a failing hook only completes less.
    if (!engine_->rules().completions(state_, seat, completions).ok) completions.resize(legal.size());
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
  if (const char* hint = bare_hint(line); hint && std::find(legal.begin(), legal.end(), line) == legal.end()) {
    refused(hint);
    return keep_going_ || interactive_;
  }
  // "Zed: call" names a seat: one that does not exist is said so, not read as an action.
  if (auto colon = line.find(':'); colon != std::string::npos && colon > 0 && line.find(' ') > colon &&
                                   engine_->table().seat_by_name(line.substr(0, colon)) < 0) {
    std::string who = line.substr(0, colon);
    // As typed (the line was lower-cased): 'Zed', not 'zed'.
    if (auto start = raw.find_first_not_of(" \t"); start != std::string::npos) who = raw.substr(start, who.size());
    refused("there is no seat " + quote(who) + did_you_mean(who, engine_->table().seat_names()) + "; seats: " +
            join_choices(engine_->table().seat_names(), ", "));
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

// The table answers a physical chance decision (or any, with --chance ask) that every seat
// sees; the RNG the rest.
bool Repl::chance_step() {
  const Decision& d = decision();
  const ChanceDef* c = d.chance;
  bool ask = chance_mode_ == ChanceMode::Ask || (chance_mode_ == ChanceMode::Default && c->physical);
  ask = ask && d.audience == kEveryone;  // a secret outcome is drawn: said aloud, every seat would hear it
  if (!ask) {
    // By its text, all or nothing: a failing outcome hook leaves the game as it was, to save.
    ActionResult o = engine_->decide(state_, c->outcomes[pick_outcome(d.weights, chance_rng_)].first);
    if (!o.ok()) refused("chance decision: " + (hidden_ ? withheld_rules_error(o.message) : o.message));
    ++applied_;
    return o.ok();
  }
  show_news(viewer_for(-1));
  std::vector<std::string> names;
  for (const auto& [name, help] : c->outcomes) names.push_back(name);
  if (interactive_) {
    print("{}\n", style(fit(state_.chance.question + " [" + join(names, " / ") + "]"), "1;33", color_));
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
  ActionResult o = engine_->decide(state_, line);
  if (!o.ok()) {
    refused(quote(line) + ": " + o.message + "; outcomes: " + join_choices(names, ", "));
    return !failed_ || keep_going_;
  }
  ++applied_;
  return true;
}

bool Repl::step() {
  narrate();
  if (decision().kind == Decision::Kind::Chance) return chance_step();
  if (offer_out_of_turn()) return !failed_ || keep_going_;
  if (quit_) return false;
  if (failed_ && !keep_going_) return false;
  if (state_.over) return false;
  int seat = state_.active();
  // A simultaneous choice asks its seats still to choose one by one, in seat order.
  bool together = decision().simultaneous && !decision().seats.empty();
  if (together) seat = decision().seats.front().seat;
  if (!seating_.human[seat]) {
    const SeatActions* mine = together ? &decision().seats.front() : decision().turn_seat();
    if (!mine) {
      if (decision_ok_) refused(engine_->table().seats[seat].name + " has no legal action");
      return false;
    }
    std::vector<std::string> legal = mine->actions;  // the bot's action moves the decision on
    std::string choice = think(seat, legal, true);
    std::string why = seating_.bots[seat]->failure();  // it found nothing to play: no action to refuse
    if (why.empty() && apply(seat, choice)) return narrate(), true;
    // The bot would choose the same again: the game cannot go on, even with --keep-going.
    refused(engine_->table().seats[seat].name + "'s bot cannot act" + (why.empty() ? "" : " (" + why + ")") +
            ", so the game stops here");
    failed_ = true;
    return false;
  }
  return human_turn(seat);
}

int Repl::run(State state) {
  state_ = std::move(state);
  cursor_.assign(state_.seat_count() + 1, 0);
  if (loaded_passed_ != 0) resume_passes(loaded_passed_);
  if (interactive_) {
    catch_interrupts();
    print("{}\n", fit(fmt::format("{} — {} players. Type :help for commands; Tab completes actions.",
                                  loaded_.ruleset->name, state_.seat_count())));
  }
  for (;;) {
    while (!state_.over && !quit_ && !output_failed() && step()) {  // unwritten output: no game to watch
    }
    if (!state_.over) {
      if (!quit_) show_news(viewer_for(-1));  // a person who left reads nothing more
      break;
    }
    show_end();
    if (!interactive_ || quit_ || !after_end()) break;
  }
  return failed_ ? 1 : 0;
}

}  // namespace arbiter::cli
