// The l1 loss decomposition of the personalized ULDP mechanism (Theorem 1):
// with p̂(x) = r̂(x) + sum_k r̂(⊥_k) π̂_k(x) (eq. (21)),
//   l1(p̂, p) <= l1(r̂, r) + sum_k |r̂(⊥_k)| l1(π̂_k, π_k).
// The paper writes r̂(⊥_k) without the absolute value, which fails when an (unclipped) empirical
// estimate r̂(⊥_k) is negative (docs/errata-utility.md); with |r̂(⊥_k)| the bound always holds.
#pragma once

#include <vector>

#include "uldp/arithmetic/rational.h"

namespace uldp {

/// r over Z = X ∪ {⊥_1..⊥_κ}: entries 0..|X|-1 are X, then the κ bots in order.
struct PumLossTerms {
  Rational intermediate;      ///< l1(r̂, r)
  Rational background;        ///< sum_k |r̂(⊥_k)| l1(π̂_k, π_k)
  Rational bound;             ///< intermediate + background
  Rational background_worst;  ///< 2 sum_k |r̂(⊥_k)|: the second term without knowing π_k
};

/// eq. (21): p̂ over X from r̂ over Z and the κ background distributions π̂_k over X.
/// Throws InvalidArgument naming the argument on size mismatches.
std::vector<Rational> pum_estimate(const std::vector<Rational>& r_hat,
                                   const std::vector<std::vector<Rational>>& pi_hat);

/// The decomposition bound from the estimates and the true r and π_k (same layout).
PumLossTerms pum_l1_bound(const std::vector<Rational>& r_hat, const std::vector<Rational>& r,
                          const std::vector<std::vector<Rational>>& pi_hat,
                          const std::vector<std::vector<Rational>>& pi);

/// The part the data collector can compute without the truth: 2 sum_k |r̂(⊥_k)|, for κ bots.
Rational pum_background_worst(const std::vector<Rational>& r_hat, std::size_t kappa);

/// sum_x |a_x - b_x|; throws InvalidArgument on a size mismatch.
Rational l1_distance(const std::vector<Rational>& a, const std::vector<Rational>& b);

}  // namespace uldp
