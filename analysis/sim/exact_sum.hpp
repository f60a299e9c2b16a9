// Sums of doubles kept exactly, so that statistics added up in any order or in pieces
// (`arbiter sim --merge` of reports of seed ranges) round to the same double as one pass.
#pragma once
#include <vector>

namespace arbiter {

// The exact sum of the doubles added (Shewchuk's non-overlapping partials, as Python's
// math.fsum keeps them). Every value added must be finite, and the sum must stay well
// inside the range of a double (the sums of a report do: counts, scores, their squares).
class ExactSum {
 public:
  ExactSum() = default;
  explicit ExactSum(const std::vector<double>& parts) {
    for (double x : parts) add(x);
  }
  void add(double x);
  void add(const ExactSum& other);
  // The sum rounded once, to the nearest double (ties to even); never -0.
  double value() const;
  // The sum as doubles whose exact total it is, largest first, each the rounded value of
  // what the ones before leave: the same list however the sum was made. Empty for 0.
  std::vector<double> parts() const;

 private:
  std::vector<double> partials_;  // increasing magnitude, non-overlapping
};

// a * b as hi + lo exactly (hi the rounded product), for sums of squares.
struct ExactProduct {
  double hi, lo;
};
ExactProduct exact_product(double a, double b);

}  // namespace arbiter
