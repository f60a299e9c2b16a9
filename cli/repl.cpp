// The REPL loop. Bots are asked at every out-of-turn opportunity; humans holding an
// out-of-turn action get one prompt (Enter passes) before play moves on.
#include "cli/repl.hpp"

#include <fmt/format.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <chrono>
#include <condition_variable>
#include <fstream>
#include <mutex>
#include <random>
#include <thread>

#include "cli/interrupt.hpp"
#include "cli/output.hpp"
#include "cli/render.hpp"
#include "cli/resume.hpp"
#include "interpreter/diagnostics.hpp"
#include "interpreter/rescue.hpp"
#include "interpreter/match.hpp"
#include "interpreter/sample.hpp"
#include "interpreter/save.hpp"
#include "interpreter/seeds.hpp"

namespace arbiter::cli {

namespace {
const std::vector<std::string> kMeta = {":help", ":undo", ":view", ":log", ":save", ":load", ":quit", ":table", ":legal", ":rules", ":reload"};

const char* kHelp =  // 60 columns
    "Type an action as listed (Tab completes), or a command:\n"
    "  SEAT: ACTION  act for another seat ('Bill: call')\n"
    "  :table        show the table again\n"
    "  :legal        list the legal actions\n"
    "  :rules        player counts, parameters, variants, bots\n"
    "  :view SEAT    the table as SEAT sees it ('public': all)\n"
    "  :log          what has happened, as you may see it\n"
    "  :undo         take back your last action (and replies)\n"
    "  :save FILE    save the game\n"
    "  :load FILE    resume a saved game\n"
    "  :reload       read the edited ruleset, replay the game\n"
    "                on it; it goes on where they part ways\n"
    "  :quit         leave the game\n";
}  // namespace

Repl::Repl(Loaded& loaded, std::shared_ptr<const Table> table, Seating seating, bool interactive, bool keep_going,
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
  make_bots();
}

void Repl::make_bots() {
  seating_.bots.clear();
  for (std::size_t i = 0; i < seating_.kinds.size(); ++i) {
    std::string error;
    seating_.bots.push_back(seating_.kinds[i].empty()
                                ? nullptr
                                : make_bot(seating_.kinds[i], bot_seed(seating_.seed, static_cast<int>(i)), *engine_, error));
  }
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

// The columns of the terminal, 78 at most (and when it cannot be told); 40 at least.
static int terminal_width() {
  winsize w{};
  if (ioctl(STDOUT_FILENO, TIOCGWINSZ, &w) != 0 || w.ws_col == 0) return 78;
  return std::clamp(static_cast<int>(w.ws_col) - 2, 40, 78);
}

// Narration and messages at a terminal break at its width (60 columns when it will not
// say), between words; piped output keeps each line whole for the programs that read it.
std::string Repl::fit(const std::string& text) const {
  if (!interactive_) return text;
  return wrap_words(text, std::max(20, terminal_columns(STDOUT_FILENO, 61) - 1), "  ");
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

void Repl::show_news(int viewer) {
  std::size_t& cursor = cursor_[viewer < 0 ? state_.seat_count() : viewer];
  if (cursor > state_.log.size()) cursor = state_.log.size();
  View v = make_view(state_, viewer, cursor);
  cursor = state_.log.size();
  for (const auto& e : v.log)
    if (e.kind == Event::Kind::Say) print("{}\n", fit(e.text));
    else if (e.kind == Event::Kind::Chance) print("{}\n", fit("Outcome: " + e.text + "."));
  flush_out();  // as it happens, also into a pipe (`| tee log`)
}

// With one human (or none) the news is printed move by move. In hot-seat play each
// human's news waits for their own screen, which may hold what only they may read.
void Repl::narrate() {
  if (human_count() <= 1) show_news(viewer_for(-1));
}

// A bot's choice. At a terminal, a search that takes over half a second says so, and
// Ctrl-C stops it: the bot plays its best move so far.
std::string Repl::think(int seat, const std::vector<std::string>& legal, bool on_turn) {
  Bot& bot = *seating_.bots[seat];
  stop_thinking() = false;
  View view = bot.wants_view() ? make_view(state_, seat, state_.log.size()) : View{};
  if (!interactive_ || !bot.wants_view() || !isatty(STDOUT_FILENO)) return bot.choose(view, legal, on_turn);
  std::mutex mutex;
  std::condition_variable done_cv;
  bool done = false, shown = false;
  std::thread notice([&] {
    std::unique_lock lock(mutex);
    if (done_cv.wait_for(lock, std::chrono::milliseconds(500), [&] { return done; })) return;
    print("{} is thinking… (Ctrl-C: play now)", engine_->table().seats[seat].name);
    flush_out();
    shown = true;
  });
  std::string choice = bot.choose(view, legal, on_turn);
  {
    std::lock_guard lock(mutex);
    done = true;
  }
  done_cv.notify_all();
  notice.join();
  if (shown) write_out(control("\r\033[K"));
  stop_thinking() = false;
  take_interrupt();  // that Ctrl-C was for the bot, not for the next prompt
  return choice;
}

std::vector<std::string> Repl::save_kinds() const {
  std::vector<std::string> kinds;
  for (std::size_t i = 0; i < seating_.kinds.size(); ++i) kinds.push_back(seating_.human[i] ? "human" : seating_.kinds[i]);
  return kinds;
}

bool Repl::started() const {
  for (const auto& e : state_.log.entries())
    if (e.kind == Event::Kind::Action || e.kind == Event::Kind::Chance) return true;
  return false;
}

// At a terminal, a game under way may be saved before leaving.
void Repl::leave() {
  if (quit_) return;
  quit_ = true;
  if (!interactive_ || state_.over || !started()) return;
  if (no_undo_) return print("{}\n", fit("The game is not saved: under --no-undo a save, which shows every hand, is written only once the game is over."));
  for (;;) {
    std::string file;
    print("{}\n", fit("Save the game before leaving? Type a file name, or Enter to leave without saving."));
    if (editor_.read("save as> ", file) != LineEditor::Read::Line || normalize_action(file).empty()) return;
    try {
      write_save(normalize_action(file), save_text(*engine_, state_, save_kinds()));
      print("Saved to {}; arbiter play --load {} resumes it.\n", normalize_action(file), normalize_action(file));
      return;
    } catch (const InputError& e) {
      print_err("{}\n", e.what());
    }
  }
}

// At a terminal the game's end leaves the table up: :log, :view, :save, :undo, :quit.
bool Repl::after_end() {
  print("The game is over: :log, :view SEAT, :save FILE, :undo or :quit.\n");
  editor_.set_completions(kMeta);
  int seat = 0;
  for (std::size_t i = 0; i < seating_.human.size(); ++i)
    if (seating_.human[i]) {
      seat = static_cast<int>(i);
      break;
    }
  for (std::string line; read_line("(game over)> ", line);) {
    line = normalize_action(line);
    if (line.empty()) continue;
    if (line[0] != ':') {
      print("The game is over: :undo takes your last action back, :quit leaves, :help lists the rest.\n");
      continue;
    }
    if (!meta(seat, line)) return false;
    if (!state_.over) return true;
  }
  return false;
}

void Repl::show_table(int viewer) {
  print("\n{}", render_table(make_view(state_, viewer, state_.log.size()), loaded_.ruleset->name, color_,
                                  terminal_width() + 2));
}

void Repl::show_end() {
  show_news(viewer_for(-1));
  show_table(-1);
  std::vector<std::string> names, scores;
  for (int w : state_.winners) names.push_back(engine_->table().seats[w].name);
  for (int s = 0; s < state_.seat_count(); ++s)
    scores.push_back(fmt::format("{} {}", engine_->table().seats[s].name, to_text(engine_->score(state_, s))));
  std::string result = names.empty() ? "Nobody wins" : join_choices(names, " and ") + (names.size() == 1 ? " wins" : " share the win");
  print("{}\n", fit(fmt::format("Game over. {}. Scores: {}.", result, join_choices(scores, ", "))));
  if (secret_seed_)  // kept until now: it tells every shuffle
    print("{}\n", fit(fmt::format("The seed was {}: --seed {} deals this game again.", engine_->table().seed,
                                  engine_->table().seed)));
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
      if (interactive_) print("\n");  // Ctrl-D leaves the prompt's line open
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
  std::string where = interactive_ ? "" : fmt::format("line {}: ", line_number_);
  print_err("{}{}\n", where, what);
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
    if (!read_line("number> ", pick) || normalize_action(pick).empty()) {
      print("Nothing played; {} is still to be finished.\n", quote(typed));
      return false;
    }
    pick = normalize_action(pick);
    std::size_t n = std::atoi(pick.c_str());
    if (n >= 1 && n <= candidates.size()) return chosen = candidates[n - 1], true;
    if (std::find(candidates.begin(), candidates.end(), pick) != candidates.end()) return chosen = pick, true;
    print("{} is not one of 1 to {}; type a number, or Enter to play none.\n", quote(pick), candidates.size());
  }
}

bool Repl::apply(int seat, const std::string& text) {
  std::string action = normalize_action(text);
  State before = state_;
  Outcome o = engine_->apply(state_, seat, action, {true, nullptr});
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
    if (o.refusal == Refusal::ScriptError) msg += "\n" + (own ? o.message : withheld_script_error(o.message, name));
    else if (own && !o.message.empty()) msg += " (" + o.message + ")";
    if (own && o.refusal == Refusal::NotLegal) msg += did_you_mean(action, o.legal);
    if (own && !o.legal.empty()) msg += "\n  legal: " + join_choices(o.legal, ", ");
    refused(msg);
    return false;
  }
  if (seating_.human[seat]) undo_.push_back(std::move(before));
  ++applied_;
  return true;
}

// Bots first, in decision order, then one shared prompt for the humans who hold such actions.
bool Repl::offer_out_of_turn() {
  if (offered_at_ == applied_) return false;
  offered_at_ = applied_;
  std::vector<int> humans;
  for (int seat : decision_order(state_)) {
    if (seat == state_.active()) continue;
    std::vector<std::string> legal;
    engine_->legal(state_, seat, legal);
    if (legal.empty()) continue;
    if (!seating_.human[seat]) {
      std::string choice = think(seat, legal, false);
      if (!choice.empty() && apply(seat, choice)) return narrate(), true;
    } else {
      humans.push_back(seat);
    }
  }
  return !humans.empty() && ask_humans_out_of_turn(humans);
}

bool Repl::ask_humans_out_of_turn(const std::vector<int>& holders) {
  std::vector<std::string> offers;
  for (int seat : holders) {
    std::vector<std::string> legal;
    engine_->legal(state_, seat, legal);
    offers.push_back(fmt::format("{}: {}", engine_->table().seats[seat].name, join_choices(legal, ", ")));
  }
  if (!interactive_) {
    // Piped input: the next line is taken now only if it is such an action; otherwise it waits.
    std::string line;
    if (!read_line("", line)) return false;
    std::string text = line;
    int seat = seat_prefix(text);
    if (seat < 0 && holders.size() == 1) seat = holders[0];
    std::vector<std::string> legal;
    if (seat >= 0) engine_->legal(state_, seat, legal);
    bool fits = seat >= 0 && seat != state_.active() &&
                std::find(legal.begin(), legal.end(), normalize_action(text)) != legal.end();
    if (fits) return apply(seat, text);
    pending_line_ = line;
    has_pending_ = true;
    return false;
  }
  // Hot-seat with something hidden: each holder in turn gets the screen, alone, with their view.
  if (human_count() > 1 && hidden_) {
    for (std::size_t i = 0; i < holders.size(); ++i) {
      int seat = holders[i];
      hand_over(seat);
      show_news(seat);
      show_table(seat);
      if (ask_out_of_turn({seat}, offers[i].substr(offers[i].find(": ") + 2))) return true;
      if (quit_) return false;
    }
    return false;
  }
  // One human (or nothing hidden): one shared prompt; with several, only what everyone may see.
  show_news(human_count() > 1 ? -1 : viewer_for(holders[0]));
  return ask_out_of_turn(holders, join_choices(offers, "; "));
}

// Asks until one of `holders` acts or they pass: a meta command or a refused line keeps the chance open.
bool Repl::ask_out_of_turn(const std::vector<int>& holders, const std::string& offer) {
  std::string who = holders.size() == 1 && human_count() > 1 ? engine_->table().seats[holders[0]].name + ", before" : "Before";
  print("{}\n", style(fit(who + " play goes on, you may act: " + offer), "33", color_));
  std::vector<std::string> completions(kMeta);
  for (int seat : holders) {
    std::vector<std::string> legal;
    engine_->legal(state_, seat, legal);
    completions.insert(completions.end(), legal.begin(), legal.end());
  }
  editor_.set_completions(completions);
  for (std::string line; read_line("(Enter passes)> ", line);) {
    line = normalize_action(line);
    if (line.empty()) return false;
    if (line[0] == ':') {
      long long applied = applied_;
      if (!meta(holders[0], line)) return quit_ = true, false;
      if (applied_ != applied) return true;  // :undo, :load or :reload moved the game: this chance is gone
      continue;
    }
    int seat = seat_prefix(line);
    if (seat < 0) seat = holders[0];
    if (std::find(holders.begin(), holders.end(), seat) == holders.end())
      refused(engine_->table().seats[seat].name + " has nothing to do now");
    else if (apply(seat, line))
      return true;
  }
  quit_ = true;  // end of input
  return false;
}

void Repl::hand_over(int seat) {
  if (!interactive_ || human_count() < 2 || !hidden_ || at_screen_ == seat) return;
  write_out(control("\033[2J\033[H"));
  std::string ignored;
  print("Pass to {}, and press Enter.", engine_->table().seats[seat].name);
  flush_out();
  read_line("", ignored);
  write_out(control("\033[2J\033[H"));
  at_screen_ = seat;
}

bool Repl::human_turn(int seat) {
  hand_over(seat);
  if (quit_) return false;
  int viewer = viewer_for(seat);
  show_news(viewer);
  std::vector<std::string> legal;
  if (Status st = engine_->legal(state_, seat, legal); !st.ok) refused(st.message);  // the rules' actions() failed
  if (interactive_) {
    show_table(viewer);
    print("{}\n{}", style("Your options:", "1", color_), render_actions(legal, terminal_width()));
    std::vector<std::string> completions = legal;
    completions.insert(completions.end(), kMeta.begin(), kMeta.end());
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
  std::vector<std::string> legal;
  engine_->legal(state_, seat, legal);
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

bool Repl::meta(int seat, const std::string& line) {
  std::string cmd = line.substr(0, line.find(' '));
  std::string arg = line.size() > cmd.size() ? normalize_action(line.substr(cmd.size())) : "";
  int viewer = viewer_for(seat);
  if (cmd == ":quit" || cmd == ":q") return leave(), false;
  if (cmd == ":help") print("{}", kHelp);
  else if (cmd == ":rules") print("{}", rules_info(*loaded_.ruleset, &engine_->table()));
  else if (cmd == ":table") show_table(viewer);
  else if (cmd == ":legal") {
    std::vector<std::string> legal;
    engine_->legal(state_, seat, legal);
    print("{}", render_actions(legal, terminal_width()));
  } else if (cmd == ":log") {
    for (const auto& e : make_view(state_, viewer).log)
      print("{}\n", e.kind == Event::Kind::Action ? "> " + engine_->table().seats[e.seat].name + ": " + e.text : e.text);
  } else if (cmd == ":view") {
    int target = arg == "public" ? -1 : engine_->table().seat_by_name(arg);
    if (arg != "public" && target < 0) refused("unknown seat " + quote(arg) + did_you_mean(arg, engine_->table().seat_names()));
    else if (target >= 0 && target != viewer && human_count() > 0 && !state_.over)
      refused("while the game is on you may view only your own seat, or 'public'");
    else show_table(target);
  } else if (cmd == ":undo") {
    if (no_undo_) refused("undo is off in this game (--no-undo)");
    else if (undo_.empty()) refused("nothing to undo");
    else {
      state_ = std::move(undo_.back());
      undo_.pop_back();
      redeal_hidden(state_, human_mask(), next_redeal_seed());
      ++applied_;
      offered_at_ = -1;  // the out-of-turn chances at this point are offered again
      for (auto& c : cursor_) c = std::min(c, state_.log.size());
      print("Undone.\n");
    }
  } else if (cmd == ":reload") {
    reload();
  } else if (cmd == ":save" && no_undo_ && !state_.over) {
    refused("a save shows every hand (it holds the seed and every action): under --no-undo it is written once the game is over");
  } else if (cmd == ":save") {
    try {
      write_save(arg, save_text(*engine_, state_, save_kinds()));  // all or nothing: see save.hpp
      print("Saved to {}.\n", arg);
      if (!warned_save_)
        print("{}\n", fit("Note: a save holds the seed and every action, hidden ones too: whoever reads it "
                          "can learn every hand and the order of the deck."));
      warned_save_ = true;
    } catch (const InputError& e) {
      refused(e.what());
    }
  } else if (cmd == ":load") {
    try {
      SavedGame g = read_save(arg);
      auto table = saved_table(g, loaded_.ruleset, arg, true);
      if (g.options.seats.size() != seating_.human.size())
        throw InputError(arg + ": the saved game has other seats; use arbiter play --load " + arg);
      engine_ = std::make_unique<Engine>(table, *loaded_.rules);
      state_ = replay_save(*engine_, g, arg);
      make_bots();
      undo_.clear();
      ++applied_;
      for (auto& c : cursor_) c = state_.log.size();
      print("Loaded {}.\n", arg);
    } catch (const InputError& e) {
      refused(e.what());
    }
  } else {
    refused("unknown command " + quote(cmd) + did_you_mean(cmd, kMeta) + "; :help lists them");
  }
  return !failed_ || keep_going_;
}

// The table answers a physical chance decision (or any, with --chance ask); the RNG the rest.
bool Repl::chance_step() {
  const ChanceDef* c = engine_->pending_chance(state_);
  bool ask = chance_mode_ == ChanceMode::Ask || (chance_mode_ == ChanceMode::Default && c->physical);
  if (!ask) {
    Outcome o = engine_->decide_randomly(state_, chance_rng_);
    if (!o.ok()) refused("chance decision: " + o.message);
    ++applied_;
    return o.ok();
  }
  show_news(viewer_for(-1));
  std::vector<std::string> names;
  for (const auto& [name, help] : c->outcomes) names.push_back(name);
  if (interactive_) {
    print("{} [{}]\n", style(state_.chance.question, "1;33", color_), join(names, " / "));
    for (const auto& [name, help] : c->outcomes) if (!help.empty()) print("  {:<10} {}\n", name, help);
    std::vector<std::string> completions = names;
    completions.insert(completions.end(), kMeta.begin(), kMeta.end());
    editor_.set_completions(completions);
  }
  std::string line;
  if (!read_line("table> ", line)) return false;
  line = normalize_action(line);
  if (line.empty()) return true;
  if (line[0] == ':') return meta(viewer_for(-1) < 0 ? 0 : viewer_for(-1), line);
  Outcome o = engine_->decide(state_, line);
  if (!o.ok()) {
    refused(quote(line) + ": " + o.message + "; outcomes: " + join_choices(names, ", "));
    return !failed_ || keep_going_;
  }
  ++applied_;
  return true;
}

bool Repl::step() {
  narrate();
  if (engine_->pending_chance(state_)) return chance_step();
  if (offer_out_of_turn()) return !failed_ || keep_going_;
  if (quit_) return false;
  if (failed_ && !keep_going_) return false;
  if (state_.over) return false;
  int seat = state_.active();
  if (!seating_.human[seat]) {
    std::vector<std::string> legal;
    if (Status st = engine_->legal(state_, seat, legal); !st.ok || legal.empty()) {
      refused(st.ok ? engine_->table().seats[seat].name + " has no legal action" : st.message);
      return false;
    }
    std::string choice = think(seat, legal, true);
    if (apply(seat, choice)) return narrate(), true;
    // The bot would choose the same again: the game cannot go on, even with --keep-going.
    refused(engine_->table().seats[seat].name + "'s bot cannot act, so the game stops here");
    failed_ = true;
    return false;
  }
  return human_turn(seat);
}

int Repl::run(State state) {
  state_ = std::move(state);
  cursor_.assign(state_.seat_count() + 1, 0);
  if (interactive_) {
    catch_interrupts();
    print("{}\n", fit(fmt::format("{} — {} players. Type :help for commands; Tab completes actions.",
                                  loaded_.ruleset->name, state_.seat_count())));
  }
  for (;;) {
    while (!state_.over && !quit_ && !output_failed() && step()) {  // unwritten output: no game to watch
    }
    if (!state_.over) {
      show_news(viewer_for(-1));
      break;
    }
    show_end();
    if (!interactive_ || quit_ || !after_end()) break;
  }
  return failed_ ? 1 : 0;
}

}  // namespace arbiter::cli
