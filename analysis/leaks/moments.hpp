// A ruleset's rules, keeping a copy of the state after each hook that may change it: the
// moments of one step (a round's end turns the hands face up, the next round's start gathers
// them), so that what a seat saw between two decisions counts as observed.
#pragma once
#include <vector>

#include "runtime/rules.hpp"

namespace arbiter {

// Forwards every hook to `rules` (which must outlive it), as SharedRules does; while
// `moments` is set, each changing hook's state is appended to it, failed or not.
class MomentRules final : public Rules {
 public:
  explicit MomentRules(Rules& rules) : r_(rules) {}
  std::vector<State>* moments = nullptr;

  Status setup(State& s) override { return kept(s, r_.setup(s)); }
  Status round_start(State& s) override { return kept(s, r_.round_start(s)); }
  Status turn_start(State& s) override { return kept(s, r_.turn_start(s)); }
  Status round_end(State& s) override { return kept(s, r_.round_end(s)); }
  Status apply(State& s, int seat, const std::string& a) override { return kept(s, r_.apply(s, seat, a)); }
  Status outcome(State& s, const std::string& d, const std::string& r) override {
    return kept(s, r_.outcome(s, d, r));
  }
  Status resolve(State& s, const std::vector<std::string>& c) override { return kept(s, r_.resolve(s, c)); }
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
  Status kept(const State& s, Status st) {
    if (moments) moments->push_back(s);
    return st;
  }
  Rules& r_;
};

}  // namespace arbiter
