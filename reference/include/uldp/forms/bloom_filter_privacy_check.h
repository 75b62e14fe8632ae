// The checkers of dense_privacy_check.h for Bloom-filter mechanisms, without enumerating their
// C 2^m outputs. For a pair (x, x') in cohort c the likelihood ratio is a product over the bits
// where B_c(x) and B_c(x') differ, so its supremum is rho_on^a rho_off^b with a the number of
// bits only x sets, b the number only x' sets, rho_on = max_v P(v|on)/P(v|off) and rho_off its
// converse: a check walks the pairs once and evaluates each distinct (a, b) exactly.
#pragma once

#include <optional>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/forms/bloom_filter_mechanism.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/forms/verdict.h"

namespace uldp {

/// Y_P = every output: a Bloom-filter mechanism claims ε-LDP, and its (X_S, Y, ε)-ULDP is that.
struct EveryOutput {};

Verdict check_ldp(const BloomFilterMechanism& q, const std::optional<PrivacyBudget>& budget);
/// With Y_P = Y, condition 1 is ε-LDP over all pairs and Y_I is empty (both readings agree).
Verdict check_uldp(const BloomFilterMechanism& q, const IndexSet& sensitive, const EveryOutput&,
                   const std::optional<PrivacyBudget>& budget, UldpReading reading);
/// Pairs (x, x') with x in X_S.
Verdict check_osldp(const BloomFilterMechanism& q, const IndexSet& sensitive,
                    const std::optional<PrivacyBudget>& budget);

}  // namespace uldp
