// Exact rational numbers (GMP through Boost.Multiprecision) and their text forms.
#pragma once

#include <boost/multiprecision/gmp.hpp>
#include <cstddef>
#include <string>
#include <string_view>

namespace uldp {

using Rational = boost::multiprecision::mpq_rational;
using Integer = boost::multiprecision::mpz_int;

/// Longest number text accepted (a longer one is refused before any arithmetic).
inline constexpr std::size_t kMaxNumberCharacters = 10000;

/// Parses "3/7", "-2", "0.25" (exactly 1/4), "1e-3", "2.5E+2" and hex floats "0x1.8p-2"
/// (exactly 3/8) into the exact rational it spells. Throws InvalidArgument naming `what` on
/// anything else (empty, "1/0", "nan", longer than kMaxNumberCharacters, ...).
Rational parse_rational(std::string_view text, std::string_view what = "number");

/// Canonical exact text: "a/b" in lowest terms, or "a" when the denominator is 1.
std::string to_string(const Rational& value);

/// Decimal text with `digits` significant digits, rounded to nearest (for people only;
/// never used to decide anything).
std::string to_decimal(const Rational& value, int digits = 17);

/// Closest double to `value` (for display and for the double-precision estimators).
double to_double(const Rational& value);

/// The exact binary value of a finite double (an auditor must see 0.1 as what it is).
Rational from_double(double value);

/// floor(value * 2^bits) / 2^bits and the matching ceiling: dyadic rounding that keeps
/// certified bounds from growing without limit.
Rational round_down_dyadic(const Rational& value, unsigned bits);
Rational round_up_dyadic(const Rational& value, unsigned bits);

}  // namespace uldp
