// The unbiased linear estimator of the uBD mixture (`ubd-opt`) and its exact l2 loss. For α̂ < 1
// it is the reference decoder's score-based estimator (decode_opt_ULDP.m, decode_mixture) centred
// at P_α̂ (mass α̂ spread on X_S, 1 - α̂ on X_N) with its information coefficients J1, J2, J3
// computed exactly, and without its final clipping and normalisation (which break unbiasedness);
// for α̂ = 1 (then one K) it is the single-K estimator (ubd/ubd_estimator.h), as in the
// reference's decode_single. Derivation: docs/mechanisms-after-the-paper.md.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/arithmetic/rational.h"
#include "uldp/losses/fundamental_limit.h"
#include "uldp/losses/l2_loss.h"

namespace uldp {

/// p̂₁(B) for a reported block B of size `block`: its value on the members of B, on the other
/// sensitive symbols, and on every non-sensitive symbol.
struct BlockReportEstimate {
  std::size_t block = 1;
  Rational member, other_sensitive, open;
};

/// p̂₁(o) for a reported non-sensitive symbol o: on every sensitive symbol, at o, on X_N \ {o}.
struct OpenReportEstimate {
  Rational sensitive, self, other_open;
};

/// p̂ = the mean of p̂₁ over the n reports; E[p̂₁(Y) | x] = e_x exactly for every input x.
struct UbdOptEstimator {
  std::vector<BlockReportEstimate> blocks;  ///< one per K of the mixture, ascending
  OpenReportEstimate open;
};

/// The estimator for w = |X|, v = |X_S|, t = e^ε, the weights and α. Throws InvalidArgument unless
/// 2 <= v < w, t > 1, the weights are valid, α in [0, 1], some K < v, and (α = 1) one K.
UbdOptEstimator ubd_opt_estimator(std::size_t w, std::size_t v, const Rational& t,
                                  const std::vector<BlockWeight>& weights, const Rational& alpha);

/// The reports of the mixture, tallied (what the mean of p̂₁ depends on): per block size of the
/// mixture (the estimator's order), the number of reported blocks and, per symbol, how many of
/// them contain it; per symbol of X_N, how often it was reported.
struct UbdOptReportTally {
  std::vector<std::uint64_t> blocks;
  std::vector<std::vector<std::uint64_t>> members;  ///< [component][x]
  std::vector<std::uint64_t> open;                  ///< [x], zero on X_S
};

/// p̂ = the mean of p̂₁ over the tallied reports, exactly. Throws InvalidArgument when the
/// tally's sizes do not fit the estimator or k, or it holds no report.
std::vector<Rational> exact_empirical_estimate_ubd_opt(const IndexSet& sensitive,
                                                       const UbdOptEstimator& e,
                                                       const UbdOptReportTally& tally);

/// n E[l2^2] = Σ_x S(x) p(x) - Σ_x p(x)^2, S(x) = E[||p̂₁||^2 | x], exact for every n.
L2Quadratic ubd_opt_l2_quadratic(const IndexSet& sensitive, const std::vector<BlockWeight>& weights,
                                 const Rational& alpha, const PrivacyBudget& budget);

}  // namespace uldp
