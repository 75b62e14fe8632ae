// Empirical estimation with a significance threshold (Section 2.5 and
// Section 6.2, "emp+thr", following Wang et al. USENIX'17): keep p̂(x) only when it exceeds
// z_{1-α/k} · sd0(x), where sd0(x) is the standard deviation of p̂(x) under the null hypothesis
// p(x) = 0 (Bonferroni over the k one-sided tests); the remaining mass 1 - Σ kept is spread
// uniformly over the estimates below the threshold.
#pragma once

#include <cstdint>
#include <span>
#include <vector>

#include "uldp/estimate/params.h"
#include "uldp/estimate/reports.h"

namespace uldp::estimate {

/// The result: the estimate and which entries passed the test.
struct ThresholdEstimate {
  std::vector<double> p;
  std::vector<std::uint8_t> significant;  ///< 1 where the empirical estimate was kept
  double z = 0;                           ///< z_{1-α/k}, the one-sided Bonferroni quantile used
};

/// The standard normal quantile Φ^{-1}(q) for q in (0,1) (Acklam + one Halley step, ~1e-15).
double normal_quantile(double q);

/// Applies the rule to an empirical estimate given the null standard deviations sd0.
/// If the kept estimates sum to more than 1, the rest are set to 0 and the kept ones are
/// scaled to sum to 1; if nothing is kept, the estimate is uniform. α in (0,1).
ThresholdEstimate apply_significance_threshold(std::span<const double> empirical,
                                               std::span<const double> null_sd, double alpha);

/// uRR / RR: sd0 = sqrt(c2 (1-c2) / n) / (c1 - c2) on X_S, and 0 on X_N (a report x in X_N
/// proves p(x) > 0), so non-sensitive estimates are kept exactly when their count is positive.
ThresholdEstimate threshold_estimate_urr(const UrrParams& params,
                                         std::span<const std::uint64_t> counts,
                                         double alpha = 0.05);
/// RAPPOR / uRAP: sd0 = sqrt(off_j (1-off_j) / n) / (on_j - off_j).
ThresholdEstimate threshold_estimate_unary(const UnaryParams& params, const BitCounts& counts,
                                           double alpha = 0.05);
/// Any square invertible Q: p̂(x) = Σ_y m̂(y) A(y,x) with A = Q^{-1}; sd0(x)² =
/// (1/n) Σ_y m0(y) A(y,x)² with m0 = p0 Q, p0 = p̂ with p̂(x) replaced by 0 and renormalised
/// (coincides with the closed forms above for RR and uRR).
ThresholdEstimate threshold_estimate_dense(const DenseParams& params,
                                           std::span<const std::uint64_t> counts,
                                           double alpha = 0.05);

}  // namespace uldp::estimate
