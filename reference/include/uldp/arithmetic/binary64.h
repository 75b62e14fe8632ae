// Binary64 values held exactly and compactly: a non-negative finite IEEE 754 double is the dyadic
// rational m * 2^e (m < 2^53, -1074 <= e <= 971), and its 64-bit pattern is that value in 8 bytes.
// For such patterns the unsigned order of the bits is the order of the values, so comparing two
// of them is an exact integer comparison. Everything here is integer arithmetic on the patterns;
// the only floating-point step is the correctly rounded parse of a decimal to its nearest double
// (that parse is what `--binary64` means), after which the value is exact.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string_view>

#include "uldp/arithmetic/rational.h"

namespace uldp {

/// The pattern of 1.0.
inline constexpr std::uint64_t kBinary64One = 0x3FF0000000000000u;

/// Whether `bits` is a non-negative finite binary64 (+0 included, -0 not: it is stored as +0).
constexpr bool is_nonnegative_finite_binary64(std::uint64_t bits) {
  return (bits >> 63) == 0 && (bits >> 52) != 0x7FF;
}

/// The exact value of a non-negative finite binary64 pattern (what from_double gives for the
/// same double), built from its integer fields without decimal text or floating point.
Rational binary64_value(std::uint64_t bits);

/// The pattern whose exact value is `value`, or nullopt when `value` is negative or no binary64
/// value (not dyadic, more than 53 significant bits, beyond the range).
std::optional<std::uint64_t> binary64_bits(const Rational& value);

/// The nearest binary64 to a plain decimal `digits [. digits] [e|E [+|-] digits]` (at most 4
/// exponent digits, at most 200 characters, a digit on one side of the point), rounded to
/// nearest-even as strtod does. nullopt for any other text, and when the nearest double is
/// infinite or the decimal underflows: such text takes the general reading (read_entry).
std::optional<std::uint64_t> parse_plain_decimal_binary64(std::string_view text);

/// An exact sum of non-negative finite binary64 values: a fixed-point integer in units of
/// 2^-1074 (every binary64 is a multiple of it), so adding is a few word additions.
class Binary64Sum {
 public:
  /// Adds the value of `bits` (a non-negative finite pattern).
  void add(std::uint64_t bits);
  /// The exact sum so far.
  Rational value() const;

 private:
  // 2^-1074 .. 2^1024 needs 2098 bits; 36 words leave 206 bits for carries (2^206 terms).
  std::array<std::uint64_t, 36> words_{};
};

}  // namespace uldp
