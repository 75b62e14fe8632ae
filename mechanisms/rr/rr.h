// ε-RR (eq. (2)): y = x with probability t/(k+t-1), each other symbol with 1/(k+t-1).
#pragma once

#include <string_view>

#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/forms/class_structured_mechanism.h"
#include "uldp/forms/dense_mechanism.h"
#include "uldp/mechanisms/derivations.h"

namespace uldp {

/// The ε-randomized response over k >= 1 symbols.
DenseMechanism randomized_response(std::size_t k, const PrivacyBudget& budget);

/// ε-RR as a registered mechanism (`rr`): the budget; k and X_S live in MechanismSpec.
struct RrSpec {
  static constexpr std::string_view kName = "rr";
  /// Its empirical estimator reads each output coordinate alone (losses/coordinate_model.h).
  static constexpr bool kCoordinateWise = true;
  PrivacyBudget budget;
};
/// The same RR in class-structured form: uRR with X_S = X (one input class, one output class).
ClassStructuredMechanism randomized_response_classes(std::size_t k, const PrivacyBudget& budget);

// What every layer derives from it (mechanisms/derivations.h).
const MechanismEntry& registry_entry(std::type_identity<RrSpec>);
ExactForm exact_form(const MechanismSpec& spec, const RrSpec& params, FormChoice choice);
std::optional<PooledForm> pooled_form(const MechanismSpec& spec, const RrSpec& params,
                                      std::size_t max_entries);
std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec& spec,
                                                     const RrSpec& params);
CoordinateModel coordinate_model(const MechanismSpec& spec, const RrSpec& params);
estimate::UrrParams estimation_params(const MechanismSpec& spec, const RrSpec& params);
std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const RrSpec& params,
                                               const estimate::ReportData& data);
std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<RrSpec>);

}  // namespace uldp
