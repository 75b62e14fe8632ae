// A certified bound on how far an estimate is from the maximum of the likelihood, for golden EM
// vectors that are right by construction. The log-likelihood of report counts n_y,
// L(p) = Σ_y n_y log Σ_x p(x) Q(y|x), is concave in p, so at any p of the simplex the Frank–Wolfe
// gap G(p) = max_x ∂L/∂p(x) − Σ_x p(x) ∂L/∂p(x) = max_x Σ_y n_y Q(y|x) / q_p(y) − n bounds
// L(p*) − L(p) from above, p* any maximiser. Computed exactly, with the quotients n_y / q_p(y)
// rounded up to dyadic rationals (so the bound only grows).
#pragma once

#include <cstdint>
#include <optional>
#include <span>

#include "uldp/arithmetic/rational.h"
#include "uldp/forms/dense_mechanism.h"

namespace uldp {

/// An upper bound on max L − L(p̃), p̃ = p / Σ p the estimate put exactly on the simplex (every
/// double of `p` taken as its exact value; negative entries are refused). nullopt when L(p̃) is
/// −∞ (a report the estimate gives probability 0). Throws InvalidArgument on sizes that do not
/// match `q` or an estimate that is not a finite, non-negative vector with a positive sum.
std::optional<Rational> likelihood_gap_bound(const DenseMechanism& q,
                                             std::span<const std::uint64_t> counts,
                                             std::span<const double> p);

}  // namespace uldp
