// The PUM estimator (Section 5.3, eq. (21)): from an estimate r̂ of the
// intermediate distribution over Z = X ∪ {⊥_1..⊥_κ} (indices 0..k-1 are X, k..k+κ-1 the bots),
// p̂(x) = r̂(x) + Σ_k r̂(⊥_k) π̂_k(x). A bot without background knowledge gets
// π̂_k(x) ∝ r̂(x) over X_N (the paper's fallback); with no knowledge at all this is dropping the
// bots and renormalising r̂ over X_N.
#pragma once

#include <cstddef>
#include <optional>
#include <span>
#include <vector>

#include "uldp/arithmetic/index_set.h"

namespace uldp::estimate {

/// Z_S = X_S ∪ {⊥_1..⊥_κ} over the k + κ intermediate symbols (the common mechanism's X_S).
IndexSet pum_intermediate_sensitive(const IndexSet& common_sensitive, std::size_t kappa);

/// The fallback π̂(x) = max(r̂(x),0) / Σ_{x' in X_N} max(r̂(x'),0) on X_N, 0 on X_S (negative
/// empirical estimates are clipped; uniform over X_N if no positive mass is left).
std::vector<double> pum_fallback_pi(std::span<const double> r_hat,
                                    const IndexSet& common_sensitive);

/// eq. (21). `r_hat` has k + κ entries (κ = pi_hat.size()); pi_hat[k] is π̂_k over X
/// (k entries) or nullopt for the fallback. In the simplex whenever r̂ and the π̂_k are.
std::vector<double> pum_estimate(std::span<const double> r_hat,
                                 const std::vector<std::optional<std::vector<double>>>& pi_hat,
                                 const IndexSet& common_sensitive);

}  // namespace uldp::estimate
