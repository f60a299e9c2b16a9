// The turn driver (play/driver.hpp): the decision, the passes, chance by policy, the bots'
// answers read one way, undo, and the end of the game.
#include "play/driver.hpp"

#include "runtime/diagnostics.hpp"
#include "runtime/seeds.hpp"
#include "play/sample.hpp"

namespace arbiter {

TurnDriver::TurnDriver(Engine& engine, State state, Options options, std::uint32_t passed)
    : engine_(&engine), own_(std::move(state)), state_(&own_), options_(std::move(options)) {
  init(passed);
}

TurnDriver::TurnDriver(Engine& engine, State* in_place, Options options)
    : engine_(&engine), state_(in_place), options_(std::move(options)) {
  init(0);
}

void TurnDriver::init(std::uint32_t passed) {
  chance_rng_ = Rng(options_.chance_seed ? *options_.chance_seed : chance_seed(engine_->table().seed));
  hidden_ = anything_hidden(*engine_->table().ruleset);
  bots_.resize(engine_->table().seats.size());
  refresh();
  for (const SeatActions& sa : decision_.seats)
    if (!sa.on_turn && !decision_.simultaneous && (passed >> sa.seat & 1u)) passed_ |= 1u << sa.seat;
}

void TurnDriver::reset(State state, std::uint32_t passed, Engine* engine) {
  if (engine) engine_ = engine, hidden_ = anything_hidden(*engine->table().ruleset);
  *state_ = std::move(state);
  undo_.clear();
  passed_ = 0;
  refresh();
  for (const SeatActions& sa : decision_.seats)
    if (!sa.on_turn && !decision_.simultaneous && (passed >> sa.seat & 1u)) passed_ |= 1u << sa.seat;
}

void TurnDriver::refresh() {
  if (state_->over) {
    decision_ = Decision{};
    decision_status_ = {};
    return;
  }
  decision_status_ = engine_->decision(*state_, decision_);
}

std::string TurnDriver::shown(const std::string& rules_error) const {
  return options_.author || !hidden_ ? rules_error : withheld_rules_error(rules_error);
}

int TurnDriver::next_asked() const {
  if (state_->over || !decision_status_.ok || decision_.kind != Decision::Kind::Seats) return -1;
  for (const SeatActions& sa : decision_.seats)
    if (decision_.simultaneous || sa.on_turn || !(passed_ >> sa.seat & 1u)) return sa.seat;
  return -1;
}

std::vector<int> TurnDriver::asked() const {
  std::vector<int> seats;
  if (!decision_.simultaneous) {
    if (int s = next_asked(); s >= 0) seats.push_back(s);
    return seats;
  }
  if (next_asked() < 0) return seats;
  for (const SeatActions& sa : decision_.seats) seats.push_back(sa.seat);
  return seats;
}

std::vector<int> TurnDriver::persons_asked() const {
  std::vector<int> seats;
  std::vector<int> now = asked();
  if (now.empty()) return seats;
  if (decision_.simultaneous) {
    for (int s : now)
      if (!bot(s)) seats.push_back(s);
    return seats;
  }
  if (bot(now[0])) return seats;
  seats.push_back(now[0]);
  if (entry(now[0])->on_turn) return seats;
  bool after = false;
  for (const SeatActions& sa : decision_.seats) {
    if (sa.seat == now[0]) after = true;
    else if (after && !sa.on_turn && !bot(sa.seat) && !(passed_ >> sa.seat & 1u)) seats.push_back(sa.seat);
    else if (after) break;
  }
  return seats;
}

bool TurnDriver::chance_asked() const {
  if (state_->over || !decision_status_.ok || decision_.kind != Decision::Kind::Chance) return false;
  if (decision_.audience != kEveryone) return false;
  return options_.chance == ChancePolicy::AskAll ||
         (options_.chance == ChancePolicy::AskPhysical && decision_.chance->physical);
}

std::string TurnDriver::stuck() const {
  if (state_->over || !decision_status_.ok || decision_.kind != Decision::Kind::Seats) return {};
  if (next_asked() >= 0) return {};
  return decision_.stuck(table());
}

std::uint32_t TurnDriver::persons() const {
  std::uint32_t mask = 0;
  for (std::size_t i = 0; i < bots_.size(); ++i)
    if (!bots_[i]) mask |= 1u << i;
  return mask;
}

void TurnDriver::set_bots(std::vector<std::unique_ptr<Bot>> bots) {
  bots_ = std::move(bots);
  bots_.resize(table().seats.size());
}

// After a step: the keeper may refuse it (the game goes back to `before`); else the passes
// are spent and the next decision read.
Status TurnDriver::step_taken(State* before, const Taken& taken) {
  std::string error;
  if (options_.keep && !options_.keep(taken, error)) {
    if (before) *state_ = std::move(*before);
    return Status::error(error);
  }
  if (taken.pass) {
    passed_ |= 1u << taken.seat;
  } else {
    passed_ = 0;
    refresh();
  }
  if (options_.observe) options_.observe(*state_, taken);
  return {};
}

ActionResult TurnDriver::act(int seat, const std::string& text, bool prefixes) {
  if (state_->over) return {Refusal::GameOver, "the game is over", "", {}, {}};
  if (!decision_status_.ok) refresh();  // a hook that keeps state across calls may not fail again
  if (!decision_status_.ok) return {Refusal::ScriptError, shown(decision_status_.message), "", {}, {}};
  if (seat < 0 || seat >= state_->seat_count())
    return {Refusal::UnknownSeat, "there is no such seat", "", {}, {}};
  const SeatActions* sa = entry(seat);
  std::vector<std::string> listed = sa ? sa->actions : std::vector<std::string>{};
  bool person = !bot(seat) && options_.undo;
  std::optional<State> before;
  if (person || options_.keep) before = *state_;
  std::uint32_t passed = passed_ & ~(1u << seat);  // acting, the seat had not passed
  ActionResult o = engine_->apply(*state_, seat, text, {prefixes, sa ? &listed : nullptr});
  if (!o.ok()) return o;
  Taken taken{seat, o.action, static_cast<int>(listed.size()), {}, false};
  std::optional<State> point = person ? std::optional<State>(*before) : std::nullopt;
  if (Status st = step_taken(before ? &*before : nullptr, taken); !st.ok)
    return {Refusal::ScriptError, st.message, "", {}, {}};
  if (point) undo_.push_back({std::move(*point), passed, seat});
  return o;
}

Status TurnDriver::pass(int seat) {
  const SeatActions* sa = entry(seat);
  if (state_->over) return Status::error("the game is over");
  if (!sa) return Status::error("it is not " + table().seats[seat].name + "'s turn");
  if (sa->on_turn || decision_.simultaneous)
    return Status::error(table().seats[seat].name + " is on turn and cannot pass");
  return step_taken(nullptr, {seat, "", 0, {}, true});
}

ActionResult TurnDriver::outcome(const std::string& name) {
  if (state_->over) return {Refusal::GameOver, "the game is over", "", {}, {}};
  std::optional<State> before;
  if (options_.keep) before = *state_;
  ActionResult o = engine_->decide(*state_, name);
  if (!o.ok()) return o;
  if (Status st =
          step_taken(before ? &*before : nullptr, {-1, o.action.empty() ? name : o.action, 0, {}, false});
      !st.ok)
    return {Refusal::ScriptError, st.message, "", {}, {}};
  return o;
}

Status TurnDriver::draw() {
  if (decision_.kind != Decision::Kind::Chance || state_->over)
    return Status::error("no chance decision is pending");
  std::optional<State> before;
  if (options_.all_or_nothing || options_.keep) before = *state_;
  std::size_t i = pick_outcome(decision_.weights, chance_rng_);
  std::string name;  // only a keeper or an observer reads it
  if (options_.keep || options_.observe) name = decision_.chance->outcomes[i].first;
  if (Status st = engine_->take_outcome(*state_, decision_, i); !st.ok) {
    if (before) *state_ = std::move(*before);
    return Status::error("chance decision: " + shown(st.message));
  }
  return step_taken(before ? &*before : nullptr, {-1, std::move(name), 0, {}, false});
}

}  // namespace arbiter
