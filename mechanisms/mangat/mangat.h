// Mangat's randomized response: X = Y = {0,1}, X_S = Y_P = {1}. Input 1 always reports 1;
// input 0 reports 1 with probability p and 0 otherwise. (X_S, Y_P, ln 1/p)-ULDP, never LDP.
#pragma once

#include <string_view>

#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/probability.h"
#include "uldp/forms/dense_mechanism.h"

namespace uldp {

/// Mangat's mechanism for p in (0, 1].
DenseMechanism mangat(const Rational& p);
/// p = 1/t: the Mangat mechanism with tight ULDP ratio t.
Rational mangat_p_for(const PrivacyBudget& budget);

/// Mangat's mechanism as a registered one (`mangat`): p, and the budget it gives (t = 1/p).
struct MangatSpec {
  static constexpr std::string_view kName = "mangat";
  Probability p;
  PrivacyBudget budget;
};

}  // namespace uldp
