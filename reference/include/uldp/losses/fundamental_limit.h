// The fundamental limit of ULDP distribution estimation (Yoon, Park, Nam, Lee, arXiv 2509.24173):
// the smallest worst-case n E||p̂ - p||² any ULDP mechanism and estimator can reach,
// M(w, v, t) = sup over α in [0,1] of inf over block-size weights λ of f(α, λ), certified as a
// rational interval from a witness (α̂, λ̂). Statement, objective and certificate: docs/utility.md,
// "The fundamental limit".
#pragma once

#include <cstddef>
#include <vector>

#include "uldp/arithmetic/rational.h"
#include "uldp/losses/interval.h"

namespace uldp {

/// One block size K of a uBD mixture and its weight λ_K.
struct BlockWeight {
  std::size_t block;
  Rational weight;
};

/// The objective's exact data: w = |X|, v = |X_S|, t = e^ε.
struct LimitSetting {
  std::size_t w;
  std::size_t v;
  Rational t;
};

/// Throws InvalidArgument unless 2 <= v < w and t > 1 (the objective is the reference code's,
/// which divides by v - 1 and by |X_N| = w - v).
void validate_limit_setting(const LimitSetting& setting);

/// f(α, λ) = (v-1)/J1 + (w-v-1)/J2 + 1/J3 (reference `compute_M_J.m`), exactly. α in [0, 1];
/// the weights positive, summing to 1, with 1 <= K <= v and some K < v (else J1 = 0).
Rational limit_objective(const LimitSetting& setting, const Rational& alpha,
                         const std::vector<BlockWeight>& weights);

/// A lower bound of inf over λ of f(α, λ) (hence of M): f(α, λ̂) minus the Frank-Wolfe gap
/// of λ̂, valid because f(α, ·) is convex on the simplex of weights over K = 1..v.
Rational limit_lower_bound(const LimitSetting& setting, const Rational& alpha,
                           const std::vector<BlockWeight>& weights);

/// An upper bound of sup over α of f(α, λ̂) (hence of M, since sup inf <= inf sup): the tangent
/// of the concave f(·, λ̂) at α̂, maximised over [0, 1].
Rational limit_upper_bound(const LimitSetting& setting, const Rational& alpha,
                           const std::vector<BlockWeight>& weights);

/// The certified limit and its witnesses.
struct FundamentalLimit {
  Interval value;           ///< [lower, upper] contains M(w, v, t)
  Rational sensitive_mass;  ///< α̂: the worst case puts mass α̂ on X_S, spread uniformly
  std::vector<BlockWeight> weights;  ///< λ̂: the optimal mixture of block sizes (ascending K)
  Rational objective;                ///< f(α̂, λ̂), inside `value`
};

/// Finds a near-saddle point (α̂, λ̂) numerically (long double; it proposes, never decides) and
/// certifies [limit_lower_bound, limit_upper_bound] exactly. At the paper's settings the relative
/// width is below 1e-12 (tests/losses/fundamental_limit_test.cc).
FundamentalLimit fundamental_limit(const LimitSetting& setting);

}  // namespace uldp
