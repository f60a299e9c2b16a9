// The turn driver: one game in progress, owned by one type that every door runs (the REPL,
// the JSON door, the server's tables, check and sim playouts, scenarios, the embedding
// example). It reads the engine's Decision and keeps what lies above it: who is asked now
// and who has passed an out-of-turn chance, whether a chance decision is drawn or asked of
// the table, the bots and how their answers are read, undo with its re-deal, and the end of
// the game as one value. A door only reads input and writes output around it.
#pragma once
#include <cstdint>
#include <functional>
#include <limits>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "play/bot.hpp"
#include "runtime/engine.hpp"

namespace arbiter {

// Who makes a chance decision the rules ask for. An outcome that only some seats see is
// always drawn, whatever the policy: said aloud at the table, every seat would hear it.
enum class ChancePolicy {
  Draw,         // drawn from the driver's generator (check, sim, the server, scenarios)
  AskPhysical,  // the table is asked those game.yaml marks `physical`; the rest drawn
  AskAll,       // the table is asked every one (--chance ask)
};

// One step the driver took or was told of: a seat's action, a chance outcome (seat -1), or
// a seat passing its out-of-turn chance (`pass`, no action).
struct Taken {
  int seat = -1;
  std::string action;   // the canonical text (a chance outcome's name)
  int options = 0;      // the legal actions the seat chose among (0 for chance and passes)
  std::string tag;      // the ruleset's tag of the action, read before it was taken (Options::tags)
  bool pass = false;
};

// The end of a game, the same fields for every door.
struct GameOver {
  std::vector<int> winners;                  // seats, as the rules named them
  std::vector<std::optional<Value>> scores;  // per seat; none where the score could not be read
  std::vector<double> results;  // per seat: the share of the win (1/k for k winners), or game:finish's
  std::vector<double> payoffs;               // per seat; empty when the game declares none
  std::string reason;                        // why the game ended, when the rules said (game:finish)
  std::string error;                         // the score hook's failure (file:line), or ""
};

// What came of asking a seat's bot.
struct [[nodiscard]] BotMove {
  // NotKept: Options::keep refused the step; the game is as it was and may ask again.
  enum class Kind { Acted, Passed, Failed, NotKept };
  Kind kind = Kind::Failed;
  std::string action;  // Acted: the action taken
  std::string error;   // Failed: why, worded for the players (see TurnDriver::Options::author)
};

// How `state`, which is over, ended, read through `engine` (its score hook). `withhold`: a
// failing score hook is named by its place only (a player's door, where something is hidden).
GameOver game_over(Engine& engine, const State& state, bool withhold);

class TurnDriver {
 public:
  struct Options {
    ChancePolicy chance = ChancePolicy::Draw;
    std::optional<std::uint64_t> chance_seed;  // default: chance_seed(table seed)
    // Each step is all-or-nothing: a refused or failing step leaves the game as it was. Off
    // for playouts, which discard a failed game and should not pay for a copy a step.
    bool all_or_nothing = true;
    bool tags = false;          // fill Taken::tag (the ruleset's Rules::tag)
    bool undo = true;           // keep an undo point before each action of a person's seat
    // The messages are for the ruleset's author (check, sim, scenarios): a bot's refused
    // action is quoted and script errors name file and line. Otherwise, where the ruleset
    // hides anything, they name no more than a player may know.
    bool author = false;
    // Told of every step taken (after it), and may refuse to keep it (the server's store):
    // false puts the game back as it was and the step is refused with `error`.
    std::function<bool(const Taken&, std::string& error)> keep;
    // Told of every step taken, after it (a playout's record); cannot refuse it.
    std::function<void(const State&, const Taken&)> observe;
  };

  // `engine`'s rules must outlive the driver; `state` is a started game (Engine::start, a
  // replayed save). `passed`: the seats that had passed at its decision (a loaded game).
  TurnDriver(Engine& engine, State state, Options options, std::uint32_t passed = 0);
  // Plays the caller's `state` in place (a playout whose caller reads it as it goes); it
  // must outlive the driver.
  TurnDriver(Engine& engine, State* in_place, Options options);
  TurnDriver(const TurnDriver&) = delete;
  TurnDriver& operator=(const TurnDriver&) = delete;

  Engine& engine() { return *engine_; }
  const Table& table() const { return engine_->table(); }
  const State& state() const { return *state_; }
  bool over() const { return state_->over; }
  // Puts another game in: a loaded save, a replay on reloaded rules (`engine`, when given,
  // replaces the one the driver runs, and the bots must be seated again). Forgets the undo
  // points; `passed` as for the constructor.
  void reset(State state, std::uint32_t passed = 0, Engine* engine = nullptr);

