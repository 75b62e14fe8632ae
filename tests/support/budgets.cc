// Exact privacy budgets written as small fractions in tests.
#include "uldp/testing/budgets.h"

#include "uldp/arithmetic/rational.h"

namespace uldp::testing {

PrivacyBudget budget(long num, long den) { return PrivacyBudget::from_exp_eps(Rational(num, den)); }

}  // namespace uldp::testing
