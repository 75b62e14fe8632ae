// uBD's unbiased linear estimator (the reference decoder's single-K estimator, re-derived) and
// the exact expected l2 loss it gives. Not coordinate-wise: the estimate of a sensitive p(x)
// uses the count of x in reported blocks and the total count of X_N reports, because a block
// contains x with a probability that depends on whether the input was sensitive.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/losses/l2_loss.h"

namespace uldp {

/// With f(x) = fraction of reports that are blocks containing x (x in X_S) or x itself
/// (x in X_N), and F_N = fraction of reports in X_N:
/// p̂(x) = (f(x) + spill F_N) / sensitive_gain - sensitive_offset on X_S, f(x) / open_gain on X_N.
struct UbdEstimator {
  Rational sensitive_gain;    ///< (t-1)(v-K) / (D (v-1)), D = t + v/K - 1
  Rational sensitive_offset;  ///< (t(K-1) + v-K) / ((t-1)(v-K))
  Rational spill;             ///< (K-1) / (v-1)
  Rational open_gain;         ///< (t-1) / D
};
/// Throws InvalidArgument unless 1 <= K < v (at K = v every sensitive input reports X_S itself,
/// so p on X_S is not identifiable) and t > 1 (no report carries information).
UbdEstimator ubd_estimator(std::size_t v, std::size_t block, const Rational& t);

/// p̂ from per-bit counts of ones among n reports, exactly (a reported block sets its members'
/// bits, an X_N report its own bit), with f(x) = ones[x] / n and F_N the sum of f over X_N.
/// Throws InvalidArgument on a wrong number of counts, n = 0, or a count above n.
std::vector<Rational> exact_empirical_estimate_ubd(const IndexSet& sensitive, const UbdEstimator& e,
                                                   const std::vector<std::uint64_t>& ones,
                                                   std::uint64_t n);

/// n E[l2^2] = sum_x S(x) p(x) - sum_x p(x)^2 with S(x) = E[||p̂_1||^2 | x], p̂_1 the estimate
/// from one report (p̂ is the mean of n of them): exact for every n, as an L2Quadratic.
L2Quadratic ubd_l2_quadratic(const IndexSet& sensitive, std::size_t block,
                             const PrivacyBudget& budget);

}  // namespace uldp
