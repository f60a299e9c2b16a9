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

// `then:`'s player, seated by the turn driver in every seat once the queue is played: each
// seat asked (in a simultaneous choice, each still to commit, in seat order) plays its first
// legal action, or one drawn from the scenario's play stream; an out-of-turn chance passes.
class PlayOn final : public Bot {
 public:
  explicit PlayOn(Rng* random) : random_(random) {}
  std::string choose(const View&, const std::vector<std::string>& legal, bool on_turn) override {
    if (!on_turn) return "";
    return legal[random_ ? random_->below(legal.size()) : 0];
  }
  bool wants_view() const override { return false; }

 private:
  Rng* random_;  // nullptr: the first legal action
};

std::vector<std::unique_ptr<Bot>> play_on(int seats, Rng* random) {
  std::vector<std::unique_ptr<Bot>> bots;
  for (int s = 0; s < seats; ++s) bots.push_back(std::make_unique<PlayOn>(random));
  return bots;
}

}  // namespace

void Runner::play(const YAML::Node& spec) {
  if (!spec.IsMap())
    fail(spec, "play is a map {until: round | end, actions: [\"SEAT: ACTION\", ...], then: first | random}");
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
  bool seated = false;  // PlayOn plays every seat (then:), once the queue is played
  for (int played = 0; !stopped(); ++played) {
    if (next < queue.size()) {
      const YAML::Node& a = queue[next++];
      std::string entry = text(a, "a queued action");
      label(outer + "action " + std::to_string(next) + " (" + shortened(entry) + "): ");
      std::string who, what;
      if (!split_seat_action(entry, who, what))
        fail(a, "a queued action is \"SEAT: ACTION\" or \"outcome: VALUE\"");
      if (who == "outcome") decide(a, what);
      else act(a, who, what);
      continue;
    }
    label(outer);
    if (!then.empty() && !seated)
      driver_->set_bots(play_on(state_.seat_count(), then == "random" ? &play_rng_ : nullptr)), seated = true;
    if (played >= kMaxPlayedOn)
      fail(spec, "the " + std::string(to_end ? "game" : "round") + " had not ended after " +
                     std::to_string(kMaxPlayedOn) + " actions");
    // One step: a chance decision drawn, or the seat asked plays (the out-of-turn chances before it passed).
    TurnDriver::Run r = driver_->run(1);
    if (r.stop == TurnDriver::Stop::Person)
      fail(spec, std::string("the queued actions ran out before the ") + (to_end ? "game" : "round") +
                     " ended (then: first | random plays on)");
    if (r.stop == TurnDriver::Stop::Failed) fail(spec, r.status.message);
  }
  if (seated) driver_->set_bots({});  // the steps after this one are the scenario's own
  label(outer);
  if (next < queue.size())
    fail(queue[next], std::string("the ") + (state_.over ? "game" : "round") + " ended before this action (" +
                          std::to_string(queue.size() - next) + " queued action" +
                          (queue.size() - next == 1 ? "" : "s") + " left unplayed)");
}

}  // namespace arbiter::scenario_detail
