// Certified rational bounds on e^x for rational x, and exact comparisons of a rational
// with e^x. No floating point is involved: the bounds come from Taylor partial sums with
// an explicit remainder bound and dyadic outward rounding.
#pragma once

#include <compare>

#include "uldp/arithmetic/rational.h"

namespace uldp {

/// Rational bounds lower <= e^x <= upper with upper - lower <= 2^-bits * e^x (roughly).
struct ExpBounds {
  Rational lower;
  Rational upper;
};

/// Bounds on e^x for any rational x, at about `bits` bits of relative precision.
ExpBounds exp_bounds(const Rational& x, unsigned bits);

/// The sign of r - e^x, decided exactly by tightening bounds until they separate.
/// e^x is irrational for every rational x != 0 (Lindemann), so the loop ends; x == 0 is
/// handled exactly.
std::strong_ordering compare_with_exp(const Rational& r, const Rational& x);

/// Bounds on ln(r) for rational r > 0, by bisection on exp_bounds (for reporting tight ε).
struct LogBounds {
  Rational lower;
  Rational upper;
};
LogBounds log_bounds(const Rational& r, unsigned bits);

}  // namespace uldp
