// Out-of-turn chances in the REPL: one prompt for the persons the turn driver asks together
// off their turn (Enter passes); the bots' chances are the driver's.
#include <fmt/format.h>

#include "present/output.hpp"
#include "cli/repl/repl.hpp"
#include "runtime/diagnostics.hpp"

namespace arbiter::cli {

// The persons the driver asks together off their turn (the bots before them have answered):
// one of them acts, or Enter (piped: a line that is none of their actions) passes them all.
bool Repl::out_of_turn(const std::vector<int>& holders) {
  long long moves = applied_;
  bool acted = ask_humans_out_of_turn(holders);
  if (quit_) return false;
  if (!acted && applied_ == moves)
    for (int seat : holders) (void)driver_->pass(seat);  // each was asked: each may pass
  return !failed_ || keep_going_;
}

bool Repl::ask_humans_out_of_turn(const std::vector<int>& holders) {
  std::vector<std::string> offers;
  for (int seat : holders)
    offers.push_back(
        fmt::format("{}: {}", engine_->table().seats[seat].name, join_choices(legal_of(seat), ", ")));
  if (!interactive_) {
    // Piped input: the next line is taken now only if it is such an action; otherwise it waits.
    std::string line;
    if (!read_line("", line)) return false;
    std::string text = line;
    int seat = seat_prefix(text);
    if (seat < 0 && holders.size() == 1) seat = holders[0];
    bool holder = std::find(holders.begin(), holders.end(), seat) != holders.end();
    const SeatActions* sa = holder ? driver_->entry(seat) : nullptr;
    bool fits = sa && !sa->on_turn && sa->find(normalize_action(text)) >= 0;
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
      if (quit_) return false;
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
  std::string who = holders.size() == 1 && human_count() > 1
                        ? engine_->table().seats[holders[0]].name + ", before"
                        : "Before";
  print("{}\n", style(fit(who + " play goes on, you may act: " + offer), "33", color_));
  std::vector<std::string> completions(commands());
  for (int seat : holders) {
    const std::vector<std::string>& legal = legal_of(seat);
    completions.insert(completions.end(), legal.begin(), legal.end());
  }
  editor_.set_completions(completions);
  // Until it returns, the humans' chance is open: a save, a reload or Ctrl-C's save here
  // keeps it open (they have not passed).
  for (std::string line; read_line("(Enter passes)> ", line);) {
    line = normalize_action(line);
    if (line.empty()) return false;
    if (line[0] == ':') {
      long long applied = applied_;
      bool go_on = meta(holders[0], line);
      if (!go_on) {
        quit_ = true;
        return false;
      }
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

}  // namespace arbiter::cli
