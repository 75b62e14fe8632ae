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

MetricBudget grid(GridMetric metric, PrivacyBudget per_unit, std::size_t width = 2) {
  return {GridDistance{width, 4 / width, metric}, std::move(per_unit)};
}

// The Manhattan distances of the 2 x 2 grid as a given matrix, with entries replaced where asked.
DistanceMatrix manhattan_matrix() {
  DistanceMatrix d(4, std::vector<std::optional<Rational>>(4));
  for (long x = 0; x < 4; ++x) {
    for (long y = 0; y < 4; ++y)
      d[x][y] = Rational(std::labs(x % 2 - y % 2) + std::labs(x / 2 - y / 2));
  }
  return d;
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

TEST(MetricPrivacy, TheGridMustFit) {
  const PairLossMatrix losses = geometric_losses();
  EXPECT_THROW(check_metric_privacy(losses, grid(GridMetric::kManhattan,
                                                 PrivacyBudget::from_exp_eps(Rational(2)), 3)),
               InvalidArgument);
  EXPECT_EQ(parse_grid_metric("euclidean", "--metric"), GridMetric::kEuclidean);
  EXPECT_THROW(parse_grid_metric("chebyshev", "--metric"), InvalidArgument);
}

// Issue 53: Euclidean distances with t per unit were refused ("t^sqrt(s) has no certified
// comparison"); t^sqrt(s) = e^(sqrt(s) ln t) is decided through certified bounds on sqrt(s) and
// ln t. The diagonal's L = 4 against t^sqrt(2): (8/3)^sqrt(2) = 4.0032 admits it, 2.66^sqrt(2) =
// 3.9891 does not, and t^sqrt(2) = 4 exactly at t = 4^(1/sqrt 2) = 2.66514414..., irrational:
// t = 26651441/10^7 (3.99999991) fails and 26651442/10^7 (4.00000012) holds.
TEST(MetricPrivacy, EuclideanWithTPerUnitIsDecidedExactly) {
  const PairLossMatrix losses = geometric_losses();
  const auto euclidean_at = [&](Rational t) {
    return check_metric_privacy(losses,
                                grid(GridMetric::kEuclidean, PrivacyBudget::from_exp_eps(t)));
  };
  EXPECT_TRUE(euclidean_at(Rational(8, 3)).holds);
  const PairBoundVerdict short_of_it = euclidean_at(Rational(266, 100));
  ASSERT_FALSE(short_of_it.holds);
  EXPECT_EQ(short_of_it.violation->x, 0u);
  EXPECT_EQ(short_of_it.violation->x_prime, 3u);
  EXPECT_EQ(short_of_it.violation->bound, "(133/50)^sqrt(2)");
  EXPECT_FALSE(euclidean_at(Rational(26651441, 10000000)).holds);
  EXPECT_TRUE(euclidean_at(Rational(26651442, 10000000)).holds);
  // Adjacent cells are at distance sqrt(1) = 1, a whole power: L = 2 = t exactly at t = 2, and
  // the diagonal fails there; at t = 1 only L <= 1 would do.
  const PairBoundVerdict two = euclidean_at(Rational(2));
  ASSERT_FALSE(two.holds);
  EXPECT_EQ(two.violation->x_prime, 3u);
  EXPECT_FALSE(euclidean_at(Rational(1)).holds);
}

// With a tolerance T every pair is also tried against its bound times 1 + T: a loss 4 (1 + 1e-16)
// over t^d = 4 fails exactly and is accepted at T = 1e-8, not at T = 1e-19 (issue 53: --tolerance
// relaxed ULDP ratios but no metric-LDP ratio).
TEST(MetricPrivacy, ATolerancePassesPairsWithinTheBoundTimesOnePlusT) {
  const Rational excess = Rational(1) + Rational(1, 10000000000000000L);  // 1 + 1e-16
  // Two inputs on a 2 x 1 grid at t = 4 per unit: rows (a, 1 - a) and (1 - a, a), L = a / (1 - a).
  // a = 4 excess / (1 + 4 excess) gives L = 4 excess exactly.
  const Rational a = 4 * excess / (1 + 4 * excess);
  const DenseMechanism m(2, DenseMechanism::index_labels(2), {a, 1 - a, 1 - a, a});
  const PairLossMatrix losses = pair_losses(m, std::nullopt);
  const MetricBudget budget{GridDistance{2, 1, GridMetric::kManhattan},
                            PrivacyBudget::from_exp_eps(Rational(4))};
  const PairBoundVerdict exact = check_metric_privacy(losses, budget);
  EXPECT_FALSE(exact.holds);
  EXPECT_FALSE(exact.accepted());
  const PairBoundVerdict tolerated =
      check_metric_privacy(losses, budget, Rational(1, 100000000));  // 1e-8
  EXPECT_FALSE(tolerated.holds);                                     // the exact verdict stays
  EXPECT_TRUE(tolerated.accepted());
  EXPECT_EQ(tolerated.within_tolerance, 2u);
  EXPECT_FALSE(tolerated.beyond_tolerance);
  const PairBoundVerdict too_tight = check_metric_privacy(
      losses, budget, Rational(Integer(1), Integer(10) * Integer(1000000000000000000L)));
  EXPECT_FALSE(too_tight.accepted());
  ASSERT_TRUE(too_tight.beyond_tolerance);
  EXPECT_EQ(too_tight.beyond_tolerance->x, 0u);
  EXPECT_EQ(too_tight.within_tolerance, 0u);
  // The Euclidean bound with eps per unit, relaxed the same way by its own certified rule.
  const MetricBudget by_eps{GridDistance{2, 1, GridMetric::kEuclidean},
                            PrivacyBudget::from_epsilon(Rational(1386294361, 1000000000))};
  EXPECT_EQ(check_metric_privacy(losses, by_eps).holds, false);  // e^1.386294361 < 4
  EXPECT_TRUE(check_metric_privacy(losses, by_eps, Rational(1, 100000000)).accepted());
}

// A given distance matrix decides as the grid does when it holds the grid's distances, at every
// budget per unit the tests above use.
TEST(MetricPrivacy, AGivenMatrixOfTheGridsDistancesDecidesAsTheGrid) {
  const PairLossMatrix losses = geometric_losses();
  for (const PrivacyBudget& per_unit :
       {PrivacyBudget::from_epsilon(Rational(7, 10)), PrivacyBudget::from_epsilon(Rational(2, 3)),
        PrivacyBudget::from_exp_eps(Rational(2)), PrivacyBudget::from_exp_eps(Rational(3, 2))}) {
    const PairBoundVerdict on_grid =
        check_metric_privacy(losses, grid(GridMetric::kManhattan, per_unit));
    const PairBoundVerdict given = check_metric_privacy(losses, {manhattan_matrix(), per_unit});
    EXPECT_EQ(given.holds, on_grid.holds) << per_unit.describe();
    EXPECT_EQ(given.violation.has_value(), on_grid.violation.has_value());
    if (given.violation) {
      EXPECT_EQ(given.violation->x, on_grid.violation->x);
      EXPECT_EQ(given.violation->x_prime, on_grid.violation->x_prime);
    }
    EXPECT_DOUBLE_EQ(given.tightest->loss_share, on_grid.tightest->loss_share);
  }
}

// A rational distance p/q with t per unit is compared as L^q <= t^p: L(0, 3) = 4 is exactly
// 16^(1/2) and exceeds every t below 16; inf distances bound nothing.
TEST(MetricPrivacy, RationalDistancesWithTPerUnitAreExactAndInfBoundsNothing) {
  const PairLossMatrix losses = geometric_losses();
  DistanceMatrix d = manhattan_matrix();
  for (auto& row : d) {
    for (auto& e : row) e = *e / 4;  // d(0, 3) = 1/2, the adjacent cells 1/4
  }
  // L(0, 1) = 2 = 16^(1/4): every pair exactly at its bound.
  const PairBoundVerdict exact =
      check_metric_privacy(losses, {d, PrivacyBudget::from_exp_eps(Rational(16))});
  EXPECT_TRUE(exact.holds);
  EXPECT_DOUBLE_EQ(exact.tightest->loss_share, 1.0);
  const Rational just_below = Rational(16) - Rational(Integer(1), Integer(1) << 100);
  const PairBoundVerdict below =
      check_metric_privacy(losses, {d, PrivacyBudget::from_exp_eps(just_below)});
  ASSERT_FALSE(below.holds);
  EXPECT_EQ(below.violation->x, 0u);
  EXPECT_EQ(below.violation->x_prime, 1u);
  EXPECT_NE(below.violation->bound.find("^(1/4)"), std::string::npos) << below.violation->bound;
  // Cut every pair but (0, 1) and (1, 0) off (infinitely far): only they are bounded.
  for (std::size_t x = 0; x < 4; ++x) {
    for (std::size_t y = 0; y < 4; ++y) {
      if (x != y && x + y != 1) d[x][y] = std::nullopt;
    }
  }
  const PairBoundVerdict two =
      check_metric_privacy(losses, {d, PrivacyBudget::from_exp_eps(Rational(15))});
  ASSERT_FALSE(two.holds);  // 2 > 15^(1/4) = 1.97
  EXPECT_EQ(two.violation->x, 0u);
  EXPECT_EQ(two.violation->x_prime, 1u);
  d[0][1] = d[1][0] = std::nullopt;
  EXPECT_TRUE(check_metric_privacy(losses, {d, PrivacyBudget::from_exp_eps(Rational(1))}).holds);
}

TEST(MetricPrivacy, AGivenMatrixMustBeKByKAndNotTooFineForT) {
  const PairLossMatrix losses = geometric_losses();
  DistanceMatrix small(3, std::vector<std::optional<Rational>>(3, Rational(0)));
  EXPECT_THROW(check_metric_privacy(losses, {small, PrivacyBudget::from_exp_eps(Rational(2))}),
               InvalidArgument);
  DistanceMatrix fine = manhattan_matrix();
  fine[0][1] = fine[1][0] = Rational(1, 1001);
  EXPECT_THROW(check_metric_privacy(losses, {fine, PrivacyBudget::from_exp_eps(Rational(2))}),
               InvalidArgument);
  EXPECT_NO_THROW(check_metric_privacy(losses, {fine, PrivacyBudget::from_epsilon(Rational(1))}));
}

// Cost: a distance of 10^60 with eps per unit is admitted without computing e^(10^60) (L < 2^m
// <= e^m); t per unit whose powers would pass 2^20 bits is refused, not computed for minutes.
TEST(MetricPrivacy, FarDistancesAreCheapAndHugePowersAreRefused) {
  const PairLossMatrix losses = geometric_losses();
  DistanceMatrix far = manhattan_matrix();
  for (auto& row : far) {
    for (auto& e : row)
      e = *e * Rational(Integer("1000000000000000000000000000000000000000000000000000000000000"));
  }
  EXPECT_TRUE(check_metric_privacy(losses, {far, PrivacyBudget::from_epsilon(Rational(1))}).holds);
  DistanceMatrix long_way = manhattan_matrix();
  long_way[0][1] = long_way[1][0] = Rational(9999);
  const Rational fine_t =
      Rational(Integer("1" + std::string(200, '0')), Integer("1" + std::string(200, '0')) - 1);
  EXPECT_THROW(check_metric_privacy(losses, {long_way, PrivacyBudget::from_exp_eps(fine_t)}),
               InvalidArgument);
  DistanceMatrix negative = manhattan_matrix();
  negative[0][1] = Rational(-1);
  EXPECT_THROW(check_metric_privacy(losses, {negative, PrivacyBudget::from_epsilon(Rational(1))}),
               InvalidArgument);
}

}  // namespace
}  // namespace uldp
