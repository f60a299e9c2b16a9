// Exact summation: Shewchuk's algorithm, with the correctly rounded result of CPython's
// math.fsum (Modules/mathmodule.c), which it follows step by step.
#include "analysis/sim/exact_sum.hpp"

#include <cmath>
#include <stdexcept>

namespace arbiter {

void ExactSum::add(double x) {
  std::size_t kept = 0;
  for (std::size_t j = 0; j < partials_.size(); ++j) {
    double y = partials_[j];
    if (std::fabs(x) < std::fabs(y)) std::swap(x, y);
    double hi = x + y;
    double lo = y - (hi - x);
    if (lo != 0.0) partials_[kept++] = lo;
    x = hi;
  }
  partials_.resize(kept);
  partials_.push_back(x);
}

void ExactSum::add(const ExactSum& other) {
  for (double x : other.partials_) add(x);
}

double ExactSum::value() const {
  std::size_t n = partials_.size();
  if (n == 0) return 0.0;
  double hi = partials_[--n], lo = 0.0;
  while (n > 0) {
    double x = hi, y = partials_[--n];
    hi = x + y;
    lo = y - (hi - x);
    if (lo != 0.0) break;
  }
  // Half-way cases: the partials below decide which way lo rounds.
  if (n > 0 && ((lo < 0 && partials_[n - 1] < 0) || (lo > 0 && partials_[n - 1] > 0))) {
    double y = lo * 2, x = hi + y;
    if (y == x - hi) hi = x;
  }
  return hi + 0.0;
}

std::vector<double> ExactSum::parts() const {
  std::vector<double> out;
  ExactSum rest = *this;
  // Each step leaves at most half an ulp of the last part: a few dozen steps cover any double's range.
  for (double v; (v = rest.value()) != 0.0;) {
    if (out.size() > 2100) throw std::logic_error("ExactSum::parts does not end");
    out.push_back(v);
    rest.add(-v);
  }
  return out;
}

ExactProduct exact_product(double a, double b) {
  double hi = a * b;
  return {hi, std::fma(a, b, -hi)};
}

}  // namespace arbiter
