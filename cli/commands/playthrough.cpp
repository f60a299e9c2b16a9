// `arbiter playthrough`: one game with a bot in every seat, written step by step as each seat
// sees it (who may act, every seat's view and the log it reads, each acting seat's legal
// actions, what was taken) and how it ended. The golden files in rulesets/<id>/golden/ are
// its output (tools/golden/regenerate.sh), so what it prints depends on the command line alone.
#include <CLI/CLI.hpp>
#include <fmt/format.h>

#include <limits>

#include "cli/app.hpp"
#include "present/output.hpp"
#include "present/render.hpp"
#include "bots/make_bot.hpp"
#include "runtime/diagnostics.hpp"
#include "play/match.hpp"
#include "runtime/seeds.hpp"

namespace arbiter::cli {

namespace {

// The table as `play` draws it, laid out for 100 columns whatever the terminal: the output is a
// file's, and wide enough that a seat's line seldom breaks.
constexpr int kColumns = 100;
constexpr std::size_t kOutcomesListed = 12;  // a chance with more outcomes is told by its count

// `text` with `by` before each line and no spaces at the ends of lines (a board's row has
// them), each line ending in a newline.
std::string indented(const std::string& text, const std::string& by) {
  std::string out;
  for (std::size_t at = 0; at < text.size();) {
    std::size_t nl = text.find('\n', at);
    std::string line = text.substr(at, nl == std::string::npos ? std::string::npos : nl - at);
    line.erase(line.find_last_not_of(' ') + 1);
    out += (line.empty() ? "" : by) + line + "\n";
    at = nl == std::string::npos ? text.size() : nl + 1;
  }
  return out;
}

class Playthrough {
 public:
  Playthrough(const LoadedGame& loaded, std::shared_ptr<const Table> table, std::vector<std::string> kinds,
              int max_steps)
      : loaded_(loaded), table_(std::move(table)), engine_(table_, *loaded.rules), state_(table_),
        kinds_(std::move(kinds)), max_steps_(max_steps), read_(table_->seat_count(), 0) {}
  // Plays and prints the game; the exit status (1 when the rules or a bot failed).
  [[nodiscard]] int run();

 private:
  [[nodiscard]] std::vector<std::unique_ptr<Bot>> seat_bots_made();
  void show_header() const;
  void show_decision();
  void show_chance() const;
  void show_seat(int seat);
  void show_taken(const MatchStep& step) const;
  bool show_end(bool stopped);  // false when the end could not be read whole (a failing score hook)
  [[nodiscard]] std::string name(int seat) const { return table_->seats[seat].name; }

