// The θ of uRAP that minimises its worst-case loss (the paper leaves it open, Section 4.3: "We
// leave finding the optimal θ for our uRAP as future work"), certified: an interval of width
// <= 2^-42 that provably contains the minimiser, with the loss there beside the paper's
// θ = e^{ε/2}/(e^{ε/2}+1). The worst case does not depend on n (it scales as 1/n), nor on which
// symbols are sensitive (only on |X|, |X_S| and t = e^ε). Derivation: docs/utility.md.
#pragma once

#include <cstddef>

#include "uldp/arithmetic/rational.h"
#include "uldp/losses/interval.h"

namespace uldp {

/// Width bound of every bracket: 2^-42 < 1e-12.
inline constexpr unsigned kOptimalThetaBits = 42;

/// Which worst-case loss θ minimises.
enum class ThetaObjective {
  kL2,  ///< worst-case E[l2^2] (exact)
  kL1,  ///< worst-case asymptotic E[l1] (certified)
};

/// A certified minimiser.
struct OptimalTheta {
  Interval bracket;  ///< contains the minimiser; width <= 2^-kOptimalThetaBits
  Rational theta;    ///< a dyadic rational inside the bracket (the mechanism's θ)
  /// l2 only: whether the worst case at θ* is p uniform on X_N, where θ* is exactly
  /// 1 + r - sqrt(r (r+1)) with r = |X_S|/(t-1).
  bool closed_form = false;
  /// l1 only: whether uniqueness is proven (l2: always, docs/utility.md); for l1 the bracket
  /// holds a sign change - to + of the derivative and a 64-point grid of certified derivative
  /// signs has only that one change.
  bool unique_proven = false;
};

/// θ* for uRAP over k symbols with |X_S| = sensitive_count, budget t > 1. Throws
/// InvalidArgument for t <= 1, k = 0 or sensitive_count > k. |X_S| = 0 gives θ* = 1 exactly.
OptimalTheta optimal_urap_theta(std::size_t k, std::size_t sensitive_count, const Rational& t,
                                ThetaObjective objective);

/// n E[l2^2] of uRAP in the worst case over p, in closed form from |X|, |X_S|, t and θ in (0,1)
/// (the mass w on X_S spread uniformly, w clipped to [0,1]).
Rational urap_worst_case_l2_times_n(std::size_t k, std::size_t sensitive_count, const Rational& t,
                                    const Rational& theta);

/// 1 + r - sqrt(r (r+1)), r = |X_S|/(t-1), certified to `bits` bits: θ* when the worst case is
/// p uniform on X_N.
Interval urap_closed_form_theta(std::size_t sensitive_count, const Rational& t, unsigned bits);

}  // namespace uldp
