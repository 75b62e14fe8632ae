// OUE = generalized RAPPOR at θ = 1/2 (see the header).
#include "uldp/mechanisms/oue/oue.h"

namespace uldp {

OueSpec oue_spec(const PrivacyBudget& budget) {
  return {{budget, Probability::from_rational(Rational(1, 2), "theta")}};
}

}  // namespace uldp
