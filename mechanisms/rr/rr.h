// ε-RR (eq. (2)): y = x with probability t/(k+t-1), each other symbol with 1/(k+t-1).
#pragma once

#include <string_view>

#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/forms/class_structured_mechanism.h"
#include "uldp/forms/dense_mechanism.h"

namespace uldp {

/// The ε-randomized response over k >= 1 symbols.
DenseMechanism randomized_response(std::size_t k, const PrivacyBudget& budget);

/// ε-RR as a registered mechanism (`rr`): the budget; k and X_S live in MechanismSpec.
struct RrSpec {
  static constexpr std::string_view kName = "rr";
  PrivacyBudget budget;
};
/// The same RR in class-structured form: uRR with X_S = X (one input class, one output class).
ClassStructuredMechanism randomized_response_classes(std::size_t k, const PrivacyBudget& budget);

}  // namespace uldp
