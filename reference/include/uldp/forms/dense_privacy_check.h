// Exact checkers for ε-LDP (Definition 1), (X_S, Y_P, ε)-ULDP (Definition 2, in both its
// literal and its reachable-outputs reading) and (X_S, ε)-OSLDP (Definition 6) on an explicit
// matrix. O(|X| |Y|) rational comparisons; no double anywhere.
#pragma once

#include <optional>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/forms/dense_mechanism.h"
#include "uldp/forms/verdict.h"

namespace uldp {

/// How Definition 2 treats outputs y in Y_I that no input produces (an all-zero column).
enum class UldpReading {
  kLiteral,    ///< condition 1 demands an x in X_N with Q(y|x) > 0: unreachable y in Y_I fail
  kReachable,  ///< condition 1 quantifies over reachable outputs only
};

/// ε-LDP. With no budget, reports the tight ratio only (holds = finite).
Verdict check_ldp(const DenseMechanism& q, const std::optional<PrivacyBudget>& budget);

/// (X_S, Y_P, ε)-ULDP under the given reading. X_S indexes inputs, Y_P outputs.
Verdict check_uldp(const DenseMechanism& q, const IndexSet& sensitive,
                   const IndexSet& protected_outputs, const std::optional<PrivacyBudget>& budget,
                   UldpReading reading);

/// (X_S, ε)-OSLDP.
Verdict check_osldp(const DenseMechanism& q, const IndexSet& sensitive,
                    const std::optional<PrivacyBudget>& budget);

/// The smallest Y_P for which condition 1 can hold: every output except those produced by
/// exactly one input, that input non-sensitive. (Unreachable outputs are put in Y_P, where they
/// constrain nothing, so both readings agree on it.) Any valid Y_P contains it.
IndexSet minimal_protected_outputs(const DenseMechanism& q, const IndexSet& sensitive);

}  // namespace uldp
