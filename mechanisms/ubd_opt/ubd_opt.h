// The optimal uBD mixture (`ubd-opt`, arXiv 2509.24173): each user draws a block size K with
// weight λ_K and runs uBD with that K (ubd/ubd.h). Q(·|x) = Σ_K λ_K
// Q_K(·|x); Y_P = the union over the support of the K-subsets of X_S (disjoint across K: sizes
// differ), Y_I = X_N. The weights are the certified witness λ̂ of the fundamental limit
// (utility/fundamental_limit.h), exact rationals summing to 1. Class-structured: one output class
// per K in the support plus X_N; the C(v, K) subsets are never enumerated.
#pragma once

#include <cstddef>
#include <string_view>
#include <vector>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/forms/class_structured_mechanism.h"
#include "uldp/losses/fundamental_limit.h"
#include "uldp/mechanisms/derivations.h"

namespace uldp {

/// The mixture as a registered mechanism (`ubd-opt`): the budget, the block-size weights λ̂ and
/// α̂ (the worst case's mass on X_S, where the estimator is centred), both from the certified
/// fundamental limit at (|X|, |X_S|, t).
struct UbdOptSpec {
  static constexpr std::string_view kName = "ubd-opt";
  /// Its empirical estimator is not coordinate-wise: its l2 loss has its own l2_quadratic.
  static constexpr bool kCoordinateWise = false;
  PrivacyBudget budget;
  std::vector<BlockWeight> weights;  ///< ascending K, positive, summing to exactly 1
  Rational sensitive_mass;           ///< α̂
};

/// The optimal mixture at k = sensitive.universe() symbols: runs fundamental_limit (which throws
/// InvalidArgument naming --sensitive / exp_eps unless 2 <= |X_S| < |X| and t > 1).
UbdOptSpec optimal_ubd_mixture(const IndexSet& sensitive, const PrivacyBudget& budget);

/// Throws InvalidArgument unless the weights are positive, sum to exactly 1, have ascending
/// distinct K in [1, |X_S|].
void validate_block_weights(const std::vector<BlockWeight>& weights, std::size_t v);

/// The mixture in class-structured form: input classes "sensitive", "non-sensitive"; output
/// classes "blocks K=..." (Y_P, one per K of the support, ascending) and "non-sensitive". Dense
/// order (to_dense, at most kMaxDenseSize outputs): the K-subsets of each K in ascending K, each
/// in lexicographic order, then X_N; each dense entry is Σ_K λ_K times the single-K uBD's entry.
ClassStructuredMechanism ubd_opt_classes(const IndexSet& sensitive,
                                         const std::vector<BlockWeight>& weights,
                                         const PrivacyBudget& budget);

// What every layer derives from it (mechanisms/derivations.h).
const MechanismEntry& registry_entry(std::type_identity<UbdOptSpec>);
ExactForm exact_form(const MechanismSpec& spec, const UbdOptSpec& params, FormChoice choice);
std::optional<PooledForm> pooled_form(const MechanismSpec& spec, const UbdOptSpec& params,
                                      std::size_t max_entries);
std::vector<MechanismParameter> mechanism_parameters(const MechanismSpec& spec,
                                                     const UbdOptSpec& params);
CoordinateModel coordinate_model(const MechanismSpec& spec, const UbdOptSpec& params);
L2Quadratic l2_quadratic(const MechanismSpec& spec, const UbdOptSpec& params);
estimate::UbdOptParams estimation_params(const MechanismSpec& spec, const UbdOptSpec& params);
std::vector<Rational> exact_empirical_estimate(const MechanismSpec& spec, const UbdOptSpec& params,
                                               const estimate::ReportData& data);
std::vector<verify::internal::ClaimEntry> family_claims(std::type_identity<UbdOptSpec>);

}  // namespace uldp
