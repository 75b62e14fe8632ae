// Metric LDP on a 2 x 2 grid with the geometric (exponential-in-Manhattan-distance) mechanism
// Q(y|x) = 2^{-d(x, y)} / (1 + 1/2 + 1/2 + 1/4), whose loss is L(x, x') = 2^{d(x, x')} (attained at
// y = x): it passes Manhattan metric LDP at ε = 0.7 per unit and fails the Euclidean one at the
// diagonal (4 > e^{0.7 sqrt 2} = 2.69), decided exactly; t per unit works for Manhattan.
#include "uldp/forms/metric_privacy.h"

#include <gtest/gtest.h>

#include "uldp/error.h"

namespace uldp {
namespace {

// Cells x = row * 2 + column; d = Manhattan distance.
PairLossMatrix geometric_losses() {
  std::vector<Rational> q;
  for (long x = 0; x < 4; ++x) {
    for (long y = 0; y < 4; ++y) {
      const long d = std::labs(x % 2 - y % 2) + std::labs(x / 2 - y / 2);
      q.push_back(Rational(4, 9) / Rational(1L << d));  // 2^-d / (9/4)
    }
  }
  return pair_losses(DenseMechanism(4, DenseMechanism::index_labels(4), q), std::nullopt);
}

GridMetricBudget grid(GridMetric metric, PrivacyBudget per_unit) {
  GridMetricBudget b;
  b.width = 2;
  b.height = 2;
  b.metric = metric;
  b.per_unit = std::move(per_unit);
  return b;
}

TEST(MetricPrivacy, PassesManhattanAndFailsEuclideanAtTheDiagonal) {
  const PairLossMatrix losses = geometric_losses();
  ASSERT_EQ(losses.at(0, 3).ratio, ExtendedRational(Rational(4)));
  ASSERT_EQ(losses.at(0, 1).ratio, ExtendedRational(Rational(2)));
  const PrivacyBudget eps = PrivacyBudget::from_epsilon(Rational(7, 10));
  const PairBoundVerdict manhattan =
      check_metric_privacy(losses, grid(GridMetric::kManhattan, eps));
  EXPECT_TRUE(manhattan.holds);
  const PairBoundVerdict euclidean =
      check_metric_privacy(losses, grid(GridMetric::kEuclidean, eps));
  ASSERT_FALSE(euclidean.holds);
  EXPECT_EQ(euclidean.violation->x, 0u);
  EXPECT_EQ(euclidean.violation->x_prime, 3u);  // the diagonal
  EXPECT_EQ(euclidean.violation->bound, "e^(0.7 * sqrt(2))");
  // Adjacent cells are within it: e^0.7 = 2.01 >= 2 (a square distance, decided exactly).
  EXPECT_EQ(euclidean.violation->loss.output, "0");
  // At 0.99 per unit the diagonal's e^{0.99 sqrt 2} = 4.05 admits 4; at 0.98, 3.99 does not.
  EXPECT_TRUE(check_metric_privacy(losses, grid(GridMetric::kEuclidean,
                                                PrivacyBudget::from_epsilon(Rational(99, 100))))
                  .holds);
  EXPECT_FALSE(check_metric_privacy(losses, grid(GridMetric::kEuclidean,
                                                 PrivacyBudget::from_epsilon(Rational(98, 100))))
                   .holds);
}

TEST(MetricPrivacy, ManhattanWithTPerUnitIsExact) {
  const PairLossMatrix losses = geometric_losses();
  const PairBoundVerdict exact = check_metric_privacy(
      losses, grid(GridMetric::kManhattan, PrivacyBudget::from_exp_eps(Rational(2))));
  EXPECT_TRUE(exact.holds);  // L = 2^d = t^d exactly
  EXPECT_DOUBLE_EQ(exact.tightest->loss_share, 1.0);
  const PairBoundVerdict short_of_it = check_metric_privacy(
      losses, grid(GridMetric::kManhattan, PrivacyBudget::from_exp_eps(Rational(3, 2))));
  ASSERT_FALSE(short_of_it.holds);
  EXPECT_EQ(short_of_it.violation->bound, "3/2^1");
}

TEST(MetricPrivacy, TheGridMustFitAndEuclideanNeedsEps) {
  const PairLossMatrix losses = geometric_losses();
  GridMetricBudget wrong = grid(GridMetric::kManhattan, PrivacyBudget::from_exp_eps(Rational(2)));
  wrong.width = 3;
  EXPECT_THROW(check_metric_privacy(losses, wrong), InvalidArgument);
  EXPECT_THROW(check_metric_privacy(
                   losses, grid(GridMetric::kEuclidean, PrivacyBudget::from_exp_eps(Rational(2)))),
               InvalidArgument);
  EXPECT_EQ(parse_grid_metric("euclidean", "--metric"), GridMetric::kEuclidean);
  EXPECT_THROW(parse_grid_metric("chebyshev", "--metric"), InvalidArgument);
}

}  // namespace
}  // namespace uldp
