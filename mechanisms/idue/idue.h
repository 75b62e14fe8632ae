// Input-discriminative unary encoding (IDUE; Gu, Li, Cao and Xiong, "Providing Input-
// Discriminative Protection for Local Differential Privacy", ICDE 2020): unary encoding in which
// every input x has its own budget ε_x and its own bit's probabilities, a_x = P(bit x = 1 | input
// x) and b_x = P(bit x = 1 | another input). Two inputs' reports differ only in their two bits,
// so for a_x > b_x the tight loss of a pair is
//   L(x, x') = (a_x / b_x) · ((1 − b_x') / (1 − a_x')),
// and IDUE is MinID-LDP exactly when L(x, x') <= e^{min(ε_x, ε_x')} for every x != x'. The
// parameters come from an optimiser in the paper (fmincon over per-level a, b); uldp takes them as
// given, exact, and decides the claim on the pair losses, with the pair and the margin.
#pragma once

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/forms/bit_product_mechanism.h"
#include "uldp/mechanisms/derivations.h"

namespace uldp {

/// IDUE as a registered mechanism (`idue`): one budget and one bit channel per input.
struct IdueSpec {
  static constexpr std::string_view kName = "idue";
  /// Its empirical estimator reads each output coordinate alone (losses/coordinate_model.h).
  static constexpr bool kCoordinateWise = true;
  std::vector<PrivacyBudget> input_budgets;  ///< ε_x (or t_x = e^ε_x), all given alike
  std::vector<BitChannel> bits;              ///< (a_x, b_x) per input, a_x > b_x
};

/// The product-of-bits mechanism of the spec.
BitProductMechanism idue_mechanism(const IdueSpec& spec);

/// The paper's closed form of a pair's tight loss, (a_x / b_x) · ((1 − b_x') / (1 − a_x')), for
/// x != x' with a > b on both bits; +inf (none) where b_x = 0 or a_x' = 1.
std::optional<Rational> idue_pair_loss(const IdueSpec& spec, std::size_t x, std::size_t x_prime);

/// How reports name its budgets: "id_exp_eps = 2,3,3 (MinID-LDP)", or their range for more than
/// eight inputs.
std::string input_budgets_description(const IdueSpec& spec);

// What every layer derives from it (mechanisms/derivations.h).
const MechanismEntry& registry_entry(std::type_identity<IdueSpec>);
ExactForm exact_form(const MechanismSpec& spec, const IdueSpec& params, FormChoice choice);
std::optional<PooledForm> pooled_form(const MechanismSpec& spec, const IdueSpec& params,
                                      std::size_t max_entries);
std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec& spec,
                                                     const IdueSpec& params);
CoordinateModel coordinate_model(const MechanismSpec& spec, const IdueSpec& params);
estimate::UnaryParams estimation_params(const MechanismSpec& spec, const IdueSpec& params);
std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const IdueSpec& params,
                                               const estimate::ReportData& data);
std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<IdueSpec>);

}  // namespace uldp
