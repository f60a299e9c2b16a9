// The REPL's commands (a line that starts with a colon) and leaving the game: one table
// maps each command to the member that runs it.
#include <fmt/format.h>

#include <cstdlib>

#include "bots/make_bot.hpp"
#include "present/output.hpp"
#include "present/render.hpp"
#include "cli/repl/repl.hpp"
#include "cli/repl/resume.hpp"
#include "runtime/diagnostics.hpp"
#include "play/sample.hpp"
#include "play/save.hpp"

namespace arbiter::cli {

namespace {

// A file name as a person types it: `~/` stands for the home folder, as in a shell.
std::string typed_path(const std::string& typed) {
  const char* home = std::getenv("HOME");
  if (home && *home && (typed == "~" || typed.rfind("~/", 0) == 0)) return home + typed.substr(1);
  return typed;
}

// `path` as one word a shell reads back as it is (quoted when it holds anything but the usual).
std::string shell_word(const std::string& path) {
  if (!path.empty() &&
      path.find_first_not_of("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789._-+/") ==
          std::string::npos)
    return path;
  std::string out = "'";
  for (char c : path) out += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return out + "'";
}

const char* kHelp =  // 60 columns
    "Type an action as listed (Tab completes), or a command:\n"
    "  SEAT: ACTION  act for another seat ('Bill: call')\n"
    "  :table        show the table again\n"
    "  :legal        list the legal actions\n"
    "  :rules        how to play, parameters, variants, bots\n"
    "  :view SEAT    the table as SEAT sees it ('public': all)\n"
    "  :log          what has happened, as you may see it\n"
    "  :undo         take back the last action typed (and\n"
    "                the replies); in hot-seat, maybe another's\n"
    "  :save FILE    save the game\n"
    "  :load FILE    resume a saved game\n"
    "  :reload       read the edited ruleset, replay the game\n"
    "                on it; it goes on where they part ways\n"
    "  :quit         leave the game\n";
}  // namespace

struct Repl::Command {
  const char* name;
  void (Repl::*run)(int seat, const std::string& arg);
};

const std::vector<Repl::Command>& Repl::command_table() {
  static const std::vector<Command> table = {
      {":help", &Repl::cmd_help},   {":undo", &Repl::cmd_undo},   {":view", &Repl::cmd_view},
      {":log", &Repl::cmd_log},     {":save", &Repl::cmd_save},   {":load", &Repl::cmd_load},
      {":table", &Repl::cmd_table}, {":legal", &Repl::cmd_legal}, {":rules", &Repl::cmd_rules},
      {":reload", &Repl::cmd_reload}};
  return table;
}

const std::vector<std::string>& Repl::commands() {
  static const std::vector<std::string> names = {":help", ":undo", ":view", ":log",   ":save",  ":load",
                                                 ":quit", ":table", ":legal", ":rules", ":reload"};
  return names;
}

bool Repl::meta(int seat, const std::string& line) {
  std::string cmd = line.substr(0, line.find(' '));
  std::string arg = line.size() > cmd.size() ? normalize_action(line.substr(cmd.size())) : "";
  if (cmd == ":quit" || cmd == ":q") return leave(), false;
  const std::vector<Command>& table = command_table();
  auto it = std::find_if(table.begin(), table.end(), [&](const Command& c) { return cmd == c.name; });
  if (it != table.end()) (this->*(it->run))(seat, arg);
  else refused("unknown command " + quote(cmd) + did_you_mean(cmd, commands()) + "; :help lists them");
  return !failed_ || keep_going_;
}

void Repl::cmd_help(int, const std::string&) { print("{}", kHelp); }
void Repl::cmd_rules(int, const std::string&) {
  print("{}", rules_info(*loaded_.ruleset, &engine_->table()));
}
void Repl::cmd_table(int seat, const std::string&) { show_table(viewer_for(seat)); }
void Repl::cmd_legal(int seat, const std::string&) {
  print("{}", render_actions(legal_of(seat), terminal_width()));
}
void Repl::cmd_reload(int, const std::string&) { reload(); }

void Repl::cmd_log(int seat, const std::string&) {
  for (const auto& e : make_view(state(), viewer_for(seat)).log)
    print("{}\n",
          fit(e.kind == Event::Kind::Action ? "> " + engine_->table().seats[e.seat].name + ": " + e.text
                                            : e.text));
}

void Repl::cmd_view(int seat, const std::string& arg) {
  int viewer = viewer_for(seat);
  int target = arg == "public" ? -1 : engine_->table().seat_by_name(arg);
  if (arg != "public" && target < 0)
    refused("unknown seat " + quote(arg) + did_you_mean(arg, engine_->table().seat_names()));
  else if (target >= 0 && target != viewer && human_count() > 0 && !state().over)
    refused("while the game is on you may view only your own seat, or 'public'");
  else show_table(target);
}

void Repl::cmd_undo(int seat, const std::string&) {
  if (no_undo_) return refused("undo is off in this game (--no-undo)");
  if (!driver_->can_undo()) return refused("nothing to undo");
  // Who had passed there has passed still: the decision as it stood.
  int whose_seat = driver_->undo(next_redeal_seed());
  ++applied_;
  for (auto& c : cursor_) c = std::min(c, state().log.size());
  // In hot-seat play the last action may be another player's: taken back, and said whose
  // (never what: it may be hidden from the one who typed :undo).
  if (human_count() > 1 && whose_seat >= 0 && whose_seat != seat) {
    const std::string& whose = engine_->table().seats[whose_seat].name;
    return print(
        "{}\n",
        fit(fmt::format("Undone: {}'s last action (and what followed) is taken back; {} is to act again.",
                        whose, whose)));
  }
  print("Undone.\n");
}

void Repl::cmd_save(int, const std::string& typed) {
  if (no_undo_ && !state().over)
    return refused(
        "a save shows every hand (it holds the seed and every action): under --no-undo it is written once the game is over");
  const std::string arg = typed_path(typed);
  try {
    write_save(
        arg, save_text(*engine_, state(), save_kinds(), driver_->passed()));  // all or nothing: see save.hpp
    saved_at_ = {state().log.size(), state().hash()};
    print("{}\n", fit("Saved to " + arg + "."));
    if (!warned_save_)
      print("{}\n", fit("Note: a save holds the seed and every action, hidden ones too: whoever reads it "
                        "can learn every hand and the order of the deck."));
    warned_save_ = true;
  } catch (const InputError& e) {
    refused(e.what());
  }
}

void Repl::cmd_load(int, const std::string& typed) {
  const std::string arg = typed_path(typed);
  try {
    SavedGame g = read_save(arg);
    auto table = saved_table(g, loaded_.ruleset, arg, true);
    if (g.options.seats.size() != seating_.human.size())
      throw InputError(arg + ": the saved game has other seats; use arbiter play --load " + arg);
    auto engine = std::make_unique<Engine>(table, *loaded_.rules);
    State loaded = replay_save(*engine, g, arg);
    driver_->set_bots({});  // they hold the engine being replaced
    driver_->reset(std::move(loaded), g.passed, engine.get());
    engine_ = std::move(engine);
    make_bots();
    ++applied_;
    for (auto& c : cursor_) c = state().log.size();
    // Who plays each seat stays as it was in this game (the save's names, this game's humans
    // and bots): said, since the names may be others.
    print("{}\n", fit(fmt::format("Loaded {}. Seats: {}.", arg, describe(engine_->table(), seating_))));
  } catch (const InputError& e) {
    refused(e.what());
  }
}

std::vector<std::string> Repl::save_kinds() const {
  std::vector<std::string> kinds;
  for (std::size_t i = 0; i < seating_.kinds.size(); ++i)
    kinds.push_back(seating_.human[i] ? "human" : seating_.kinds[i]);
  return kinds;
}

bool Repl::started() const {
  for (const auto& e : state().log.entries())
    // A person's move: what the bots and the generator did, the seed plays again.
    if (e.kind == Event::Kind::Action && e.seat >= 0 && !driver_->bot(e.seat)) return true;
  return false;
}

// At a terminal, a game under way may be saved before leaving.
void Repl::leave() {
  if (quit_) return;
  quit_ = true;
  if (!interactive_ || state().over || !started()) return;
  if (no_undo_)
    return print(
        "{}\n",
        fit("The game is not saved: under --no-undo a save, which shows every hand, is written only once the game is over."));
  if (saved_at_ == std::pair{state().log.size(), state().hash()}) return;  // :save wrote it as it stands
  for (;;) {
    std::string typed;
    print("{}\n", fit("Save the game before leaving? Type a file name, or Enter to leave without saving."));
    LineEditor::Read read = editor_.read("save as> ", typed);
    if (read == LineEditor::Read::Cancelled) print("^C\n");  // the prompt's line ends, as at the table's
    if (read == LineEditor::Read::End) print("\n");
    if (read != LineEditor::Read::Line || normalize_action(typed).empty()) return;
    std::string file = typed_path(normalize_action(typed));
    if (file[0] == ':') {  // a command typed here by habit: :quit leaves, the others are not file names
      if (file == ":quit" || file == ":q") return;
      print("{}\n", fit("That is a command, not a file name."));
      continue;
    }
    try {
      write_save(file, save_text(*engine_, state(), save_kinds(), driver_->passed()));
      print("{}\n",
            fit(fmt::format("Saved to {}; arbiter play --load {} resumes it.", file, shell_word(file))));
      return;
    } catch (const InputError& e) {
      print_err("{}\n", fit(e.what()));
    }
  }
}

// At a terminal the game's end leaves the table up: :log, :view, :save, :undo, :quit.
bool Repl::after_end() {
  print("{}\n", fit("The game is over: :log, :view SEAT, :save FILE, :undo or :quit."));
  editor_.set_completions(commands());
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
      print("{}\n",
            fit("The game is over: :undo takes your last action back, :quit leaves, :help lists the rest."));
      continue;
    }
    if (!meta(seat, line)) return false;
    if (!state().over) return true;
  }
  return false;
}


}  // namespace arbiter::cli
