// Filling a Decision for a state, and taking an action or outcome from it by index.
#include "runtime/decision.hpp"

#include <algorithm>
#include <cmath>

#include "runtime/engine.hpp"

namespace arbiter {

int SeatActions::find(const std::string& action) const {
  auto it = std::find(actions.begin(), actions.end(), action);
  return it == actions.end() ? -1 : static_cast<int>(it - actions.begin());
}

const SeatActions* Decision::turn_seat() const {
  return !seats.empty() && seats.back().on_turn ? &seats.back() : nullptr;
}

const SeatActions* Decision::entry(int seat) const {
  for (const SeatActions& sa : seats)
    if (sa.seat == seat) return &sa;
  return nullptr;
}

std::string Decision::stuck(const Table& table) const {
  if (!turn_seat() && on_turn >= 0)
    return "nobody can act: " + table.seats[on_turn].name + " is on turn with no legal action";
  return "nobody acted";
}

std::vector<int> decision_order(const State& s) {
  std::vector<int> out;
  int n = s.seat_count();
  out.reserve(n);
  int active = s.active();
  for (int i = 1; i < n; ++i) out.push_back((active + i) % n);
  out.push_back(active);
  return out;
}

int decision_position(const State& s, int seat) {
  int n = s.seat_count();
  return ((seat - s.active() - 1) % n + n) % n;
}

std::size_t pick_outcome(const std::vector<double>& given_weights, Rng& rng) {
  // Weights each finite can sum past the largest double (every pick would be the last
  // outcome) or be so small that the pick loses its precision: then all are scaled by the
  // power of two that brings the largest to [1, 2), which changes no pick but those.
  const std::vector<double>* given = &given_weights;
  std::vector<double> scaled;
  double total = 0, largest = 0;
  for (double w : *given) total += w, largest = std::max(largest, w);
  if (!std::isnormal(total) && largest > 0) {
    total = 0;
    for (double w : *given) total += scaled.emplace_back(std::ldexp(w, -std::ilogb(largest)));
    given = &scaled;
  }
  const std::vector<double>& weights = *given;
  double pick = static_cast<double>(rng.next() >> 11) * 0x1.0p-53 * total;
  std::size_t i = 0;
  while (i + 1 < weights.size() && pick >= weights[i]) pick -= weights[i++];
  while (weights[i] <= 0 && i > 0) --i;
  return i;
}

void record_outcome(State& state, const PendingChance& made, const std::string& result) {
  state.record({Event::Kind::Chance, -1, result, made.audience});
  if (made.audience != kEveryone)
    state.record({Event::Kind::Say, -1, made.unseen, kEveryone & ~made.audience});
}

Status Engine::decision(const State& state, Decision& out) {
  out.chance = nullptr;
  out.on_turn = -1;
  out.simultaneous = false;
  if (state.over) {
    out.kind = Decision::Kind::Over;
    out.seats.clear();
    return {};
  }
  if (const ChanceDef* c = pending_chance(state)) {
    out.kind = Decision::Kind::Chance;
    out.chance = c;
    out.weights = state.chance.weights;
    out.question = state.chance.question;
    out.audience = state.chance.audience;
    out.seats.clear();
    return {};
  }
  out.kind = Decision::Kind::Seats;
  if (state.simultaneous.open()) return simultaneous_decision(state, out);
  out.on_turn = state.active();
  if (out.on_turn < 0) return Status::error("the game is not over but no seat is on turn");
  // Off its turn a seat can only hold the actions game.yaml lists as out-of-turn: without
  // any, only the seat on turn is asked. Entries are refilled in place to keep their storage.
  const bool out_of_turn = !table_->ruleset->turns.out_of_turn.empty();
  const int n = state.seat_count();
  std::size_t used = 0;
  for (int i = out_of_turn ? 1 : n; i <= n; ++i) {
    int seat = (out.on_turn + i) % n;
    if (used == out.seats.size()) out.seats.emplace_back();
    SeatActions& entry = out.seats[used];
    if (Status st = actions(state, seat, entry.actions); !st.ok) {
      out.seats.resize(used);
      return st;
    }
    if (entry.actions.empty()) continue;
    entry.seat = seat;
    entry.on_turn = seat == out.on_turn;
    ++used;
  }
  out.seats.resize(used);
  return {};
}

Status Engine::simultaneous_decision(const State& state, Decision& out) {
  out.simultaneous = true;
  out.on_turn = state.active();
  const std::uint32_t waiting = state.simultaneous.seats & ~state.simultaneous.chosen;
  std::size_t used = 0;
  for (int seat = 0; seat < state.seat_count(); ++seat) {
    if (!(waiting >> seat & 1u)) continue;
    if (used == out.seats.size()) out.seats.emplace_back();
    SeatActions& entry = out.seats[used];
    if (Status st = actions(state, seat, entry.actions); !st.ok) {
      out.seats.resize(used);
      return st;
    }
    if (entry.actions.empty()) {
      out.seats.resize(used);
      return Status::error(
          table_->ruleset->id + "/" + table_->ruleset->rules_file + ": " + table_->seats[seat].name +
          " is to choose at the same time as the others but actions() gives it nothing to choose");
    }
    entry.seat = seat;
    entry.on_turn = true;
    ++used;
  }
  out.seats.resize(used);
  return {};
}

Status Engine::commit(State& s, int seat, const std::string& action) {
  Simultaneous& sim = s.simultaneous;
  // The commitment is its seat's alone to read; the others learn only that it is made.
  s.record({Event::Kind::Action, seat, action, 1u << seat});
  if (s.logging)
    s.record({Event::Kind::Say, -1, s.table->seats[seat].name + " has chosen.", kEveryone & ~(1u << seat)});
  sim.choices[seat] = action;
  sim.chosen |= 1u << seat;
  if (sim.chosen != sim.seats) return {};
  std::vector<std::string> choices = std::move(sim.choices);
  sim = Simultaneous{};
  Status st = rules_.resolve(s, choices);
  return st.ok ? settle(s) : st;
}

Status Engine::take(State& state, const Decision& d, std::size_t who, std::size_t action) {
  const SeatActions& entry = d.seats[who];
  return apply_trusted(state, entry.seat, entry.actions[action]);
}

Status Engine::take_outcome(State& state, const Decision& d, std::size_t outcome) {
  const std::string& result = d.chance->outcomes[outcome].first;
  PendingChance made = std::move(state.chance);
  state.chance = PendingChance{};
  record_outcome(state, made, result);
  Status st = rules_.outcome(state, d.chance->name, result);
  return st.ok ? settle(state) : st;
}

}  // namespace arbiter
