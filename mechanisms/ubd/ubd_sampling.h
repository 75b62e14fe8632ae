// uBD with one block size K in double precision: its per-user sampler, empirical, thresholded and
// EM estimates, exploiting the structure (no C(v, K) x |X| matrix). Reports are |X|-bit vectors,
// as in the reference code: a block sets the bits of its K members, an X_N report its own bit.
#pragma once

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "uldp/arithmetic/index_set.h"
#include "uldp/arithmetic/privacy_budget.h"
#include "uldp/estimate/em.h"
#include "uldp/estimate/random.h"
#include "uldp/estimate/reports.h"
#include "uldp/estimate/threshold.h"

namespace uldp::estimate {

/// uBD's constants, each the double closest to its exact value (D = t + v/K - 1).
struct UbdParams {
  std::size_t k = 0;
  IndexSet sensitive;  ///< X_S, v = sensitive.size() >= 1
  std::size_t block = 1;
  double t = 1;
  double keep_in_block = 1;  ///< a sensitive x reports a block containing it: t/D
  double reports_self = 0;   ///< a non-sensitive x reports itself: (t-1)/D
  /// The empirical estimator (mechanisms/ubd/ubd_estimator.h); absent, with the
  /// reason, when K = |X_S| or t = 1.
  std::optional<std::string> not_estimable;
  double gain = 1, offset = 0, spill = 0, open_gain = 1;
};

/// From the exact budget; throws InvalidArgument unless X_S is non-empty and 1 <= K <= |X_S|.
UbdParams ubd_params(const IndexSet& sensitive, std::size_t block, const PrivacyBudget& budget);

/// Per user: the report of each input (Floyd's uniform subset sampling, O(K) per user).
BitReports sample_reports(Xoshiro256& rng, const UbdParams& params,
                          std::span<const std::uint32_t> inputs);

/// p̂(x) = (f(x) + spill F_N)/gain - offset on X_S, f(x)/open_gain on X_N (unbiased).
std::vector<double> empirical_estimate_ubd(const UbdParams& params, const BitCounts& counts);
/// The empirical estimate thresholded at level alpha. Null sd on X_S: the plug-in standard
/// deviation of f(x) + spill F_N with p(x) = 0 and p(X_N) = F_N/open_gain, over gain; 0 on X_N
/// (a report o proves p(o) > 0), as for uRR.
ThresholdEstimate threshold_estimate_ubd(const UbdParams& params, const BitCounts& counts,
                                         double alpha);
/// EM on the reports: a block B has likelihood c (1 + (t-1) p(B)), an X_N report o has
/// (t-1)/D p(o); O(set bits) per update, SQUAREM steps unless the accelerator is kNone.
/// Starts from the thresholded estimate when estimable, else uniform.
EmResult em_estimate_ubd(const UbdParams& params, const BitReports& reports,
                         const EmOptions& options);

}  // namespace uldp::estimate
