// The empirical estimation method in exact rationals (eq. (3): p̂ Q = m̂), for
// small inputs: the yardstick the double estimators in estimate/ are checked against.
#pragma once

#include <cstdint>
#include <vector>

#include "uldp/arithmetic/rational.h"
#include "uldp/forms/bit_product_mechanism.h"
#include "uldp/forms/dense_mechanism.h"

namespace uldp {

/// The p with p Q = m for a square invertible Q, by exact Gaussian elimination. Throws
/// InvalidArgument when Q is not square, sizes differ, or Q is singular.
std::vector<Rational> exact_solve_left(const DenseMechanism& q, const std::vector<Rational>& m);

/// p̂ from report counts of a square mechanism: m̂(y) = counts[y] / n, then p̂ Q = m̂.
std::vector<Rational> exact_empirical_estimate(const DenseMechanism& q,
                                               const std::vector<std::uint64_t>& counts);

/// p̂ for a product-of-bits mechanism from per-bit counts of ones among n reports:
/// the bit marginals m_j = p_j on_j + (1 - p_j) off_j solved exactly for each j
/// (eq. (41)). Throws InvalidArgument when on_j == off_j or n == 0.
std::vector<Rational> exact_empirical_estimate(const BitProductMechanism& q,
                                               const std::vector<std::uint64_t>& ones,
                                               std::uint64_t n);

}  // namespace uldp
