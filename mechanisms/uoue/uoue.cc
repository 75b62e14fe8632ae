// uOUE = uRAP at θ = 1/2 (see the header for the bit-by-bit derivation).
#include "uldp/mechanisms/uoue/uoue.h"

namespace uldp {

UtilityOptimizedOueParams utility_optimized_oue_params(const PrivacyBudget& budget) {
  return {{budget, Probability::from_rational(Rational(1, 2), "theta")}};
}

}  // namespace uldp
