// Sequencing is the runtime's: a ruleset asks for a turn or round to end, and the
// engine starts the next one, calling the ruleset's hooks on the way.
#include "runtime/engine.hpp"

#include <algorithm>
#include <chrono>

#include "runtime/diagnostics.hpp"
#include "runtime/limits.hpp"

namespace arbiter {

Status Engine::start(State& state) { return settle(state); }

namespace {
// Whether `seat` may be asked for actions at all: the game goes on, no chance decision
// waits, and the seat is still in the game.
// While a simultaneous choice is open, only its seats that have not yet committed may act.
bool may_act(const State& state, int seat) {
  return !state.over && seat >= 0 && seat < state.seat_count() && state.chance.def < 0 &&
         state.status[seat] != SeatStatus::OutForGame &&
         (!state.simultaneous.open() ||
          ((state.simultaneous.seats & ~state.simultaneous.chosen) >> seat & 1u));
}
}  // namespace

Status Engine::actions(const State& state, int seat, std::vector<std::string>& out) {
  if (may_act(state, seat)) return rules_.actions(state, seat, out);  // which replaces what `out` held
  out.clear();
  return {};
}

Status Engine::legal(const State& state, int seat, std::vector<std::string>& out) {
  out.clear();
  if (!may_act(state, seat)) return {};  // before the cache: no hash for a state nobody acts in
  if (legal_cache_.size() != static_cast<std::size_t>(state.seat_count()))
    legal_cache_.assign(state.seat_count(), {});
  CachedLegal& cached = legal_cache_[seat];
  std::uint64_t hash = state.hash();
  if (cached.valid && cached.hash == hash) {
    out = cached.actions;
    return {};
  }
  Status st = rules_.actions(state, seat, out);
  cached.valid = st.ok;
  cached.hash = hash;
  if (st.ok) cached.actions = out;
  return st;
}

Status Engine::apply_trusted(State& state, int seat, const std::string& action) {
  if (state.simultaneous.open()) return commit(state, seat, action);
  state.record({Event::Kind::Action, seat, action, 1u << seat});
  Status st = rules_.apply(state, seat, action);
  return st.ok ? settle(state) : st;
}

const ChanceDef* Engine::pending_chance(const State& state) const {
  return state.chance.def < 0 ? nullptr : &table_->ruleset->chances[state.chance.def];
}

ActionResult Engine::decide(State& state, const std::string& result) {
  const ChanceDef* c = pending_chance(state);
  if (!c) return {Refusal::NotLegal, "no chance decision is pending", "", {}, {}};
  std::vector<std::string> names;
  for (const auto& [name, help] : c->outcomes) names.push_back(name);
  int index = c->outcome_index(result);
  if (index < 0)
    return {Refusal::NotLegal,
            quote(result) + " is not an outcome of " + c->name + did_you_mean(result, names),
            "",
            names,
            {}};
  State next = state;
  PendingChance made = std::move(next.chance);
  next.chance = PendingChance{};
  record_outcome(next, made, result);
  Status st = rules_.outcome(next, c->name, result);
  if (st.ok) st = settle(next);
  if (!st.ok) return {Refusal::ScriptError, st.message, "", names, {}};
  state = std::move(next);
  return {Refusal::None, "", result, {}, {}};
}

ActionResult Engine::decide_randomly(State& state, Rng& rng) {
  const ChanceDef* c = pending_chance(state);
  if (!c) return {Refusal::NotLegal, "no chance decision is pending", "", {}, {}};
  return decide(state, c->outcomes[pick_outcome(state.chance.weights, rng)].first);
}

Status Engine::score(const State& state, int seat, Value& out) {
  out = Value{};
  if (Status st = rules_.score(state, seat, out); !st.ok) return st;
  if (!out.is_nil()) return {};
  int var = table_->ruleset->var_index("score");
  out = var >= 0 ? state.var(var, seat) : Value{0};
  return {};
}

Value Engine::score(const State& state, int seat) {
  Value v;
  if (Status st = score(state, seat, v); !st.ok) throw InputError(st.message);
  return v;
}

Status Engine::begin_round(State& s) {
  s.round += 1;
  for (auto& st : s.status)
    if (st == SeatStatus::OutForRound) st = SeatStatus::In;
  std::vector<int> order;
  if (s.round > 1) {
    if (Status st = rules_.round_order(s, order); !st.ok) return st;
  } else {
    FirstSeat first = table_->ruleset->turns.first;
    int start = first == FirstSeat::First ? 0 : table_->by_age(first == FirstSeat::Youngest).front();
    for (int i = 0; i < s.seat_count(); ++i) order.push_back((start + i) % s.seat_count());
  }
  if (!order.empty()) {
    std::vector<int> sorted = order;
    std::sort(sorted.begin(), sorted.end());
    if (static_cast<int>(sorted.size()) != s.seat_count() ||
        std::unique(sorted.begin(), sorted.end()) != sorted.end() || sorted.front() != 0 ||
        sorted.back() != s.seat_count() - 1)
      return Status::error(
          table_->ruleset->id + "/" + table_->ruleset->rules_file +
          ": round_order must return every seat once (seats out of the game are skipped anyway)");
    s.order.assign(order.begin(), order.end());
  }
  s.turn_index = 0;
  while (s.turn_index < static_cast<int>(s.order.size()) && s.status[s.order[s.turn_index]] != SeatStatus::In)
    ++s.turn_index;
  if (s.turn_index == static_cast<int>(s.order.size()))
    return Status::error("no seat is left to take a turn");
  s.pending |= kTurnStart;
  return rules_.round_start(s);
}

Status Engine::advance_turn(State& s) {
  int n = static_cast<int>(s.order.size());
  for (int step = 1; step <= n; ++step) {
    int i = (s.turn_index + step) % n;
    if (s.status[s.order[i]] == SeatStatus::In) {
      s.turn_index = i;
      s.pending |= kTurnStart;
      return {};
    }
  }
  return Status::error(table_->ruleset->rules_file +
                       ": a turn ended but no seat is left in play; end the round or the game");
}

// game.yaml's `turns.simultaneous`: at every decision, every seat still in play chooses.
void Engine::open_simultaneous(State& s) {
  for (int seat = 0; seat < s.seat_count(); ++seat)
    if (s.status[seat] == SeatStatus::In) s.simultaneous.seats |= 1u << seat;
  if (s.simultaneous.seats) s.simultaneous.choices.assign(s.seat_count(), "");
}

// Between two decisions: hooks that each keep their limits but end turns or rounds forever
// are stopped by a count and a clock (docs/limits.md), looked at every 16 steps.
constexpr int kSettleSteps = 10000;
constexpr auto kSettleWall = std::chrono::seconds(2);

Status Engine::settle(State& s) {
  // The clock starts at the 16th step: nearly every settle ends long before, and reading
  // the clock on each would cost a playout more than the steps themselves.
  std::chrono::steady_clock::time_point started;
  for (int guard = 0; guard < kSettleSteps; ++guard) {
    if (guard == 15) started = std::chrono::steady_clock::now();
    if ((guard & 15) == 15 && std::chrono::steady_clock::now() - started > kSettleWall)
      return Status::error(table_->ruleset->id + "/" + table_->ruleset->rules_file +
                           ": turns or rounds went on ending for " + std::to_string(kSettleWall.count()) +
                           " s without a decision in between (" + std::to_string(guard) + " hook calls)");
    if (s.over) {
      s.pending = 0;
      s.chance = PendingChance{};
      s.simultaneous = Simultaneous{};
      return {};
    }
    if (s.chance.def >= 0) return {};  // the table decides before anything else happens
    if (s.simultaneous.open()) return {};  // so do the seats of a simultaneous choice
    Status st;
    if (s.pending & kSetup) {
      s.pending = static_cast<std::uint8_t>((s.pending & ~kSetup) | kRoundStart);
      st = rules_.setup(s);
    } else if (s.pending & kRoundEnd) {
      s.pending = kRoundStart;  // the turn in progress is cancelled
      st = rules_.round_end(s);
    } else if (s.pending & kRoundStart) {
      s.pending &= ~kRoundStart;
      st = begin_round(s);
    } else if (s.pending & kTurnEnd) {
      s.pending &= ~(kTurnEnd | kTurnStart);
      st = advance_turn(s);
    } else if (s.pending & kTurnStart) {
      s.pending &= ~kTurnStart;
      s.turn += 1;
      st = rules_.turn_start(s);
    } else {
      if (table_->ruleset->turns.simultaneous) open_simultaneous(s);
      return {};
    }
    if (!st.ok) return st;
  }
  return Status::error(table_->ruleset->id + "/" + table_->ruleset->rules_file + ": rounds or turns ended " +
                       std::to_string(kSettleSteps) + " times without a decision in between");
}

}  // namespace arbiter
