// The one answer to "what happens next?" in a state: either the table makes a chance
// decision, or some seats may act, each with its legal actions. Every driver (sim and
// check, search, perft, scenarios, the JSON door, the REPL) reads a Decision from the
// Engine and takes an action or outcome by its index; text is for the edges only.
#pragma once
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "runtime/log.hpp"
#include "runtime/rng.hpp"
#include "runtime/state.hpp"

namespace arbiter {

struct ChanceDef;

// One seat that may act now, and what it may do.
struct SeatActions {
  int seat = -1;
  bool on_turn = false;              // false: an out-of-turn chance, which the seat may pass
  std::vector<std::string> actions;  // canonical texts, addressed by index; never empty in a Decision
  // The index of exactly `action` among `actions`, or -1.
  int find(const std::string& action) const;
};

struct Decision {
  enum class Kind { Over, Chance, Seats };
  Kind kind = Kind::Over;

  // Kind::Chance: the outcomes are chance->outcomes, each with its weight.
  const ChanceDef* chance = nullptr;
  std::vector<double> weights;
  std::string question;                 // the ask text with the rules' context filled in
  std::uint32_t audience = kEveryone;   // the seats that see the outcome

  // Kind::Seats: the seats that may act, each with at least one action, in the order they
  // are asked: seats holding game.yaml's `turns.out_of_turn` actions first (in turn order
  // from the seat after the one on turn), the seat on turn last. Off-turn seats are listed
  // only where game.yaml declares out-of-turn actions. Empty when nobody can act, which a
  // driver reports with stuck().
  int on_turn = -1;
  std::vector<SeatActions> seats;
  // A choice made at the same time (game:simultaneous): `seats` are those still to commit, in
  // seat order, each on turn (none may pass). A commitment taken is held by the engine, read
  // by nobody else, until the last seat commits and the rules' `resolve` gets them all.
  bool simultaneous = false;

  // The entry of the seat on turn, or nullptr when it has no legal action.
  const SeatActions* turn_seat() const;
  // The entry of `seat`, or nullptr when it may not act now.
  const SeatActions* entry(int seat) const;
  // Why nobody acted: the seat on turn has no legal action, or every seat passed.
  std::string stuck(const Table& table) const;
};

// Every seat, in the order a decision asks them: from the seat after the one on turn
// round to the seat on turn, which is last.
std::vector<int> decision_order(const State& state);
// The position of `seat` in decision_order(state), without building it.
int decision_position(const State& state, int seat);

// An outcome index drawn from `weights` (each >= 0, at least one > 0) with one draw of `rng`.
std::size_t pick_outcome(const std::vector<double>& weights, Rng& rng);

// Logs the outcome `result` of the chance decision `made` (no longer pending): for its
// audience, and, when that is not everyone, its `unseen` line for the others.
void record_outcome(State& state, const PendingChance& made, const std::string& result);

}  // namespace arbiter
