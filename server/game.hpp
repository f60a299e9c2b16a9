// One table's game, without network or threads: the Engine with its own Lua state and the
// turn driver (play/driver.hpp) that runs the game, its bots and who the table waits for,
// with every step stored before the game moves on. The host (server/host.hpp) runs each
// table's calls one at a time; this class is what the protocol handler and its fuzzer drive.
#pragma once
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "lua/home.hpp"
#include "present/json_view.hpp"
#include "play/bot.hpp"
#include "play/driver.hpp"
#include "runtime/decision.hpp"
#include "runtime/engine.hpp"

namespace arbiter::server {

using present::Json;

// How a table was set up: enough to set it up again after a restart.
struct TableSetup {
  std::string ruleset;             // as it was named: an id or a folder
  GameOptions options;             // seats, seed, variant, parameters (at-table values applied)
  std::vector<std::string> kinds;  // per seat: "" for a person, else the bot's kind
};
// The seats as a table's listing shows them: [{name, plays: "human" or the bot's kind}].
Json seats_json(const TableSetup& setup);

// One step of the game as the store keeps it: an action of a seat, or a chance outcome (seat -1).
// Or, with `pass`, a seat letting an out-of-turn chance go: no step (seq stays), but stored
// too, so that a restart does not ask the seat again.
struct Step {
  int seat = -1;
  std::string action;
  std::uint64_t hash = 0;  // of the state after it, checked when the table is replayed
  bool pass = false;
};

// A stored pass: `seat` passed when the game was at seq `n`.
struct Pass {
  int n = 0;
  int seat = -1;
};

// What a connection has been sent of the log: `global` entries of the table's log looked at,
// `count` of them its seat may read (the `log_from` of the next `state`).
struct LogCursor {
  std::size_t global = 0;
  std::size_t count = 0;
};

// A seat's action or pass refused, worded as every door words it (to_text(Refusal)).
ActionResult refused(Refusal why, std::string message);

// Stores a step before anyone hears of it; false (with `error`) keeps the game as it was.
using Commit = std::function<bool(const Step&, std::string& error)>;

class TableGame {
 public:
  // Sets the game up from `setup` with `loaded` (setup.ruleset loaded, its Lua for this table
  // alone). Throws InputError: an unknown variant, parameter or bot kind, or rules that fail
  // to start. `chance_seed` draws the chance outcomes.
  TableGame(const TableSetup& setup, LoadedGame loaded, std::uint64_t chance_seed);
  TableGame(const TableGame&) = delete;  // the driver's store is this table's
  TableGame& operator=(const TableGame&) = delete;
  // Replays stored steps onto the fresh game (throws InputError naming the step that is refused
  // or leaves another state), then the passes made since the last: a table resumed after a restart.
  void replay(const std::vector<Step>& steps, const std::vector<Pass>& passes, const std::string& where);

  const TableSetup& setup() const { return setup_; }
  const Table& table() const { return engine_->table(); }
  const std::string& ruleset_name() const;  // the ruleset's title
  int seq() const { return seq_; }           // steps taken: actions and chance outcomes
  bool over() const { return driver_->over(); }
  const std::string& failure() const { return failure_; }  // a script error that stopped the table
  void stop(const std::string& why) { failure_ = why; }

  // A seat's action or out-of-turn pass (`seq`, when given: seq(), or in a simultaneous round
  // any seq since the seat's own question was asked).
  ActionResult act(int seat, const std::string& text, std::optional<std::int64_t> seq, const Commit& commit);
  ActionResult pass(int seat, std::optional<std::int64_t> seq, const Commit& commit);
  // Takes the next step the table owes without a person: a chance outcome or a bot's move
  // (with the bots' passes before it, which are no steps). False when it waits for people, or
  // is over or broken: a bot that cannot act (nothing on its turn too) stops the table.
  bool auto_step(const Commit& commit);
  // Whether auto_step has something to do.
  bool owes_auto_step() const;

  // docs/server.md's messages. `seat` -1 is a spectator. `state` moves the cursor on.
  Json state_message(int seat, LogCursor& cursor, int columns) const;
  Json over_message() const;
  // The seats as `welcome` and `presence` list them; `connected` per seat.
  Json seats_json(const std::vector<bool>& connected) const;
  // The game as a save file (it tells every hand: for the host only).
  std::string save() const;
  // The ruleset's fingerprint as this table plays it, as JSON text: the parameters in force,
  // the components and every rules file, shared scripts too (runtime/fingerprint.hpp).
  std::string rules_print() const;
  // Why an auto step could not be stored ("": it was, or none was tried): the table waits,
  // and tries again at the next auto_step.
  const std::string& store_failure() const { return store_failure_; }

 private:
  // Why the store refused the step just tried, when it did.
  enum class KeepRefusal { None, NoEntry, Store };
  std::vector<int> asked() const;  // the seats that may act now
  const SeatActions* asked_entry(int seat) const;  // asked now and played by a person: its entry
  void arm(const Commit& commit);  // the store for the driver's next call
  bool keep(const Taken& taken, std::string& error);  // TurnDriver::Options::keep: the step stored
  void stepped(const Decision& was, int mover);        // after a step: seq, the seats' questions
  void note_failure();  // a decision the rules cannot give, or nobody who may act: failure_
  std::optional<ActionResult> seq_refusal(int seat, std::optional<std::int64_t> given) const;
  void note_asked(const Decision& was, int mover);
  std::vector<std::string> kinds_for_save() const;
  const State& state() const { return driver_->state(); }

  TableSetup setup_;
  LoadedGame loaded_;
  std::unique_ptr<Engine> engine_;
  std::unique_ptr<TurnDriver> driver_;
  const Commit* commit_ = nullptr;  // the store of the call in progress; none in a replay
  std::size_t log_mark_ = 0;        // the log's length before the step being stored
  KeepRefusal keep_refusal_ = KeepRefusal::None;
  Taken tried_;                     // the last step given to the store
  int kept_ = 0;                    // the steps and passes stored in the call in progress
  std::vector<int> asked_at_;  // per seat: the seq its current question was first asked at
  int seq_ = 0;
  std::string failure_;
  std::string store_failure_;
};

// What differs between the fingerprint a table was opened with and its ruleset's now, in
// words ("rules.lua changed, the parameters changed"); "" when nothing does. A `kept` print
// that is not one is said so.
std::string rules_changes(const std::string& kept, const std::string& now);

}  // namespace arbiter::server
