#include "uldp/arithmetic/privacy_budget.h"

#include <string>

#include "uldp/arithmetic/certified_exp.h"
#include "uldp/error.h"

namespace uldp {
namespace {

// ε above this is meaningless for privacy and makes e^ε astronomically large.
const Rational kMaxEpsilon(1000);

bool is_perfect_square(const Integer& n, Integer& root) {
  if (n < 0) return false;
  root = sqrt(n);
  return root * root == n;
}

}  // namespace

PrivacyBudget PrivacyBudget::from_exp_eps(const Rational& t, const char* what) {
  if (t < 1) {
    throw InvalidArgument(std::string(what) + ": " + message_excerpt(to_string(t)) +
                          " is below 1 (e^eps >= 1 for every eps >= 0)");
  }
  if (msb(numerator(t)) > 4096 || msb(denominator(t)) > 4096) {
    throw InvalidArgument(std::string(what) + ": value has more than 4096 bits");
  }
  PrivacyBudget b;
  b.exp_eps_ = t;
  Integer num_root, den_root;
  if (is_perfect_square(numerator(t), num_root) && is_perfect_square(denominator(t), den_root)) {
    b.exp_half_eps_ = Rational(num_root, den_root);
  }
  return b;
}

PrivacyBudget PrivacyBudget::from_epsilon(const Rational& epsilon, unsigned bits,
                                          const char* what) {
  if (epsilon < 0) {
    throw InvalidArgument(std::string(what) + ": " + message_excerpt(to_string(epsilon)) +
                          " is negative");
  }
  if (epsilon > kMaxEpsilon) {
    throw InvalidArgument(std::string(what) + ": " + message_excerpt(to_string(epsilon)) +
                          " exceeds " + to_string(kMaxEpsilon));
  }
  PrivacyBudget b;
  b.epsilon_ = epsilon;
  if (epsilon == 0) {
    b.exp_half_eps_ = Rational(1);
    return b;
  }
  // s: a dyadic rational <= e^{ε/2}; t = s^2 <= e^ε exactly.
  const Rational s = round_down_dyadic(exp_bounds(epsilon / 2, bits + 8).lower, bits);
  b.exp_half_eps_ = s;
  b.exp_eps_ = s * s;
  b.rounding_error_bound_ = exp_bounds(epsilon, bits + 8).upper - b.exp_eps_;
  return b;
}

bool PrivacyBudget::admits(const ExtendedRational& ratio) const {
  if (ratio.is_infinite()) return false;
  if (epsilon_) return compare_with_exp(ratio.value(), *epsilon_) != std::strong_ordering::greater;
  return ratio.value() <= exp_eps_;
}

namespace {

/// An upper bound shown with `digits` significant digits that is still an upper bound: the
/// nearest decimal of the bound raised by 1 % (half a unit of the last digit is at most 0.5 %),
/// checked exactly.
std::string upper_bound_text(const Rational& bound, int digits) {
  Rational raised = bound * Rational(101, 100);
  std::string text = to_decimal(raised, digits);
  while (parse_rational(text) < bound) {
    raised *= Rational(101, 100);
    text = to_decimal(raised, digits);
  }
  return text;
}

}  // namespace

std::string PrivacyBudget::describe() const {
  if (!epsilon_) return "exp_eps = " + to_string(exp_eps_);
  return "eps = " + to_decimal(*epsilon_) +
         " (mechanisms use exp_eps = " + to_decimal(exp_eps_, 20) + " <= e^eps, short by at most " +
         upper_bound_text(rounding_error_bound_, 3) + ")";
}

Rational sqrt_lower(const Rational& t, unsigned bits) {
  if (t < 0) throw InvalidArgument("sqrt_lower: negative argument " + to_string(t));
  const Integer scaled = (numerator(t) << (2 * bits)) / denominator(t);
  return Rational(sqrt(scaled), Integer(1) << bits);
}

}  // namespace uldp
