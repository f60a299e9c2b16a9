// What the runtime asks of a ruleset's behaviour. The Lua binding implements it; the core
// never sees Lua. Every hook reports failure as a Status whose message names the ruleset
// file and line; a failed hook may have changed `state`, which the engine then discards.
#pragma once
#include <string>
#include <vector>

#include "interpreter/state.hpp"
#include "interpreter/view.hpp"

namespace arbiter {

struct Status {
  bool ok = true;
  std::string message;
  static Status error(std::string m) { return {false, std::move(m)}; }
};

class Rules {
 public:
  virtual ~Rules() = default;
  // Changing hooks: may change `state`. Absent hooks do nothing.
  virtual Status setup(State& state) = 0;
  virtual Status round_start(State& state) = 0;
  virtual Status turn_start(State& state) = 0;
  virtual Status round_end(State& state) = 0;
  virtual Status apply(State& state, int seat, const std::string& action) = 0;
  // A pending chance decision (asked for with game:chance) was made: `result` is one of
  // its outcomes. Rulesets without chance decisions need not define it.
  virtual Status outcome(State& state, const std::string& decision, const std::string& result) {
    (void)state, (void)decision, (void)result;
    return {};
  }
  // Reading hooks: may not change `state`.
  // The order of the next round's turns; left empty to keep the previous round's.
  virtual Status round_order(const State& state, std::vector<int>& order) = 0;
  // The finite list of legal actions of `seat`, each in canonical text.
  virtual Status actions(const State& state, int seat, std::vector<std::string>& out) = 0;
  // For open-ended actions not in the list (a bid of any integer): `accepted` and the
  // action's canonical text, or a reason why not.
  virtual Status accepts(const State& state, int seat, const std::string& action, bool& accepted,
                         std::string& canonical, std::string& why) = 0;
  // A line that is not one action may stand for several (a composite move typed at once):
  // the steps, in order, or none.
  virtual Status expand(const State& state, int seat, const std::string& line, std::vector<std::string>& steps) {
    (void)state, (void)seat, (void)line, (void)steps;
    return {};
  }
  // The ruleset's own bot `name` (listed under bots: in game.yaml) chooses from `legal`,
  // seeing only `view`; "" passes an out-of-turn chance.
  virtual Status bot_choose(const std::string& name, const View& view, const std::vector<std::string>& legal,
                            bool on_turn, std::string& choice) {
    (void)view, (void)legal, (void)on_turn, (void)choice;
    return Status::error("no bot '" + name + "'");
  }
  // A seat's score; the runtime falls back to the variable `score` when there is no hook.
  virtual Status score(const State& state, int seat, Value& out) = 0;
};

}  // namespace arbiter
