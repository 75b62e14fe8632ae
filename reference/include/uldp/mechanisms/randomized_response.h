// ε-RR (eq. (2)): y = x with probability t/(k+t-1), each other symbol with 1/(k+t-1).
#pragma once

#include "uldp/dense_mechanism.h"
#include "uldp/privacy_budget.h"

namespace uldp {

/// The ε-randomized response over k >= 1 symbols.
DenseMechanism randomized_response(std::size_t k, const PrivacyBudget& budget);

}  // namespace uldp
