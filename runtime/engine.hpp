// The runtime's game loop: starting a game, listing legal actions, applying one
// all-or-nothing, and running what happens between decisions (rounds, turns).
#pragma once
#include <memory>
#include <string>
#include <vector>

#include "runtime/decision.hpp"
#include "runtime/rules.hpp"
#include "runtime/state.hpp"

namespace arbiter {

// Why an action was refused: a stable word for scripts and tests (to_text), plus the details.
// Every door words a refusal with these; the last four come only from a table server: a seq
// the game has moved on from, a seq it has not reached, a spectator acting, and a step the
// server could not store (docs/server.md).
enum class Refusal {
  None, NotYourTurn, NotLegal, Ambiguous, GameOver, ScriptError, UnknownSeat,
  Stale, BadSeq, Spectator, Store
};
const char* to_text(Refusal r);

// What came of a typed action (Engine::apply) or a chance outcome given by its text
// (Engine::decide): taken, or refused and why. A chance decision's outcomes are something
// else: ChanceDef::outcomes, taken by index with take_outcome.
struct [[nodiscard]] ActionResult {
  Refusal refusal = Refusal::None;
  std::string message;             // why, in words; for script errors the file:line
  std::string action;              // the canonical text that was applied
  std::vector<std::string> legal;  // what the seat could do instead
  std::vector<std::string> candidates;  // Ambiguous: the legal actions the text could mean
  bool ok() const { return refusal == Refusal::None; }
};

// Collapses runs of white space and trims; action texts are compared in this form.
std::string normalize_action(const std::string& text);
// Whether `text` is already as normalize_action would leave it.
bool is_normal_action(std::string_view text);
// "Bill: call" -> who "Bill", what "call", each normalized; false when there is no colon.
bool split_seat_action(const std::string& line, std::string& who, std::string& what);
// Whether two normalized action texts are the same action (letters compare without case).
bool same_action(const std::string& a, const std::string& b);

// How an edge reads a typed action (Engine::apply).
struct Reading {
  // A person typing may give a unique start of a legal action ("play 7H" for "play 7H on 8S",
  // "sto" for "stop"); with several, the text is Ambiguous unless the rules accept it as it is.
  // A start that cuts a word short is read only when the rules neither accept nor expand the
  // text, and never when it ends in a digit.
  bool prefixes = false;
  // The seat's legal actions when the caller has them (from a Decision for this very state);
  // otherwise they are asked of the rules.
  const std::vector<std::string>* legal = nullptr;
};

class Engine {
 public:
  // `rules` must outlive the engine.
  Engine(std::shared_ptr<const Table> table, Rules& rules) : table_(std::move(table)), rules_(rules) {}

  const Table& table() const { return *table_; }
  std::shared_ptr<const Table> table_ptr() const { return table_; }
  Rules& rules() { return rules_; }

  // Sets up `state`, fresh from State(table) (perhaps with arranged shuffles queued),
  // and advances it to the first decision. On failure `state` is unusable.
  Status start(State& state);
  // The seat's legal actions (empty when it may not act now). Kept for the next asking
  // about the same state, as drivers ask before they apply.
  Status legal(const State& state, int seat, std::vector<std::string>& out);
  // The same, asked of the rules every time: for playouts and search, where a state is
  // asked about once and hashing it for the cache would be wasted.
  Status actions(const State& state, int seat, std::vector<std::string>& out);
  // The one reader of typed text (typed_action.cpp): applies `text` for `seat` if it is
  // legal (read as `how` says), or if the ruleset expands it into steps that are each legal
  // in turn (a whole composite move on one line). On any refusal, `state` is exactly as it was.
  ActionResult apply(State& state, int seat, const std::string& text, const Reading& how = {});
  // For playouts and search: applies `action`, which the caller took from legal() for this
  // very state, in place and without checking it again. On a script error `state` is left
  // half-changed: the caller must discard it.
  Status apply_trusted(State& state, int seat, const std::string& action);
  // What happens next in `state`: a chance decision, the seats that may act with their
  // actions, or nothing (the game is over). `out` is refilled, keeping its storage.
  Status decision(const State& state, Decision& out);
  // Takes `d.seats[who].actions[action]`, where `d` was filled for this very state: trusted,
  // in place, no text looked up or checked again. On a script error `state` is left
  // half-changed: the caller must discard it.
  Status take(State& state, const Decision& d, std::size_t who, std::size_t action);
  // Makes `d`'s chance decision with outcome index `outcome`, as take() does an action.
  Status take_outcome(State& state, const Decision& d, std::size_t outcome);
  // The chance decision waiting to be made, or nullptr. While one waits, no seat may act.
  const ChanceDef* pending_chance(const State& state) const;
  // Makes the pending chance decision with `result`, one of its outcomes. All-or-nothing:
  // refused (NotLegal) when none is pending or the outcome is unknown.
  ActionResult decide(State& state, const std::string& result);
  // Makes it at random, weighted as the rules asked. The draw comes from the caller's `rng`,
  // not the state's: the outcome is recorded in the log, so a replay needs no draw.
  ActionResult decide_randomly(State& state, Rng& rng);
  // A seat's current score (the ruleset's score hook, else its `score` variable, else 0).
  // A score hook that fails is an error: the Status form says it; the other throws InputError.
  Status score(const State& state, int seat, Value& out);
  Value score(const State& state, int seat);

 private:
  ActionResult apply_one(State& state, int seat, const std::string& text, const Reading& how, bool expand);
  ActionResult read_action(const State& state, int seat, const std::string& wanted, const Reading& how,
                           bool expand, std::vector<std::string>& steps);
  ActionResult apply_steps(State& state, int seat, const std::string& line,
                           const std::vector<std::string>& steps);
  Status settle(State& state);
  // A seat's action while a simultaneous choice is open: held until every seat has committed.
  Status commit(State& state, int seat, const std::string& action);
  Status simultaneous_decision(const State& state, Decision& out);
  void open_simultaneous(State& state);
  Status begin_round(State& state);
  Status advance_turn(State& state);
  std::shared_ptr<const Table> table_;
  Rules& rules_;
  // The last list of legal actions per seat, by the hash of the state it was made for:
  // drivers and checks ask again for the same state, and each asking is a call into Lua.
  struct CachedLegal {
    std::uint64_t hash = 0;
    bool valid = false;
    std::vector<std::string> actions;
  };
  std::vector<CachedLegal> legal_cache_;
};

}  // namespace arbiter
