// Out-of-turn chances in the REPL: the seats the Decision lists off their turn, bots first in
// its order, then one prompt for the humans who hold such actions (Enter passes).
#include <fmt/format.h>

#include "present/output.hpp"
#include "cli/repl/repl.hpp"
#include "runtime/diagnostics.hpp"

namespace arbiter::cli {

// Bots first, in decision order, then one shared prompt for the humans who hold such actions.
bool Repl::offer_out_of_turn() {
  if (offered_at_ == applied_) return false;
  offered_at_ = applied_;
  bool ask_bots = bots_offered_at_ != applied_;  // not again after a :reload that changed nothing
  bots_offered_at_ = applied_;
  std::vector<int> humans;
  // A copy: a bot's action moves the game on, and the decision with it.
  std::vector<SeatActions> holders = decision().seats;
  for (const SeatActions& sa : holders) {
    int seat = sa.seat;
    if (sa.on_turn) continue;
    if (!seating_.human[seat]) {
      if (!ask_bots) continue;
      std::string choice = think(seat, sa.actions, false);
      if (!choice.empty() && apply(seat, choice)) return narrate(), true;
    } else {
      humans.push_back(seat);
    }
  }
  return !humans.empty() && ask_humans_out_of_turn(humans);
}

std::uint32_t Repl::passes_now() {
  std::uint32_t passed = 0;
  bool bots = bots_offered_at_ == applied_, humans = offered_at_ == applied_ && !asking_out_of_turn_;
  for (const SeatActions& sa : decision().seats)
    if (!sa.on_turn && (seating_.human[sa.seat] ? humans : bots)) passed |= 1u << sa.seat;
  return passed;
}

// Called once the game has moved (applied_) to a state whose decision had those passes.
void Repl::resume_passes(std::uint32_t passed) {
  bool bots = true, humans = true;
  for (const SeatActions& sa : decision().seats)
    if (!sa.on_turn && !(passed >> sa.seat & 1u)) (seating_.human[sa.seat] ? humans : bots) = false;
  bots_offered_at_ = bots ? applied_ : -1;
  offered_at_ = bots && humans ? applied_ : -1;
}

bool Repl::ask_humans_out_of_turn(const std::vector<int>& holders) {
  std::vector<std::string> offers;
  for (int seat : holders)
    offers.push_back(fmt::format("{}: {}", engine_->table().seats[seat].name, join_choices(legal_of(seat), ", ")));
  if (!interactive_) {
    // Piped input: the next line is taken now only if it is such an action; otherwise it waits.
    std::string line;
    if (!read_line("", line)) return false;
    std::string text = line;
    int seat = seat_prefix(text);
    if (seat < 0 && holders.size() == 1) seat = holders[0];
    const SeatActions* sa = seat >= 0 ? entry(seat) : nullptr;
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
  std::string who = holders.size() == 1 && human_count() > 1 ? engine_->table().seats[holders[0]].name + ", before" : "Before";
  print("{}\n", style(fit(who + " play goes on, you may act: " + offer), "33", color_));
  std::vector<std::string> completions(commands());
  for (int seat : holders) {
    const std::vector<std::string>& legal = legal_of(seat);
    completions.insert(completions.end(), legal.begin(), legal.end());
  }
  editor_.set_completions(completions);
  // Until it returns, the humans' chance is open: a save, a reload or Ctrl-C's save here
  // keeps it open (they have not passed).
  asking_out_of_turn_ = true;
  struct Reset {
    bool& flag;
    ~Reset() { flag = false; }
  } reset{asking_out_of_turn_};
  for (std::string line; read_line("(Enter passes)> ", line);) {
    line = normalize_action(line);
    if (line.empty()) return false;
    if (line[0] == ':') {
      long long applied = applied_;
      bool go_on = meta(holders[0], line);
      if (!go_on) return quit_ = true, false;
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
