// What the runtime asks of a ruleset's behaviour. The Lua binding implements it; the core
// never sees Lua. Every hook reports failure as a Status whose message names the ruleset
// file and line; a failed hook may have changed `state`, which the engine then discards.
#pragma once
#include <string>
#include <vector>

#include "runtime/state.hpp"
#include "runtime/view.hpp"

namespace arbiter {

class RulesetBots;

inline constexpr std::size_t kMaxTagBytes =
    32;  // an action's tag (Rules::tag), as long as a first word is kept

struct [[nodiscard]] Status {
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
  // Every seat of a simultaneous choice (game:simultaneous) has committed: `choices` holds each
  // seat's action, "" for the seats that were not asked. Rulesets that open none need not define it.
  virtual Status resolve(State& state, const std::vector<std::string>& choices) {
    (void)state, (void)choices;
    return Status::error("the rules open a simultaneous choice but have no resolve(game, choices) rule");
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
  virtual Status expand(const State& state, int seat, const std::string& line,
                        std::vector<std::string>& steps) {
    (void)state, (void)seat, (void)line, (void)steps;
    return {};
  }
  // Texts besides the listed actions that Tab completes at the prompt of `seat` (chess: each
  // legal move in SAN); each must be accepted when typed. Read only for a person's prompt.
  virtual Status completions(const State& state, int seat, std::vector<std::string>& out) {
    (void)state, (void)seat, (void)out;
    return {};
  }
  // The ruleset's own bots (ruleset_bots.hpp), or nullptr when it offers none.
  virtual RulesetBots* bots() { return nullptr; }
  // A seat's score; the runtime falls back to the variable `score` when there is no hook.
  virtual Status score(const State& state, int seat, Value& out) = 0;
  // Whether score() runs the ruleset's own code (a hook: costly to call at every turn of
  // many games) rather than leaving the runtime to read the variable.
  virtual bool scores_by_hook() const { return true; }
  // The kind of `action` for sim's action-kinds section (a tag of at most kMaxTagBytes), read
  // before `seat` takes it in `state`; "" leaves the action's first word. Only rulesets that
  // tag their actions need define it, and tags_actions() says whether they do.
  virtual bool tags_actions() const { return false; }
  virtual Status tag(const State& state, int seat, const std::string& action, std::string& out) {
    (void)state, (void)seat, (void)action;
    out.clear();
    return {};
  }
};

// A handle on another Rules, forwarding every hook to it, so that many tables share one Lua
// state: a mutant's scenarios (loading the rules costs more than playing a scenario: chess
// 10 ms against 9), a fuzz target's inputs. The shared Rules must outlive the handle. A hook
// added to Rules is added here too.
class SharedRules final : public Rules {
 public:
  explicit SharedRules(Rules& rules) : r_(rules) {}
  Status setup(State& s) override { return r_.setup(s); }
  Status round_start(State& s) override { return r_.round_start(s); }
  Status turn_start(State& s) override { return r_.turn_start(s); }
  Status round_end(State& s) override { return r_.round_end(s); }
  Status apply(State& s, int seat, const std::string& a) override { return r_.apply(s, seat, a); }
  Status outcome(State& s, const std::string& d, const std::string& r) override {
    return r_.outcome(s, d, r);
  }
  Status resolve(State& s, const std::vector<std::string>& c) override { return r_.resolve(s, c); }
  Status round_order(const State& s, std::vector<int>& order) override { return r_.round_order(s, order); }
  Status actions(const State& s, int seat, std::vector<std::string>& out) override {
    return r_.actions(s, seat, out);
  }
  Status accepts(const State& s, int seat, const std::string& a, bool& ok, std::string& canonical,
                 std::string& why) override {
    return r_.accepts(s, seat, a, ok, canonical, why);
  }
  Status expand(const State& s, int seat, const std::string& line, std::vector<std::string>& steps) override {
    return r_.expand(s, seat, line, steps);
  }
  Status completions(const State& s, int seat, std::vector<std::string>& out) override {
    return r_.completions(s, seat, out);
  }
  RulesetBots* bots() override { return r_.bots(); }
  Status score(const State& s, int seat, Value& out) override { return r_.score(s, seat, out); }
  bool scores_by_hook() const override { return r_.scores_by_hook(); }
  bool tags_actions() const override { return r_.tags_actions(); }
  Status tag(const State& s, int seat, const std::string& a, std::string& out) override {
    return r_.tag(s, seat, a, out);
  }

 private:
  Rules& r_;
};

}  // namespace arbiter
