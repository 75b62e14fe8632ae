// Mangat's randomized response: X = Y = {0,1}, X_S = Y_P = {1}. Input 1 always reports 1;
// input 0 reports 1 with probability p and 0 otherwise. (X_S, Y_P, ln 1/p)-ULDP, never LDP.
#pragma once

#include <string_view>

#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/probability.h"
#include "uldp/forms/dense_mechanism.h"
#include "uldp/mechanisms/derivations.h"
#include "uldp/mechanisms/parameter_table.h"

namespace uldp {

/// Mangat's mechanism for p in (0, 1].
DenseMechanism mangat(const Rational& p);
/// p = 1/t: the Mangat mechanism with tight ULDP ratio t.
Rational mangat_p_for(const PrivacyBudget& budget);

/// Mangat's p, a parameter of this mechanism alone.
inline constexpr Parameter<Probability> kMangatPParameter{{"mangat_p",
                                                           {"mangat_p"},
                                                           ParameterGrammar::kProbability,
                                                           "P",
                                                           "Mangat's p in (0,1] (default 1/e^eps)",
                                                           "mangat_p P"}};

/// Mangat's mechanism as a registered one (`mangat`): p, and the budget it gives (t = 1/p).
struct MangatSpec {
  static constexpr std::string_view kName = "mangat";
  /// Its empirical estimator reads each output coordinate alone (losses/coordinate_model.h).
  static constexpr bool kCoordinateWise = true;
  Probability p;
  PrivacyBudget budget;
};

// What every layer derives from it (mechanisms/derivations.h).
const MechanismEntry& registry_entry(std::type_identity<MangatSpec>);
ExactForm exact_form(const MechanismSpec& spec, const MangatSpec& params, FormChoice choice);
std::optional<PooledForm> pooled_form(const MechanismSpec& spec, const MangatSpec& params,
                                      std::size_t max_entries);
std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec& spec,
                                                     const MangatSpec& params);
CoordinateModel coordinate_model(const MechanismSpec& spec, const MangatSpec& params);
estimate::DenseParams estimation_params(const MechanismSpec& spec, const MangatSpec& params);
std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const MangatSpec& params,
                                               const estimate::ReportData& data);
std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<MangatSpec>);

}  // namespace uldp
