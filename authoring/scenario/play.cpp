// The scenario step `play:` (docs/scenarios.md, "Playing on"): plays the queued actions,
// and chance decisions the scenario does not script, until the round or the game ends, so
// a round's end can be checked without a step per action. Stopping anywhere but where the
// author said is a failure: the round ending with actions still queued, or the queue
// running dry before it ends (unless `then:` says how to play on).
#include "runtime/diagnostics.hpp"
#include "authoring/scenario/runner.hpp"

namespace arbiter::scenario_detail {

namespace {

// Actions a `then:` may play before the step gives up: a game that never ends fails.
constexpr int kMaxPlayedOn = 100000;

}  // namespace

void Runner::play(const YAML::Node& spec) {
  if (!spec.IsMap()) fail(spec, "play is a map {until: round | end, actions: [\"SEAT: ACTION\", ...], then: first | random}");
  keys(spec, {"until", "actions", "then"}, "play");
  if (!spec["until"]) fail(spec, "play needs until: round or until: end");
  bool to_end = checked(y_.choice(spec["until"], "until", {"round", "end"})) == "end";
  std::string then = spec["then"] ? checked(y_.choice(spec["then"], "then", {"first", "random"})) : "";
  std::vector<YAML::Node> queue;
  if (spec["actions"]) {
    if (!spec["actions"].IsSequence() || spec["actions"].size() == 0)
      fail(spec["actions"], "actions is a list of one or more \"SEAT: ACTION\" or \"outcome: VALUE\"");
    for (const auto& a : spec["actions"]) queue.push_back(a);
  } else if (then.empty()) {
    fail(spec, "play needs actions to play, or then: first | random to choose them");
  }
  if (state_.over) fail(spec, "the game is already over: there is nothing to play");
  const int round = state_.round;
  auto stopped = [&] { return state_.over || (!to_end && state_.round != round); };
  std::string outer = step_label_;
  std::size_t next = 0;
  for (int played = 0; !stopped(); ++played) {
    if (next < queue.size()) {
      const YAML::Node& a = queue[next++];
      std::string entry = text(a, "a queued action");
      label(outer + "action " + std::to_string(next) + " (" + shortened(entry) + "): ");
      std::string who, what;
      if (!split_seat_action(entry, who, what)) fail(a, "a queued action is \"SEAT: ACTION\" or \"outcome: VALUE\"");
      if (who == "outcome") decide(a, what);
      else act(a, who, what);
      continue;
    }
    label(outer);
    Decision d;
    if (Status st = engine_->decision(state_, d); !st.ok) fail(spec, "the ruleset failed: " + st.message);
    if (d.kind == Decision::Kind::Chance) {
      if (Status st = engine_->take_outcome(state_, d, pick_outcome(d.weights, chance_rng_)); !st.ok)
        fail(spec, "a chance decision failed: " + st.message);
      continue;
    }
    if (then.empty())
      fail(spec, std::string("the queued actions ran out before the ") + (to_end ? "game" : "round") +
                     " ended (then: first | random plays on)");
    if (played >= kMaxPlayedOn)
      fail(spec, "the " + std::string(to_end ? "game" : "round") + " had not ended after " +
                     std::to_string(kMaxPlayedOn) + " actions");
    play_one(spec, d, then == "random");
  }
  label(outer);
  if (next < queue.size())
    fail(queue[next], std::string("the ") + (state_.over ? "game" : "round") + " ended before this action (" +
                          std::to_string(queue.size() - next) + " queued action" + (queue.size() - next == 1 ? "" : "s") +
                          " left unplayed)");
}

// Plays one action for the seat on turn: its first legal action, or one at random.
void Runner::play_one(const YAML::Node& at, const Decision& d, bool random) {
  const SeatActions* mine = d.turn_seat();
  if (!mine) fail(at, "nobody on turn has a legal action, and the game is not over");
  std::size_t action = random ? play_rng_.below(mine->actions.size()) : 0;
  std::string text = mine->actions[action];
  if (Status st = engine_->take(state_, d, d.seats.size() - 1, action); !st.ok)
    fail(at, "the legal action " + quote(text) + " was refused: " + st.message);
}

}  // namespace arbiter::scenario_detail
