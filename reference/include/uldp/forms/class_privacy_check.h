// The checkers of dense_privacy_check.h for class-structured mechanisms: the same verdicts, tight
// values and witnesses as the dense checkers on to_dense(), at a cost of O(cells) rational
// operations (plus O(k) set bookkeeping), whatever |X| and |Y| are.
#pragma once

#include <optional>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/forms/class_structured_mechanism.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/forms/verdict.h"

namespace uldp {

/// ε-LDP. With no budget, reports the tight ratio only (holds = finite).
Verdict check_ldp(const ClassStructuredMechanism& q, const std::optional<PrivacyBudget>& budget);

/// (X_S, Y_P, ε)-ULDP with Y_P the declared protected output classes. X_S must be a union of
/// input classes (InvalidArgument otherwise).
Verdict check_uldp(const ClassStructuredMechanism& q, const IndexSet& sensitive,
                   const std::optional<PrivacyBudget>& budget, UldpReading reading);

/// (X_S, ε)-OSLDP. X_S must be a union of input classes.
Verdict check_osldp(const ClassStructuredMechanism& q, const IndexSet& sensitive,
                    const std::optional<PrivacyBudget>& budget);

}  // namespace uldp
