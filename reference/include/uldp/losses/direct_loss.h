// Direct exact computations of the empirical estimator's loss, independent of the closed forms:
// p̂ = m̂ Q^{-1} with Cov(m̂) = (diag(m) - m m^T)/n, so E[l2^2] = trace(Q^{-T} Cov(m̂) Q^{-1}),
// with Q inverted exactly. The cross-check of every l2 closed form in Section "Utility Analysis".
#pragma once

#include <cstdint>
#include <vector>

#include "uldp/arithmetic/rational.h"
#include "uldp/forms/bit_product_mechanism.h"
#include "uldp/forms/dense_mechanism.h"

namespace uldp {

/// The exact inverse of a square matrix given row-major (k*k entries), by Gauss-Jordan
/// elimination over the rationals. Throws InvalidArgument naming `what` when it is singular.
std::vector<Rational> exact_inverse(const std::vector<Rational>& matrix, std::size_t k,
                                    const char* what);

/// E[l2^2] of p̂ = m̂ Q^{-1} for any square invertible Q, as trace(Q^{-T} Cov(m̂) Q^{-1}).
Rational direct_l2_loss(const DenseMechanism& q, const std::vector<Rational>& p, std::uint64_t n);

/// E[l2^2] of the per-bit estimator p̂_j = (ȳ_j - P(1|off)) / (P(1|on) - P(1|off)) of a
/// RAPPOR-family mechanism, from the covariance of the report vector y computed on the dense
/// 2^k expansion (small k only).
Rational direct_l2_loss(const BitProductMechanism& mechanism, const std::vector<Rational>& p,
                        std::uint64_t n);

}  // namespace uldp
