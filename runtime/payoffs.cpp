// game.yaml's payoffs and the payoffs a game ends with (payoffs.hpp).
#include "runtime/payoffs.hpp"

#include <fmt/format.h>
#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cmath>

#include "runtime/diagnostics.hpp"
#include "runtime/ruleset.hpp"
#include "runtime/state.hpp"
#include "runtime/yaml_check.hpp"

namespace arbiter {

namespace {

// The widest bound: payoffs beyond it would lose their units in a double's sum over a sim.
constexpr std::int64_t kMaxPayoffBound = 1'000'000'000;

std::string fmt_number(double v) { return fmt::format("{}", v); }

}  // namespace

void read_payoffs(YamlChecker& y, const YAML::Node& n, Ruleset& r) {
  if (!y.keys(n, {"min", "max", "zero_sum", "unit"}, "payoffs")) return;
  if (!n["min"] || !n["max"]) {
    y.error(n, "payoffs needs min and max: the bounds of every seat's payoff, such as {min: -2, max: 2}");
    return;
  }
  PayoffDef& p = r.payoffs;
  p.min = static_cast<double>(y.integer(n["min"], "payoffs.min", -kMaxPayoffBound, kMaxPayoffBound, 0));
  p.max = static_cast<double>(y.integer(n["max"], "payoffs.max", -kMaxPayoffBound, kMaxPayoffBound, 1));
  if (n["zero_sum"]) p.zero_sum = y.boolean(n["zero_sum"], "payoffs.zero_sum");
  if (n["unit"]) p.unit = y.text(n["unit"], "payoffs.unit");
  if (!(p.min < p.max)) {
    y.error(n["max"],
            "payoffs: max (" + fmt_number(p.max) + ") must be more than min (" + fmt_number(p.min) + ")");
    return;
  }
  if (p.zero_sum && (p.min > 0 || p.max < 0))
    y.error(n["zero_sum"], "payoffs: zero-sum payoffs add up to 0, which bounds from " + fmt_number(p.min) +
                               " to " + fmt_number(p.max) + " cannot");
  p.declared = true;
}

void check_payoffs(const PayoffDef& def, const std::vector<double>& payoffs, int seats) {
  if (payoffs.size() != static_cast<std::size_t>(seats))
    throw RuleError("game:finish: payoffs gives " + std::to_string(payoffs.size()) + " payoffs for " +
                    std::to_string(seats) + " seats: one per seat");
  double sum = 0, scale = 0;
  for (std::size_t i = 0; i < payoffs.size(); ++i) {
    if (!(payoffs[i] >= def.min && payoffs[i] <= def.max))
      throw RuleError(
          "game:finish: seat " + std::to_string(i + 1) + "'s payoff " +
          (std::isnan(payoffs[i]) ? std::string("is not a number") : fmt_number(payoffs[i]) + " is not") +
          " within game.yaml's payoffs bounds, " + fmt_number(def.min) + " to " + fmt_number(def.max));
    sum += payoffs[i];
    scale = std::max(scale, std::abs(payoffs[i]));
  }
  // Payoffs worked out in fractions (1/3 each) add up to 0 only within rounding.
  if (def.zero_sum && std::abs(sum) > 1e-9 * std::max(1.0, scale))
    throw RuleError("game:finish: the payoffs add up to " + fmt_number(sum) +
                    ", but game.yaml says they are zero-sum");
}

std::vector<double> results_of_payoffs(const std::vector<double>& payoffs) {
  std::vector<double> results(payoffs.size(), 0.0);
  if (payoffs.empty()) return results;
  double best = *std::max_element(payoffs.begin(), payoffs.end());
  double k = static_cast<double>(std::count(payoffs.begin(), payoffs.end(), best));
  for (std::size_t i = 0; i < payoffs.size(); ++i)
    if (payoffs[i] == best) results[i] = 1.0 / k;
  return results;
}

}  // namespace arbiter