  const LoadedGame& loaded_;
  std::shared_ptr<const Table> table_;
  Engine engine_;
  State state_;
  std::vector<std::string> kinds_;  // the bot kind of each seat
  int max_steps_;
  Decision decision_;               // the decision of the state shown last (Over when none)
  std::vector<std::size_t> read_;   // per seat: the log entries it has been shown
  int steps_ = 0;                   // actions and chance outcomes taken so far
};

// As sim seats them (analysis/sim/sim.cpp), so that the seed gives sim's game.
std::vector<std::unique_ptr<Bot>> Playthrough::seat_bots_made() {
  std::vector<std::unique_ptr<Bot>> bots;
  if (Status st = make_seat_bots(kinds_, table_->seed, engine_, bots); !st.ok)
    throw UsageError("--bot: " + st.message);
  return bots;
}

void Playthrough::show_header() const {
  const Ruleset& r = *loaded_.ruleset;
  print("{} ({}), seed {}: the game sim plays from this seed with the same options and bots\n", r.name, r.id,
        table_->seed);
  std::vector<std::string> seats;
  for (int s = 0; s < table_->seat_count(); ++s) seats.push_back(name(s) + " (" + kinds_[s] + ")");
  print("{}\n", wrap_words("seats: " + join_choices(seats, ", "), kColumns, "  "));
  if (!table_->variant.empty()) print("variant: {}\n", table_->variant);
  std::vector<std::string> params;
  for (const auto& [key, value] : table_->params) params.push_back(key + "=" + to_text(value));
  if (!params.empty()) print("{}\n", wrap_words("parameters: " + join_choices(params, ", "), kColumns, "  "));
  print("at most {} (actions and chance outcomes, as sim's --max-actions counts them)\n",
        counted(max_steps_, "step"));
  print("Each seat's block is what that seat sees (its view, the log it reads, its legal actions); the\n"
        "'action:' and 'chance:' lines are the referee's record of what was taken.\n");
}

void Playthrough::show_chance() const {
  const ChanceDef& c = *decision_.chance;
  print("chance: {}\n", decision_.question.empty() ? c.name : decision_.question);
  if (c.outcomes.size() > kOutcomesListed) {
    print("  {}\n", counted(static_cast<long long>(c.outcomes.size()), "outcome"));
  } else {
    std::vector<std::string> outcomes;
    for (std::size_t i = 0; i < c.outcomes.size(); ++i)
      outcomes.push_back(fmt::format("{} ({:g})", c.outcomes[i].first, decision_.weights[i]));
    print("  outcomes (weight): {}\n", join_choices(outcomes, ", "));
  }
  if (decision_.audience == kEveryone) return;
  std::vector<std::string> seen;
  for (int s = 0; s < table_->seat_count(); ++s)
    if (decision_.audience >> s & 1u) seen.push_back(name(s));
  print("  seen by: {}\n", seen.empty() ? "nobody" : join_choices(seen, ", "));
}

// Step steps_ + 1: who may act (or the chance to be drawn), then every seat's block.
void Playthrough::show_decision() {
  print("\n== step {} ==\n", steps_ + 1);
  if (Status st = engine_.decision(state_, decision_); !st.ok) {
    decision_ = {};
    return;  // play_out meets the same error and reports it
  }
  if (decision_.kind == Decision::Kind::Chance) {
    show_chance();
  } else {
    std::vector<std::string> who;
    for (const auto& sa : decision_.seats) {
      const char* how = decision_.simultaneous ? "" : sa.on_turn ? " (on turn)" : " (out of turn)";
      who.push_back(name(sa.seat) + how);
    }
    print("to act: {}{}\n", who.empty() ? "nobody" : join_choices(who, ", "),
          decision_.simultaneous ? " (at the same time)" : "");
  }
  for (int seat = 0; seat < table_->seat_count(); ++seat) show_seat(seat);
}

void Playthrough::show_seat(int seat) {
  View v = make_view(state_, seat, read_[seat]);
  read_[seat] = state_.log.size();
  print("-- {} sees --\n", name(seat));
  print("{}", indented(render_table(v, loaded_.ruleset->name, false, kColumns), "  "));
  for (const auto& e : v.log) print("  log: {}\n", log_line(e, *table_));
  if (v.simultaneous.open() && !v.simultaneous.choices.at(seat).empty())
    print("  has chosen: {}\n", v.simultaneous.choices[seat]);
  if (decision_.kind != Decision::Kind::Seats) return;
  if (const SeatActions* sa = decision_.entry(seat)) {
    print("  legal{}:\n", sa->on_turn ? "" : " (out of turn; passing is a choice too)");
    print("{}", indented(render_actions(sa->actions, kColumns), "  "));
  }
}

// The seats asked before the one that acted passed (match.cpp asks them in order).
void Playthrough::show_taken(const MatchStep& step) const {
  if (step.seat < 0) {
    print("chance: {}\n", step.action);
    return;
  }
  std::vector<std::string> passed;
  for (const auto& sa : decision_.seats) {
    if (sa.seat == step.seat) break;
    if (!decision_.simultaneous) passed.push_back(name(sa.seat));
  }
  if (!passed.empty()) print("passed: {}\n", join_choices(passed, ", "));
  print("action: {}: {}\n", name(step.seat), step.action);
}

bool Playthrough::show_end(bool stopped) {
  print("\n== {} after {} ==\n", stopped ? "stopped" : "game over", counted(steps_, "step"));
  decision_ = {};
  for (int seat = 0; seat < table_->seat_count(); ++seat) show_seat(seat);
  if (stopped) {
    std::vector<std::string> scores;
    for (int s = 0; s < table_->seat_count(); ++s)
      scores.push_back(name(s) + " " + to_text(engine_.score(state_, s)));
    // The referee's figures, read from the whole state: a score may count what some seat cannot see.
    print("Not over: --max-steps {} was reached. Scores so far, by the referee: {}.\n", max_steps_,
          join_choices(scores, ", "));
    return true;
  }
  GameOver over = game_over(engine_, state_, false);
  print("{}\n", end_line(game_end(*loaded_.ruleset, *table_, over)));
  if (!over.error.empty()) print_err("{}: {}\n", loaded_.ruleset->id, over.error);
  if (!state_.payoffs.empty()) {
    std::vector<std::pair<std::string, double>> paid;
    for (int s = 0; s < table_->seat_count(); ++s) paid.emplace_back(name(s), state_.payoffs[s]);
    print("{}\n", payoffs_line(paid, table_->ruleset->payoffs.unit));
  }
  print("Reason: {}\n", state_.end_reason.empty() ? "none given by the rules" : state_.end_reason);
  return over.error.empty();
}

int Playthrough::run() {
  if (Status st = engine_.start(state_); !st.ok) throw InputError(loaded_.ruleset->id + ": " + st.message);
  std::vector<std::unique_ptr<Bot>> bots = seat_bots_made();
  show_header();
  if (!state_.over) show_decision();
  Status st = play_out(engine_, state_, bots, max_steps_, [this](const State&, const MatchStep& step) {
    show_taken(step);
    ++steps_;
    if (!state_.over && steps_ < max_steps_) show_decision();
  });
  bool stopped = !st.ok && !state_.over && steps_ >= max_steps_;  // as sim tells a game cut short
  if (!st.ok && !stopped) {
    print_err("{}: at step {}: {}\n", loaded_.ruleset->id, steps_ + 1, st.message);
    return 1;
  }
  return show_end(stopped) ? 0 : 1;
}

}  // namespace

int cmd_playthrough(const std::string& name, const GameFlags& flags, int max_steps) {
  try {
    LoadedGame loaded = load_game(name);
    GameOptions options = game_options(*loaded.ruleset, flags);  // as sim makes its first game's
    auto table = flags_table(loaded.ruleset, options);
    std::vector<std::string> kinds(table->seat_count(), "random");
    kinds = seat_bots(*table, flags.bots, kinds);
    for (int s = 0; s < table->seat_count(); ++s)
      if (kinds[s].empty())
        throw UsageError("playthrough: every seat is a bot's; " + table->seats[s].name + " may not be human");
    return Playthrough(loaded, table, std::move(kinds), max_steps).run();
  } catch (const InputError& e) {
    print_err("{}\n", e.what());
    return error_status(e);  // 2 for a bad flag value
  }
}

Command add_playthrough_command(CLI::App& app) {
  auto* cmd = app.add_subcommand("playthrough",
                                 "one game with bots, printed step by step as each seat sees it "
                                 "(the golden files in rulesets/<id>/golden/)");
  auto ruleset = std::make_shared<std::string>();
  auto flags = std::make_shared<GameFlags>();
  auto max_steps = std::make_shared<int>(20000);
  cmd->add_option("ruleset", *ruleset, "a ruleset id or folder")->required();
  add_game_flags(cmd, *flags);
  cmd->get_option("--seed")->description(
      "the game's seed, 0..2^64-1 (default 1). The game is played and its bots seeded as sim does it: with the "
      "same other options, --seed N is the game `arbiter sim --seed N --games 1` plays, and game g (from 0) of "
      "sim --seed S is --seed S+g (not with --rotate or --every-seating, which move the bots); check seeds its "
      "bots otherwise");
  cmd->add_option(
         "--bot", flags->bots,
         "a bot kind in a seat: --bot 2=mcts:50, --bot all=honest (repeatable; default: random in every "
         "seat; a time budget, mcts:Nms, plays differently from run to run)")
      ->check(bot_check());
  cmd->add_option(
         "--max-steps", *max_steps,
         "stop after this many steps (actions and chance outcomes) and say that the game is not over "
         "(default 20000, as sim's --max-actions)")
      ->check(CLI::Range(1, std::numeric_limits<int>::max()));
  return {cmd, [ruleset, flags, max_steps] { return cmd_playthrough(*ruleset, *flags, *max_steps); }};
}

}  // namespace arbiter::cli
