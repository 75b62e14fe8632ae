// Exact privacy budgets written as small fractions in tests.
#pragma once

#include "uldp/arithmetic/privacy_budget.h"

namespace uldp::testing {

/// The budget with t = e^ε = num/den exactly (num/den >= 1).
PrivacyBudget budget(long num, long den = 1);

}  // namespace uldp::testing
