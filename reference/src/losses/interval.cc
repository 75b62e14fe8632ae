#include "uldp/losses/interval.h"

#include <algorithm>
#include <string>

#include "uldp/error.h"

namespace uldp {
namespace {

Integer power_of(unsigned long base, unsigned long exponent) {
  Integer r;
  mpz_ui_pow_ui(r.backend().data(), base, exponent);
  return r;
}

Rational pow10_rational(long e) {
  return e >= 0 ? Rational(power_of(10, static_cast<unsigned long>(e)))
                : Rational(Integer(1), power_of(10, static_cast<unsigned long>(-e)));
}

// floor(log10(x)) for rational x > 0, decided exactly (the digit counts only give a first guess).
long floor_log10(const Rational& x) {
  const long guess =
      static_cast<long>(numerator(x).str().size()) - static_cast<long>(denominator(x).str().size());
  long e = guess;
  while (pow10_rational(e) > x) --e;
  while (pow10_rational(e + 1) <= x) ++e;
  return e;
}

// floor(x * 10^(digits - 1 - e)): the first `digits` significant digits of x >= 0.
Integer leading_digits(const Rational& x, long e, int digits) {
  const Rational scaled = x * pow10_rational(digits - 1 - e);
  return numerator(scaled) / denominator(scaled);
}

// Atan(1/x) for an integer x >= 2 by its alternating series, error below 2^-bits.
Interval atan_inverse(unsigned long x, unsigned bits) {
  const Rational tolerance(Integer(1), power_of(2, bits));
  const Rational x2 = Rational(x) * x;
  Rational power = Rational(1) / x;  // 1 / x^(2j+1)
  Rational sum = 0;
  for (unsigned long j = 0;; ++j) {
    const Rational term = power / (2 * j + 1);
    if (term < tolerance) {
      // Alternating series with decreasing terms: the remainder is at most the next term.
      return {sum - term, sum + term};
    }
    sum += (j % 2 == 0) ? term : Rational(-term);
    power /= x2;
  }
}

}  // namespace

Interval operator+(const Interval& a, const Interval& b) {
  return {a.lower + b.lower, a.upper + b.upper};
}

Interval operator-(const Interval& a, const Interval& b) {
  return {a.lower - b.upper, a.upper - b.lower};
}

Interval operator*(const Interval& a, const Interval& b) {
  const Rational p[4] = {a.lower * b.lower, a.lower * b.upper, a.upper * b.lower,
                         a.upper * b.upper};
  return {*std::min_element(p, p + 4), *std::max_element(p, p + 4)};
}

Interval operator/(const Interval& a, const Interval& b) {
  if (b.lower <= 0 && b.upper >= 0) {
    throw InvalidArgument("interval division: the divisor [" + to_string(b.lower) + ", " +
                          to_string(b.upper) + "] contains 0");
  }
  return a * Interval{1 / b.upper, 1 / b.lower};
}

Interval round_outward(const Interval& a, unsigned bits) {
  return {round_down_dyadic(a.lower, bits), round_up_dyadic(a.upper, bits)};
}

Interval sqrt_bounds(const Rational& x, unsigned bits) {
  if (x < 0) throw InvalidArgument("sqrt: " + to_string(x) + " is negative");
  const Integer scaled_numerator = numerator(x) * power_of(4, bits);
  const Integer floor_value = scaled_numerator / denominator(x);
  const Integer root = boost::multiprecision::sqrt(floor_value);
  const Integer scale = power_of(2, bits);
  const Rational lower(root, scale);
  // floor(sqrt(floor(y))) == floor(sqrt(y)); the root is exact only for a perfect square y.
  const bool exact = root * root == floor_value && scaled_numerator % denominator(x) == 0;
  return {lower, exact ? lower : Rational(root + 1, scale)};
}

Interval sqrt_bounds(const Interval& a, unsigned bits) {
  return {sqrt_bounds(a.lower, bits).lower, sqrt_bounds(a.upper, bits).upper};
}

Interval pi_bounds(unsigned bits) {
  // Each atan error <= 2^-(bits+6): 16 e + 4 e' <= 20 * 2^-(bits+6) < 2^-(bits+1).
  const Interval a = atan_inverse(5, bits + 6);
  const Interval b = atan_inverse(239, bits + 6);
  const Interval pi = Interval::exact(16) * a - Interval::exact(4) * b;
  return round_outward(pi, bits + 2);
}

Interval sqrt_two_over_n_pi(const Rational& n, unsigned bits) {
  if (n <= 0) throw InvalidArgument("n: " + to_string(n) + " must be positive");
  const Interval pi = pi_bounds(bits + 8);
  const Interval ratio{2 / (n * pi.upper), 2 / (n * pi.lower)};
  return sqrt_bounds(round_outward(ratio, bits + 8), bits + 4);
}

int certified_digits(const Interval& a, int max_digits) {
  if (a.lower == 0 && a.upper == 0) return max_digits;
  if (a.lower <= 0 && a.upper >= 0) return 0;
  const Rational lo = a.lower > 0 ? a.lower : Rational(-a.upper);
  const Rational hi = a.lower > 0 ? a.upper : Rational(-a.lower);
  const long e = floor_log10(lo);
  if (floor_log10(hi) != e) return 0;
  int digits = 0;
  // Truncation is monotone: once two bounds share d digits they share every shorter prefix.
  for (int d = 1; d <= max_digits; ++d) {
    if (leading_digits(lo, e, d) != leading_digits(hi, e, d)) break;
    digits = d;
  }
  return digits;
}

namespace {

// Decimal text of the digit string `text` (first digit at 10^e); fixed notation when every
// integer digit is present and the number is not tiny, scientific otherwise.
std::string format_digits(const std::string& text, long e, bool negative) {
  std::string out;
  if (e >= 0 && e < 15 && static_cast<long>(text.size()) > e) {
    out = text.substr(0, e + 1);
    if (static_cast<long>(text.size()) > e + 1) out.append(".").append(text, e + 1);
  } else if (e < 0 && e >= -7) {
    out = "0." + std::string(static_cast<std::size_t>(-e - 1), '0') + text;
  } else {
    out = text.substr(0, 1);
    if (text.size() > 1) out.append(".").append(text, 1);
    out += (e < 0 ? "e-" : "e+") + std::to_string(e < 0 ? -e : e);
  }
  return negative ? "-" + out : out;
}

// `digits` significant digits of x, rounded down (toward -inf) or up (toward +inf).
std::string directed_decimal(const Rational& x, int digits, bool up) {
  if (x == 0) return "0";
  const bool negative = x < 0;
  const Rational magnitude = negative ? Rational(-x) : x;
  const long e = floor_log10(magnitude);
  const Rational scaled = magnitude * pow10_rational(digits - 1 - e);
  Integer d = numerator(scaled) / denominator(scaled);
  // Away from zero when rounding up a positive or down a negative value.
  if ((up != negative) && Rational(d) != scaled) d += 1;
  std::string text = d.str();
  long exponent = e;
  if (static_cast<int>(text.size()) > digits) {  // 9.99 -> 10.0: one more integer digit
    text.pop_back();
    ++exponent;
  }
  return format_digits(text, exponent, negative);
}

}  // namespace

std::string certified_decimal(const Interval& a, int max_digits) {
  if (a.lower == 0 && a.upper == 0) return "0";
  const int digits = certified_digits(a, max_digits);
  if (digits == 0) {
    // No digit is shared (the interval straddles a power of ten or 0): print it outward-rounded.
    std::string bracket = "[";
    bracket.append(directed_decimal(a.lower, 6, false)).append(", ");
    return bracket.append(directed_decimal(a.upper, 6, true)).append("]");
  }
  const bool negative = a.upper < 0;
  const Rational lo = negative ? Rational(-a.upper) : a.lower;
  const long e = floor_log10(lo);
  std::string text = leading_digits(lo, e, digits).str();
  // An exact value's trailing zeros say nothing; an interval's certified zeros are kept.
  if (a.is_exact()) {
    while (text.size() > 1 && text.back() == '0' && static_cast<long>(text.size()) > e + 1)
      text.pop_back();
  }
  return format_digits(text, e, negative);
}

}  // namespace uldp
