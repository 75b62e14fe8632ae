// uHR's unbiased linear estimator (the reference decoder decode_uHR.m before its clipping and
// renormalisation, re-derived) and the exact expected l2 loss it gives. With c = (t+1)/(t-1) and
// f the report frequencies: p̂(x) = c sum_j H[row(x)][j] f(j) on X_S (a signed sum over the V
// columns, so not coordinate-wise), p̂(x) = c f(x) on X_N.
#pragma once

#include <cstdint>
#include <vector>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/losses/l2_loss.h"

namespace uldp {

/// c = (t+1)/(t-1); throws InvalidArgument when t = 1 (no report carries information).
Rational uhr_estimator_scale(const Rational& t);

/// p̂ from the report counts, exactly: counts[j] for the V columns, then counts[V + i] for the
/// i-th symbol of X_N (the order of `uldp mechanism uhr --format csv`); p̂(x) = c Σ_j
/// H[row(x)][j] counts[j] / n on the r-th sensitive symbol (row r + 1), c counts[V + i] / n on X_N.
/// Throws InvalidArgument on a wrong number of counts, n = 0 or t = 1.
std::vector<Rational> exact_empirical_estimate_uhr(const IndexSet& sensitive, const Rational& t,
                                                   const std::vector<std::uint64_t>& counts);

/// n E[l2^2] = sum_x S(x) p(x) - sum_x p(x)^2 with S(x) = E[||p̂_1||^2 | x]: one column report
/// gives p̂_1 = ±c on each of the v sensitive symbols (norm c² v), one X_N report c at itself
/// (norm c²); exact for every n, as an L2Quadratic.
L2Quadratic uhr_l2_quadratic(const IndexSet& sensitive, const PrivacyBudget& budget);

}  // namespace uldp
