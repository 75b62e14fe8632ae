// uOUE = uRAP at θ = 1/2 (see the header for the bit-by-bit derivation).
#include "uldp/mechanisms/uoue/uoue.h"

namespace uldp {

UoueSpec uoue_spec(const PrivacyBudget& budget) {
  return {{budget, Probability::from_rational(Rational(1, 2), "theta")}};
}

}  // namespace uldp