  // --- the decision ---
  // What happens next (refilled after every step). Fails when a hook of the rules does.
  const Decision& decision() const { return decision_; }
  const Status& decision_status() const { return decision_status_; }
  // The seats asked now, in the order they are asked: the first seat of the decision that
  // has not passed (an out-of-turn holder, or the seat on turn); in a simultaneous choice,
  // every seat still to commit. Empty during a chance decision, at the end, or when stuck.
  std::vector<int> asked() const;
  // The first of asked(), or -1.
  int next_asked() const;
  // Persons asked together: the first asked seat and, when it holds an out-of-turn chance,
  // the persons' out-of-turn holders right after it (the REPL offers them one prompt); in a
  // simultaneous choice, every person still to commit. Bots are asked before persons there.
  std::vector<int> persons_asked() const;
  // The decision's entry for `seat`, or nullptr when it may not act now.
  const SeatActions* entry(int seat) const { return decision_.entry(seat); }
  // A chance decision is pending and the policy asks the table for it (outcome()).
  bool chance_asked() const;
  // Why nobody may act though the game is not over ("": somebody may, or the rules failed).
  std::string stuck() const;
  std::uint32_t passed() const { return passed_; }  // who passed at this decision, a bit each

  // --- steps; each refused with the state as it was (all_or_nothing) ---
  // A seat's typed action, read as `how` says (Reading::legal is filled from the decision).
  // Any seat the decision lists may act. A decision that failed is read again first.
  [[nodiscard]] ActionResult act(int seat, const std::string& text, bool prefixes = false);
  // An out-of-turn holder lets its chance go; refused for the seat on turn and in a
  // simultaneous choice.
  [[nodiscard]] Status pass(int seat);
  // The table's answer to the pending chance decision, by the outcome's name.
  [[nodiscard]] ActionResult outcome(const std::string& name);
  // Draws the pending chance decision from the driver's generator.
  [[nodiscard]] Status draw();

  // --- bots ---
  // One bot per seat, nullptr for a person's seat (bots/make_bot.hpp's make_seat_bots).
  void set_bots(std::vector<std::unique_ptr<Bot>> bots);
  std::vector<std::unique_ptr<Bot>> take_bots() { return std::move(bots_); }
  Bot* bot(int seat) const {
    return seat >= 0 && seat < static_cast<int>(bots_.size()) ? bots_[seat].get() : nullptr;
  }
  std::uint32_t persons() const;  // the seats without a bot, a bit each
  // Asks `seat`'s bot (it must be asked now) and takes its answer, the one way every door
  // reads it: an action it lists is taken by index; a text the rules accept though they
  // did not list it (a bid of any size) is taken; nothing, off its turn, is a pass; nothing on
  // its turn, or a text the rules refuse, fails the game at that step.
  [[nodiscard]] BotMove play_bot(int seat);

  // --- running ---
  enum class Stop { Over, Person, Chance, Failed, Limit };
  struct [[nodiscard]] Run {
    Stop stop = Stop::Over;
    Status status;  // Failed: why (a script error, a bot that cannot act, nobody can act)
    int steps = 0;  // the steps taken (actions and outcomes; passes are none)
  };
  // Takes every step that needs no person: chance decisions the policy draws, and the bots'
  // moves and passes, until a person is asked, the table is asked a chance decision, the game
  // ends, something fails, or `max_steps` have been taken.
  [[nodiscard]] Run run(int max_steps = std::numeric_limits<int>::max());

  // --- undo ---
  bool can_undo() const { return !undo_.empty(); }
  // Back to before the last person's action, the decision's passes as they stood; what no
  // person can see is dealt again from `redeal_seed`. Returns whose action it was, -1 for none.
  int undo(std::uint64_t redeal_seed);
  struct UndoPoint {
    State state;
    std::uint32_t passed = 0;
    int seat = -1;
  };
  std::vector<UndoPoint>& undo_points() { return undo_; }

  // --- the end ---
  GameOver game_over() const;

 private:
  void refresh();
  Status step_taken(State* before, const Taken& taken);
  Status bot_failed(int seat, const std::string& why) const;
  std::string shown(const std::string& rules_error) const;
  BotMove bot_answer(int seat, const SeatActions& sa, const std::string& choice);

  void init(std::uint32_t passed);

  Engine* engine_;
  State own_;       // the game, unless it is played in place
  State* state_;
  Options options_;
  Decision decision_;
  Status decision_status_;
  std::uint32_t passed_ = 0;
  std::vector<std::unique_ptr<Bot>> bots_;
  std::vector<UndoPoint> undo_;
  Rng chance_rng_;
  bool hidden_ = false;  // the ruleset can hide something from a seat
};

}  // namespace arbiter
