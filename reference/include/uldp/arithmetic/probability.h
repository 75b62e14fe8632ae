// An exact probability: a rational in [0,1], validated once, with one message for every caller.
#pragma once

#include <string_view>

#include "uldp/arithmetic/rational.h"

namespace uldp {

/// A rational in [0,1]. Invalid values cannot be made: every factory throws InvalidArgument
/// "<what>: <value> is not a probability in [0,1]".
class Probability {
 public:
  /// Validates `value`; `what` names the argument in errors.
  static Probability from_rational(const Rational& value, std::string_view what);
  /// Parses exact text ("3/7", "0.25", "1e-3") and validates it.
  static Probability parse(std::string_view text, std::string_view what);

  const Rational& value() const { return value_; }
  operator const Rational&() const { return value_; }  // NOLINT: a probability is a rational
  bool is_zero() const { return value_ == 0; }

  friend bool operator==(const Probability&, const Probability&) = default;

 private:
  explicit Probability(Rational value) : value_(std::move(value)) {}
  Rational value_;
};

/// True when 0 <= value <= 1 (for checks that report rather than throw).
bool is_probability(const Rational& value);

}  // namespace uldp
