// A chance decision the rules ask for (game:chance): which one, each outcome's weight, and
// the question put to the table, game.yaml's `ask:` with the rules' texts in its {keys}.
// Errors are RuleErrors, for the rules' line.
#pragma once
#include <cstddef>
#include <string>
#include <string_view>

#include "runtime/state.hpp"

namespace arbiter {

// The longest question (docs/limits.md), as long as a narration line.
inline constexpr std::size_t kMaxChanceQuestion = 4096;

// Used in this order: weigh every outcome the rules give, ask, fill every text, take.
class ChanceAsk {
 public:
  // Throws for a chance decision game.yaml does not declare. `ruleset` must outlive this.
  ChanceAsk(const Ruleset& ruleset, const std::string& name);
  // Gives `outcome` its weight, a finite number, 0 or more (NaN stands for one that is not a
  // number). Throws for an outcome the decision does not have, or such a weight.
  void weigh(const std::string& outcome, double weight);
  // Ends the weights, of which one must be above 0, and starts the question: the ask text,
  // or the decision's name without one.
  void ask();
  // The seats (a bit each) that read the outcome, for a decision seen_by the seats the rules
  // name. Throws for any other decision.
  void see(std::uint32_t seats);
  // Puts `text` for every {`key`} of the question, but not into the text put in: a text
  // holding its own key stays as it is. Throws past kMaxChanceQuestion bytes.
  void fill(std::string_view key, std::string_view text);
  // What the table must now decide. Throws when the decision is seen by the seats the
  // rules name and they named none (see() was not called).
  PendingChance take();

 private:
  // Fills {key} in `text` (`what` names it in the error past kMaxChanceQuestion).
  void fill_in(std::string& text, std::string_view key, std::string_view value, const char* what);
  const Ruleset& ruleset_;
  std::string name_;
  PendingChance pending_;
  double total_ = 0;
  bool seen_ = false;
};

}  // namespace arbiter
