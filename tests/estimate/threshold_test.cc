// Empirical estimation with the Bonferroni significance threshold.
#include "uldp/estimate/threshold.h"

#include <cmath>
#include <numeric>
#include <vector>

#include <gtest/gtest.h>

#include "uldp/error.h"
#include "uldp/estimate/empirical.h"

namespace uldp::estimate {
namespace {

TEST(NormalQuantile, MatchesReferenceValues) {
  // Reference values of Φ^{-1} (17 significant digits).
  EXPECT_NEAR(normal_quantile(0.975), 1.959963984540054, 1e-13);
  EXPECT_NEAR(normal_quantile(0.5), 0.0, 1e-15);
  EXPECT_NEAR(normal_quantile(0.001), -3.090232306167813, 1e-12);
  EXPECT_NEAR(normal_quantile(1e-6), -4.753424308822899, 1e-11);
  EXPECT_NEAR(normal_quantile(0.3), -0.5244005127080407, 1e-13);
  EXPECT_THROW(normal_quantile(0.0), InvalidArgument);
  EXPECT_THROW(normal_quantile(1.0), InvalidArgument);
}

TEST(ApplyThreshold, SpreadsTheRemainingMassUniformly) {
  const std::vector<double> p = {0.5, 0.02, 0.3, -0.05, 0.23};
  const std::vector<double> sd = {0.01, 0.01, 0.01, 0.01, 0.01};
  const ThresholdEstimate r = apply_significance_threshold(p, sd, 0.05);
  // z_{1-0.01} = 2.326; threshold 0.0233: keep 0.5, 0.3, 0.23 (sum 1.03 > 1): renormalise.
  EXPECT_NEAR(r.z, 2.3263478740408408, 1e-12);
  EXPECT_EQ(r.significant, (std::vector<std::uint8_t>{1, 0, 1, 0, 1}));
  EXPECT_NEAR(r.p[0], 0.5 / 1.03, 1e-15);
  EXPECT_EQ(r.p[1], 0.0);
  EXPECT_EQ(r.p[3], 0.0);
  const std::vector<double> q = {0.5, 0.02, 0.3, -0.05, 0.1};
  const ThresholdEstimate s = apply_significance_threshold(q, sd, 0.05);
  // Kept 0.5 + 0.3 + 0.1 = 0.9; the remaining 0.1 shared by two entries.
  EXPECT_NEAR(s.p[1], 0.05, 1e-15);
  EXPECT_NEAR(s.p[3], 0.05, 1e-15);
  EXPECT_NEAR(std::accumulate(s.p.begin(), s.p.end(), 0.0), 1.0, 1e-15);
}

TEST(ApplyThreshold, NothingSignificantIsUniform) {
  const std::vector<double> p = {0.001, -0.002, 0.0};
  const std::vector<double> sd = {1, 1, 1};
  const ThresholdEstimate r = apply_significance_threshold(p, sd, 0.05);
  for (double v : r.p) EXPECT_NEAR(v, 1.0 / 3, 1e-15);
  EXPECT_THROW(apply_significance_threshold(p, sd, 0.0), InvalidArgument);
}

TEST(ThresholdUrr, NonSensitiveCountsAreAlwaysSignificant) {
  const UrrParams params = urr_params_from_t(IndexSet::from_indices({0, 1, 2}, 5, "X_S"), 2.0);
  const std::vector<std::uint64_t> counts = {30, 31, 29, 1, 0};
  const ThresholdEstimate r = threshold_estimate_urr(params, counts);
  EXPECT_EQ(r.significant[3], 1);  // one report of a non-sensitive symbol proves p(x) > 0
  EXPECT_EQ(r.significant[4], 0);
  EXPECT_NEAR(std::accumulate(r.p.begin(), r.p.end(), 0.0), 1.0, 1e-12);
  for (double v : r.p) EXPECT_GE(v, 0.0);
}

TEST(ThresholdDense, CoincidesWithTheUrrClosedForm) {
  const UrrParams params = urr_params_from_t(IndexSet::from_indices({0, 2, 3}, 6, "X_S"), 3.0);
  const std::vector<std::uint64_t> counts = {120, 40, 300, 95, 0, 60};
  const ThresholdEstimate closed = threshold_estimate_urr(params, counts);
  const ThresholdEstimate dense = threshold_estimate_dense(dense_params(params), counts);
  EXPECT_EQ(closed.significant, dense.significant);
  for (std::size_t x = 0; x < 6; ++x) EXPECT_NEAR(closed.p[x], dense.p[x], 1e-12);
}

TEST(ThresholdUnary, KeepsStrongBitsAndSumsToOne) {
  UnaryParams params;
  params.k = 4;
  params.on = {0.75, 0.75, 0.75, 0.5};
  params.off = {0.25, 0.25, 0.25, 0.0};
  BitCounts counts;
  counts.n = 1000;
  counts.ones = {600, 260, 240, 100};  // p̂ = 0.7, 0.02, -0.02, 0.2
  const ThresholdEstimate r = threshold_estimate_unary(params, counts);
  EXPECT_EQ(r.significant, (std::vector<std::uint8_t>{1, 0, 0, 1}));
  EXPECT_NEAR(r.p[1], 0.05, 1e-12);
  EXPECT_NEAR(std::accumulate(r.p.begin(), r.p.end(), 0.0), 1.0, 1e-12);
}

}  // namespace
}  // namespace uldp::estimate
