// Certified real arithmetic for the loss formulas: closed rational intervals that contain a real
// quantity (a sum of square roots, sqrt(2/(n pi)), ...), with outward dyadic rounding, rational
// bounds of pi (Machin's formula with an explicit remainder) and the decimal digits an interval
// certifies. Used by the l1 losses and the loss tables (Section "Utility Analysis").
#pragma once

#include <string>

#include "uldp/arithmetic/rational.h"

namespace uldp {

/// A closed interval [lower, upper] of rationals known to contain a real number.
struct Interval {
  Rational lower;
  Rational upper;

  /// The degenerate interval [value, value].
  static Interval exact(const Rational& value) { return {value, value}; }
  /// Whether the real it encloses is known exactly.
  bool is_exact() const { return lower == upper; }
  /// Whether `value` lies in the interval.
  bool contains(const Rational& value) const { return lower <= value && value <= upper; }
  /// upper - lower.
  Rational width() const { return upper - lower; }
  /// The midpoint (for display only).
  Rational midpoint() const { return (lower + upper) / 2; }
};

Interval operator+(const Interval& a, const Interval& b);
Interval operator-(const Interval& a, const Interval& b);
Interval operator*(const Interval& a, const Interval& b);
/// Throws InvalidArgument when `b` contains 0.
Interval operator/(const Interval& a, const Interval& b);

/// Rounds the bounds outward to `bits` fractional bits (keeps rationals small).
Interval round_outward(const Interval& a, unsigned bits);

/// Bounds on sqrt(x) for rational x >= 0 with width <= 2^-bits; exact when x is the square of a
/// dyadic rational with at most `bits` fractional bits. Throws InvalidArgument when x < 0.
Interval sqrt_bounds(const Rational& x, unsigned bits);
/// An interval containing sqrt(r) for every r in `a` (a.lower >= 0).
Interval sqrt_bounds(const Interval& a, unsigned bits);

/// Rational bounds on pi of width <= 2^-bits (Machin: pi = 16 atan(1/5) - 4 atan(1/239), each
/// series cut after an alternating term smaller than the tolerance).
Interval pi_bounds(unsigned bits);

/// Bounds on sqrt(2 / (n pi)), the factor of every asymptotic l1 loss; n >= 1.
Interval sqrt_two_over_n_pi(const Rational& n, unsigned bits);

/// The decimal digits that every number in `a` shares, truncated toward zero: the real enclosed
/// lies in [D, D + one unit in the last digit) (mirrored for negatives). At most `max_digits`
/// significant digits. An interval that shares no digit (it straddles 0 or a power of ten)
/// prints as "[lo, hi]" with 6 significant digits rounded outward.
std::string certified_decimal(const Interval& a, int max_digits = 17);

/// The number of significant decimal digits `certified_decimal` can certify for `a`.
int certified_digits(const Interval& a, int max_digits = 17);

}  // namespace uldp
