// The uBD mixture (`ubd-opt`) in double precision: per-user sampler (each user draws K, then
// single-K uBD), the unbiased linear estimate (mechanisms/ubd_opt/ubd_opt_estimator.h), its
// thresholded form and EM. Reports are |X|-bit vectors; a report's block size is its bit count,
// so the estimates need one report per line (per-bit counts mix the block sizes).
#pragma once

#include <cstddef>
#include <span>
#include <vector>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/estimate/em.h"
#include "uldp/estimate/random.h"
#include "uldp/estimate/reports.h"
#include "uldp/estimate/threshold.h"
#include "uldp/losses/fundamental_limit.h"
#include "uldp/mechanisms/ubd/ubd_sampling.h"

namespace uldp::estimate {

/// One block size of the mixture: its weight, its single-K sampler and the estimate p̂₁(B) of a
/// block of that size (each double the closest to its exact value).
struct UbdOptComponent {
  double weight = 0;
  UbdParams single;
  double member = 0, other_sensitive = 0, open = 0;
};

/// The mixture's model: components in ascending K and the estimate p̂₁(o) of an X_N report o.
struct UbdOptParams {
  std::size_t k = 0;
  IndexSet sensitive;
  double t = 1;
  std::vector<UbdOptComponent> components;
  double open_sensitive = 0, open_self = 0, open_other = 0;
};

/// From the exact weights and α (throws InvalidArgument as ubd_opt_estimator does).
UbdOptParams ubd_opt_params(const IndexSet& sensitive, const std::vector<BlockWeight>& weights,
                            const Rational& alpha, const PrivacyBudget& budget);

/// Per user: K drawn with the weights, then the single-K report.
BitReports sample_reports(Xoshiro256& rng, const UbdOptParams& params,
                          std::span<const std::uint32_t> inputs);

/// The mean of the single-report estimates p̂₁ (unbiased; not normalised).
std::vector<double> empirical_estimate_ubd_opt(const UbdOptParams& params,
                                               const BitReports& reports);
/// The empirical estimate thresholded at level alpha with the plug-in standard error of each
/// coordinate (the sample standard deviation of p̂₁(y_i)(x) over sqrt(n)).
ThresholdEstimate threshold_estimate_ubd_opt(const UbdOptParams& params, const BitReports& reports,
                                             double alpha);
/// EM: a block B of size K has likelihood λ_K c_K (1 + (t-1) p(B)), an X_N report o has
/// Σ_K λ_K (t-1)/D_K p(o); SQUAREM steps unless the accelerator is kNone.
EmResult em_estimate_ubd_opt(const UbdOptParams& params, const BitReports& reports,
                             const EmOptions& options);

}  // namespace uldp::estimate
