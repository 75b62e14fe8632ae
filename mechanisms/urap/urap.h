// (X_S, θ, ε)-utility-optimized RAPPOR (Definition 4, eq. (8)): generalized
// RAPPOR bits for X_S; a non-sensitive bit is 1 with probability 1 - d2 when on, never when off.
// Y_P = vectors whose non-sensitive bits are all 0 (eq. (7)).
#pragma once

#include <string_view>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/probability.h"
#include "uldp/forms/bit_product_mechanism.h"
#include "uldp/mechanisms/derivations.h"

namespace uldp {

/// d1 = θ / ((1-θ) t + θ), d2 = ((1-θ) t + θ) / t.
struct UrapConstants {
  Rational d1, d2;
};
UrapConstants urap_constants(const Rational& theta, const Rational& t);

/// The uRAP over k = sensitive.universe() symbols; θ in [0,1] (Definition 4).
BitProductMechanism utility_optimized_rappor(const IndexSet& sensitive, const Rational& theta,
                                             const PrivacyBudget& budget);
/// uRAP with θ = default_rappor_theta(budget) (the paper's "(X_S, ε)-uRAP").
BitProductMechanism utility_optimized_rappor(const IndexSet& sensitive,
                                             const PrivacyBudget& budget);

/// Y_P of uRAP as dense output indices (only for k <= BitProductMechanism::kMaxDenseBits).
std::vector<std::size_t> urap_protected_dense_outputs(const IndexSet& sensitive);

/// uRAP as a registered mechanism (`urap`): budget and θ; k and X_S live in MechanismSpec.
struct UrapSpec {
  static constexpr std::string_view kName = "urap";
  /// Its empirical estimator reads each output coordinate alone (losses/coordinate_model.h).
  static constexpr bool kCoordinateWise = true;
  PrivacyBudget budget;
  Probability theta;
};

// What every layer derives from it (mechanisms/derivations.h).
const MechanismEntry& registry_entry(std::type_identity<UrapSpec>);
ExactForm exact_form(const MechanismSpec& spec, const UrapSpec& params, FormChoice choice);
std::optional<PooledForm> pooled_form(const MechanismSpec& spec, const UrapSpec& params,
                                      std::size_t max_entries);
std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec& spec,
                                                     const UrapSpec& params);
CoordinateModel coordinate_model(const MechanismSpec& spec, const UrapSpec& params);
estimate::UnaryParams estimation_params(const MechanismSpec& spec, const UrapSpec& params);
std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const UrapSpec& params,
                                               const estimate::ReportData& data);
std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<UrapSpec>);

}  // namespace uldp
