// The same checkers as dense_privacy_check.h for product-of-bits mechanisms, without
// enumerating 2^k outputs: bits with equal channels are grouped, so a check costs
// O(k + T^2) rational operations for T distinct bit types (T = 2 for uRAP).
#pragma once

#include <optional>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/forms/bit_product_mechanism.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/forms/verdict.h"

namespace uldp {

/// Y_P given as "these bits are 0" (uRAP: the non-sensitive bits, eq. (7)). The empty
/// mask is Y_P = {0,1}^k.
struct ZeroMaskOutputs {
  IndexSet zero_bits;
};

Verdict check_ldp(const BitProductMechanism& q, const std::optional<PrivacyBudget>& budget);
Verdict check_uldp(const BitProductMechanism& q, const IndexSet& sensitive,
                   const ZeroMaskOutputs& protected_outputs,
                   const std::optional<PrivacyBudget>& budget, UldpReading reading);
Verdict check_osldp(const BitProductMechanism& q, const IndexSet& sensitive,
                    const std::optional<PrivacyBudget>& budget);

}  // namespace uldp
