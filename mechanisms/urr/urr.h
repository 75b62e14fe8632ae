// (X_S, ε)-utility-optimized RR (Definition 3, eq. (6)): ε-RR on X_S; a non-sensitive
// x reports each sensitive symbol with c2 and itself with c3. Y_P = X_S.
#pragma once

#include <string_view>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/forms/class_structured_mechanism.h"
#include "uldp/forms/dense_mechanism.h"
#include "uldp/mechanisms/derivations.h"

namespace uldp {

/// c1 = t/(|X_S|+t-1), c2 = 1/(|X_S|+t-1), c3 = (t-1)/(|X_S|+t-1).
struct UrrConstants {
  Rational c1, c2, c3;
};
/// The constants for |X_S| = sensitive_count >= 1 (|X_S| = 0 makes uRR the identity).
UrrConstants urr_constants(std::size_t sensitive_count, const Rational& t);

/// The uRR over k = sensitive.universe() symbols, for any X_S (user indices kept).
DenseMechanism utility_optimized_rr(const IndexSet& sensitive, const PrivacyBudget& budget);

/// uRR as a registered mechanism (`urr`): the budget; k and X_S live in MechanismSpec.
struct UrrSpec {
  static constexpr std::string_view kName = "urr";
  /// Its empirical estimator reads each output coordinate alone (losses/coordinate_model.h).
  static constexpr bool kCoordinateWise = true;
  PrivacyBudget budget;
};
/// The same uRR in class-structured form (input classes "sensitive", "non-sensitive"; output
/// classes "sensitive" = Y_P and "non-sensitive"), for any X_S and any k; to_dense() is
/// utility_optimized_rr(sensitive, budget) with Y_P = X_S.
ClassStructuredMechanism utility_optimized_rr_classes(const IndexSet& sensitive,
                                                      const PrivacyBudget& budget);

// What every layer derives from it (mechanisms/derivations.h).
const MechanismEntry& registry_entry(std::type_identity<UrrSpec>);
ExactForm exact_form(const MechanismSpec& spec, const UrrSpec& params, FormChoice choice);
std::optional<PooledForm> pooled_form(const MechanismSpec& spec, const UrrSpec& params,
                                      std::size_t max_entries);
std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec& spec,
                                                     const UrrSpec& params);
CoordinateModel coordinate_model(const MechanismSpec& spec, const UrrSpec& params);
estimate::UrrParams estimation_params(const MechanismSpec& spec, const UrrSpec& params);
std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const UrrSpec& params,
                                               const estimate::ReportData& data);
std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<UrrSpec>);

}  // namespace uldp
