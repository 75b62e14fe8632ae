// Bloom-filter RAPPOR's per-bit estimator, exactly (Erlingsson et al.'s regression, without its
// LASSO step). Per cohort c and bit j, with n_c the reports of cohort c among n,
//   z(c, j) = (ones(c, j) - p* n_c) / ((q* - p*) n),   E[z(c, j)] = Σ_x π(x) D(x, (c, j)),
// D(x, (c, j)) = [j in B_c(x)] / C; so π̂ = z Dᵀ (D Dᵀ)^{-1}, the least-squares solution, is
// unbiased whenever the k filter vectors are linearly independent and q* != p*.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "uldp/arithmetic/rational.h"
#include "uldp/forms/bloom_filter_mechanism.h"
#include "uldp/losses/l2_loss.h"

namespace uldp {

/// The most inputs the exact estimator takes (it inverts a k x k rational matrix).
inline constexpr std::size_t kMaxBloomEstimatorInputs = 128;
/// The most rationals its elimination holds: k (k + C m).
inline constexpr std::size_t kMaxBloomEstimatorEntries = std::size_t{1} << 22;

/// The weights M = Dᵀ (D Dᵀ)^{-1}, row (c m + j) for bit j of cohort c, k columns: π̂ = z M.
/// Throws InvalidArgument saying why there is none: q* = p* (no report carries information),
/// linearly dependent filters (naming two inputs whose filters agree in every cohort when there
/// are such), more than kMaxBloomEstimatorInputs inputs, or more than kMaxBloomEstimatorEntries
/// entries to eliminate (naming bloom_bits).
std::vector<Rational> bloom_bit_weights(const BloomFilterMechanism& q);

/// n E[l2^2] of the per-bit estimator as the quadratic Σ_x linear[x] π(x) - Σ_x π(x)^2
/// (constant 0): linear[x] = E_x ||B_y||^2 = Σ_c (1/C) (||Σ_{j in B_c(x)} M_cj||^2 + Σ_j
/// P_cj(1 - P_cj) ||M_cj||^2 / (q* - p*)^2), P_cj = q* on B_c(x) and p* off it, since the
/// weights (y_j - p*)/(q* - p*) are independent with means [j in B_c(x)]. Exact at any m.
L2Quadratic per_bit_l2_quadratic(const BloomFilterMechanism& q);

/// π̂ from the reports' tallies, as reports beyond the listing are read: in_cohort[c] reports
/// of cohort c, ones[c m + j] of them with bit j set. Throws InvalidArgument as bloom_bit_weights
/// does, or on n = 0.
std::vector<Rational> per_bit_estimate(const BloomFilterMechanism& q,
                                       const std::vector<std::uint64_t>& in_cohort,
                                       const std::vector<std::uint64_t>& ones);

/// π̂ from the report counts in the dense order (cohort, then Σ_j y_j 2^j), exactly. Throws
/// InvalidArgument as bloom_bit_weights does, or on a wrong number of counts or n = 0.
std::vector<Rational> per_bit_estimate(const BloomFilterMechanism& q,
                                       const std::vector<std::uint64_t>& counts);

}  // namespace uldp
