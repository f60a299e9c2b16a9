// Tests of analysis/sim/exact_sum.cpp: sums that do not depend on order or on being made in pieces.
#include <catch2/catch.hpp>

#include <algorithm>
#include <random>

#include "analysis/sim/exact_sum.hpp"

using namespace arbiter;

TEST_CASE("an exact sum rounds once, however the values are ordered or split") {
  std::mt19937_64 rng(3);
  std::vector<double> values;
  for (int i = 0; i < 3000; ++i)
    values.push_back(1.0 / static_cast<double>(1 + rng() % 7) * (rng() % 2 ? 1 : 1e-9));
  ExactSum all;
  for (double x : values) all.add(x);
  for (int trial = 0; trial < 20; ++trial) {
    std::shuffle(values.begin(), values.end(), rng);
    std::size_t cut = rng() % values.size();
    ExactSum a, b;
    for (std::size_t i = 0; i < values.size(); ++i) (i < cut ? a : b).add(values[i]);
    ExactSum merged(a.parts());
    merged.add(ExactSum(b.parts()));
    CHECK(merged.value() == all.value());
    CHECK(merged.parts() == all.parts());
  }
}

TEST_CASE("an exact sum is correctly rounded where a running sum is not") {
  ExactSum s;
  for (double x : {1e16, 1.0, -1e16}) s.add(x);
  CHECK(s.value() == 1.0);  // a running sum gives 0
  ExactSum third;
  for (int i = 0; i < 3; ++i) third.add(1.0 / 3);
  // 3 x double(1/3) is 1 - 2^-54 exactly, half-way between two doubles: ties go to even, 1.
  CHECK(third.value() == 1.0);
  CHECK(third.parts().size() == 2);
  CHECK(ExactSum().parts().empty());
  ExactSum zero;
  zero.add(-0.0);
  CHECK(!std::signbit(zero.value()));
}

TEST_CASE("an exact product is the rounded product and what rounding left out") {
  double a = 1.0 + 1e-10, d = a - 1.0;  // d exactly; a^2 = 1 + 2d + d^2
  ExactProduct p = exact_product(a, a);
  CHECK(p.hi == a * a);
  ExactSum s;
  s.add(p.hi), s.add(p.lo), s.add(-1.0), s.add(-2 * d);
  CHECK(s.value() == d * d);  // d^2 needs 106 bits: what is left is it, rounded once
}
