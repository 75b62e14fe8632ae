#include "uldp/arithmetic/certified_exp.h"

#include <cmath>

#include "uldp/error.h"

namespace uldp {
namespace {

// Bounds on e^y for 0 <= y <= 1/2 with about `w` fractional bits: the Taylor partial sum is a
// lower bound (all terms positive) and the tail is at most twice the first omitted term
// (ratio of successive terms <= y/(n+2) <= 1/4).
ExpBounds exp_small(const Rational& y, unsigned w) {
  const Rational tolerance(Integer(1), Integer(1) << (w + 2));
  Rational sum(1);
  Rational term(1);
  for (unsigned n = 1;; ++n) {
    term = term * y / n;
    if (term < tolerance) {
      return {round_down_dyadic(sum, w), round_up_dyadic(sum + 2 * term, w)};
    }
    sum += term;
  }
}

}  // namespace

ExpBounds exp_bounds(const Rational& x, unsigned bits) {
  if (x == 0) return {Rational(1), Rational(1)};
  if (x < 0) {
    const ExpBounds positive = exp_bounds(-x, bits + 2);
    return {round_down_dyadic(1 / positive.upper, bits + 2),
            round_up_dyadic(1 / positive.lower, bits + 2)};
  }
  // Reduce to y = x / 2^r <= 1/2, then square r times; rounding outward at every step.
  long magnitude = static_cast<long>(msb(numerator(x))) - static_cast<long>(msb(denominator(x)));
  const unsigned r = magnitude + 2 > 0 ? static_cast<unsigned>(magnitude + 2) : 0;
  const unsigned w = bits + r + 16;  // each squaring at most doubles the relative error
  ExpBounds b = exp_small(x / Rational(Integer(1) << r), w);
  for (unsigned i = 0; i < r; ++i) {
    b.lower = round_down_dyadic(b.lower * b.lower, w);
    b.upper = round_up_dyadic(b.upper * b.upper, w);
  }
  return b;
}

std::strong_ordering compare_with_exp(const Rational& r, const Rational& x) {
  if (x == 0) {
    if (r == 1) return std::strong_ordering::equal;
    return r < 1 ? std::strong_ordering::less : std::strong_ordering::greater;
  }
  if (r <= 0) return std::strong_ordering::less;
  for (unsigned bits = 64; bits <= (1u << 22); bits *= 2) {
    const ExpBounds b = exp_bounds(x, bits);
    if (r < b.lower) return std::strong_ordering::less;
    if (r > b.upper) return std::strong_ordering::greater;
  }
  // Unreachable for inputs of sane size: e^x is irrational for rational x != 0.
  throw Error("compare_with_exp: could not separate " + to_string(r) + " from e^" + to_string(x));
}

LogBounds log_bounds(const Rational& r, unsigned bits) {
  if (r <= 0) throw InvalidArgument("log_bounds: argument " + to_string(r) + " is not positive");
  if (r == 1) return {Rational(0), Rational(0)};
  // A starting bracket from the binary magnitude (certified, not from a double):
  // 2^(m-1) <= r < 2^(m+1) and ln 2 < 1 give |ln r| <= |m| + 1.
  const long m = static_cast<long>(msb(numerator(r))) - static_cast<long>(msb(denominator(r)));
  Rational lo(-(std::labs(m) + 2));
  Rational hi(std::labs(m) + 2);
  const Rational width(Integer(1), Integer(1) << bits);
  while (hi - lo > width) {
    const Rational mid = round_down_dyadic((lo + hi) / 2, bits + 2);
    if (compare_with_exp(r, mid) == std::strong_ordering::less) {
      hi = mid;  // r < e^mid
    } else {
      lo = mid;  // r > e^mid (never equal for mid != 0 unless r == 1)
    }
  }
  return {lo, hi};
}

}  // namespace uldp
