// The privacy budget, carried exactly as t = e^ε (and s = e^{ε/2} for the RAPPOR family).
#pragma once

#include <optional>
#include <string>

#include "uldp/arithmetic/extended_rational.h"
#include "uldp/arithmetic/rational.h"

namespace uldp {

/// A privacy budget. Built from a rational t = e^ε (used as is), or from a real ε given as an
/// exact rational: then s is a dyadic rational <= e^{ε/2} and t = s*s <= e^ε, so a mechanism
/// built from the budget is never weaker than asked. Invalid budgets cannot be made.
class PrivacyBudget {
 public:
  /// The budget e^ε = t exactly; t >= 1. `what` names the argument in errors.
  static PrivacyBudget from_exp_eps(const Rational& t, const char* what = "exp_eps");
  /// The budget for ε >= 0, with s rounded down to `bits` fractional bits.
  static PrivacyBudget from_epsilon(const Rational& epsilon, unsigned bits = 64,
                                    const char* what = "eps");

  /// t: the exact rational the mechanisms are built from (t <= e^ε).
  const Rational& exp_eps() const { return exp_eps_; }
  /// s with s*s == t exactly, when known (always when built from ε; when t is a square).
  const std::optional<Rational>& exp_half_eps() const { return exp_half_eps_; }
  /// ε as asked, when the budget was made from ε.
  const std::optional<Rational>& epsilon() const { return epsilon_; }
  /// An upper bound on e^ε - t >= 0 (zero when made from t).
  const Rational& rounding_error_bound() const { return rounding_error_bound_; }

  /// Whether a likelihood ratio r satisfies r <= e^ε for the budget as asked: against the real
  /// e^ε (certified comparison) when made from ε, against t when made from t.
  bool admits(const ExtendedRational& ratio) const;

  /// "exp_eps=3" or "eps=1 (exp_eps rounded down to ...)" for people.
  std::string describe() const;

 private:
  PrivacyBudget() = default;
  Rational exp_eps_{1};
  std::optional<Rational> exp_half_eps_;
  std::optional<Rational> epsilon_;
  Rational rounding_error_bound_{0};
};

/// A rational approximation of sqrt(t) from below, to `bits` fractional bits (exact when t is a
/// perfect square of a dyadic rational at that precision).
Rational sqrt_lower(const Rational& t, unsigned bits);

}  // namespace uldp
