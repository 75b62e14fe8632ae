// uHR in double precision: its per-user sampler, empirical (a fast Walsh-Hadamard transform of
// the column counts, O(V log V)), thresholded and EM estimates. Reports are output indices: the
// columns 0..V-1 of the Hadamard matrix, then V + i for the i-th smallest symbol of X_N (the
// order of the exact form's dense expansion).
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
#include "uldp/estimate/params.h"
#include "uldp/estimate/random.h"
#include "uldp/estimate/threshold.h"

namespace uldp::estimate {

/// uHR's constants, each the double closest to its exact value.
struct UhrParams {
  std::size_t k = 0;
  IndexSet sensitive;       ///< X_S, v = sensitive.size() >= 1
  std::size_t columns = 2;  ///< V, the smallest power of 2 > v
  double t = 1;
  double keep_plus = 1;     ///< a sensitive x reports a +1 column of its row: t/(t+1)
  double reports_self = 0;  ///< a non-sensitive x reports itself: (t-1)/(t+1)
  /// The estimator scale c = (t+1)/(t-1); absent, with the reason, when t = 1.
  std::optional<std::string> not_estimable;
  double scale = 1;
  /// The number of distinct reports, V + |X_N|.
  std::size_t outputs() const { return columns + (k - sensitive.size()); }
};

/// From the exact budget; throws InvalidArgument unless X_S is non-empty.
UhrParams uhr_params(const IndexSet& sensitive, const PrivacyBudget& budget);

/// Per user: the report of each input (O(1) per user).
std::vector<std::uint32_t> sample_reports(Xoshiro256& rng, const UhrParams& params,
                                          std::span<const std::uint32_t> inputs);

/// p̂(x) = c sum_j H[row(x)][j] f(j) on X_S, c f(V + i) on the i-th symbol of X_N (unbiased);
/// `counts` has params.outputs() entries.
std::vector<double> empirical_estimate_uhr(const UhrParams& params,
                                           std::span<const std::uint64_t> counts);
/// Thresholded at level alpha. Null sd on X_S: the single-report estimate is ±c on a column
/// report and 0 otherwise, so sd = c sqrt(F_P / n) with F_P the fraction of column reports;
/// 0 on X_N (a report o proves p(o) > 0), as for uRR.
ThresholdEstimate threshold_estimate_uhr(const UhrParams& params,
                                         std::span<const std::uint64_t> counts, double alpha);
/// The largest k x (V + |X_N|) for EM, which runs on the dense matrix.
inline constexpr std::size_t kMaxHadamardEmEntries = std::size_t{1} << 22;
/// EM on the dense matrix (starting from the thresholded estimate when estimable); throws
/// InvalidArgument in one line when k x (V + |X_N|) exceeds kMaxHadamardEmEntries.
EmResult em_estimate_uhr(const UhrParams& params, std::span<const std::uint64_t> counts,
                         const EmOptions& options);
/// The dense matrix of uHR in doubles (tests; EM).
DenseParams dense_params(const UhrParams& params);

}  // namespace uldp::estimate
