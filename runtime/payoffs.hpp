// Payoffs: per-seat numbers a game ends with (chips won or lost, points), declared in
// game.yaml's `payoffs:` with their bounds. Search maximises them, scaled by the bounds into
// [0, 1]; sim reports their means. Errors at the end of a game are RuleErrors.
#pragma once
#include <string>
#include <vector>

namespace YAML { class Node; }

namespace arbiter {

class YamlChecker;
struct Ruleset;

// game.yaml's `payoffs:` {min, max, zero_sum, unit}.
struct PayoffDef {
  bool declared = false;
  double min = 0, max = 0;     // every seat's payoff lies in [min, max]; min < max
  bool zero_sum = false;       // the payoffs of a finished game add up to 0
  std::string unit;            // what they count ("chips"), for reports
  // `p` in [0, 1]: min is 0, max is 1.
  double scaled(double p) const { return (p - min) / (max - min); }
};

// Reads `payoffs:` into r.payoffs, recording errors in `y`.
void read_payoffs(YamlChecker& y, const YAML::Node& n, Ruleset& r);
// Throws naming the first seat (1-based) whose payoff is not a number within the declared
// bounds, a count that is not one per seat, or a zero-sum game's payoffs that do not add up
// to 0. `def` must be declared.
void check_payoffs(const PayoffDef& def, const std::vector<double>& payoffs, int seats);
// Each seat's result from its payoff: the seats with the highest share the win (1/k each),
// so every seat has 1/n when all payoffs are equal (a draw).
std::vector<double> results_of_payoffs(const std::vector<double>& payoffs);

}  // namespace arbiter
