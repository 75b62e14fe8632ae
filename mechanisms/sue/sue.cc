// SUE = basic one-time RAPPOR (see the header).
#include "uldp/mechanisms/sue/sue.h"

namespace uldp {

SueSpec sue_spec(const PrivacyBudget& budget) {
  return {{budget, Probability::from_rational(default_rappor_theta(budget), "theta")}};
}

}  // namespace uldp
