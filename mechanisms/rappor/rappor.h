// (θ, ε)-generalized RAPPOR (Wang et al.): every bit reports 1 with probability θ when on and
// ψ = θ / ((1-θ) t + θ) when off. Basic one-time RAPPOR is θ = s/(s+1), s = e^{ε/2}.
#pragma once

#include <string_view>

#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/probability.h"
#include "uldp/forms/bit_product_mechanism.h"
#include "uldp/mechanisms/derivations.h"

namespace uldp {

/// ψ = θ / ((1-θ) t + θ): the "off" probability of reporting 1.
Rational rappor_psi(const Rational& theta, const Rational& t);

/// θ = s/(s+1) with s = e^{ε/2}: exact when the budget knows s, otherwise a rational
/// approximation from below of sqrt(t) (θ only affects utility: the ratio is t for any θ).
Rational default_rappor_theta(const PrivacyBudget& budget);

/// The (θ, ε)-generalized RAPPOR over k >= 1 symbols; θ in [0,1].
BitProductMechanism generalized_rappor(std::size_t k, const Rational& theta,
                                       const PrivacyBudget& budget);

/// Basic one-time RAPPOR: θ = default_rappor_theta(budget).
BitProductMechanism basic_rappor(std::size_t k, const PrivacyBudget& budget);

/// Generalized RAPPOR as a registered mechanism (`rappor`): budget and θ.
struct RapporSpec {
  static constexpr std::string_view kName = "rappor";
  /// Its empirical estimator reads each output coordinate alone (losses/coordinate_model.h).
  static constexpr bool kCoordinateWise = true;
  PrivacyBudget budget;
  Probability theta;
};

// What every layer derives from it (mechanisms/derivations.h).
const MechanismEntry& registry_entry(std::type_identity<RapporSpec>);
ExactForm exact_form(const MechanismSpec& spec, const RapporSpec& params, FormChoice choice);
std::optional<PooledForm> pooled_form(const MechanismSpec& spec, const RapporSpec& params,
                                      std::size_t max_entries);
std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec& spec,
                                                     const RapporSpec& params);
CoordinateModel coordinate_model(const MechanismSpec& spec, const RapporSpec& params);
estimate::UnaryParams estimation_params(const MechanismSpec& spec, const RapporSpec& params);
std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const RapporSpec& params,
                                               const estimate::ReportData& data);
std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<RapporSpec>);

}  // namespace uldp
