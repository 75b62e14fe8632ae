#include "uldp/mechanisms/rappor/rappor.h"

#include "uldp/arithmetic/probability.h"
#include "uldp/error.h"

namespace uldp {

Rational rappor_psi(const Rational& theta, const Rational& t) {
  const Rational denominator = (1 - theta) * t + theta;
  // θ = 0 and t ... : denominator = t >= 1 > 0; θ = 1: denominator = 1.
  return theta / denominator;
}

Rational default_rappor_theta(const PrivacyBudget& budget) {
  // θ only shapes utility (the ratio is t for every θ), so an approximation of sqrt(t) is safe.
  const Rational s =
      budget.exp_half_eps() ? *budget.exp_half_eps() : sqrt_lower(budget.exp_eps(), 64);
  return s / (s + 1);
}

BitProductMechanism generalized_rappor(std::size_t k, const Rational& theta,
                                       const PrivacyBudget& budget) {
  if (k == 0) throw InvalidArgument("generalized RAPPOR: k must be at least 1");
  Probability::from_rational(theta, "theta");
  const Rational psi = rappor_psi(theta, budget.exp_eps());
  return BitProductMechanism(std::vector<BitChannel>(k, BitChannel{theta, psi}),
                             "generalized RAPPOR");
}

BitProductMechanism basic_rappor(std::size_t k, const PrivacyBudget& budget) {
  return generalized_rappor(k, default_rappor_theta(budget), budget);
}

}  // namespace uldp
