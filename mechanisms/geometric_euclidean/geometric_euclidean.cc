#include "uldp/mechanisms/geometric_euclidean/geometric_euclidean.h"

namespace uldp {

PrivacyBudget euclidean_step(const Rational& epsilon) {
  // r = ε s with s <= √(1/2), so e^r <= e^{ε/√2}; from_epsilon rounds e^r down again.
  return PrivacyBudget::from_epsilon(epsilon * sqrt_lower(Rational(1, 2), 64), 64, "eps_per_unit");
}

}  // namespace uldp
