// The truncated geometric grid mechanism against direct exact computation: its axis channel is a
// mechanism with the stated tridiagonal inverse, every pair of cells has the tight loss t^d with d
// their Manhattan distance (so it is metric LDP at t per unit and no less), it fails Euclidean
// geo-indistinguishability at a diagonal pair, the renormalised exponential mechanism that
// libraries often ship instead breaks t per unit, and its exact l2 loss is that of a direct
// inversion.
#include "uldp/mechanisms/geometric/geometric.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <string>
#include <vector>

#include "uldp/error.h"
#include "uldp/forms/metric_privacy.h"
#include "uldp/forms/pair_loss.h"
#include "uldp/losses/direct_loss.h"
#include "uldp/losses/l2_loss.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

MechanismSpec grid_spec(std::size_t width, std::size_t height, const PrivacyBudget& per_unit) {
  MechanismArguments a;
  a.values.set(kGridParameter, std::optional<GridShape>(std::pair{width, height}));
  a.values.set(kBudgetPerUnitParameter, std::optional<PrivacyBudget>(per_unit));
  return make_mechanism(find_mechanism("geometric"), a);
}

TEST(GeometricMechanism, AxisRowsSumToOneAndTheInverseIsExact) {
  for (const Rational& t : {Rational(2), Rational(3), Rational(7, 5), Rational(100)}) {
    for (std::size_t n = 1; n <= 12; ++n) {
      const std::vector<Rational> g = truncated_geometric(n, t);
      const std::vector<Rational> inverse = truncated_geometric_inverse(n, t);
      EXPECT_EQ(inverse, exact_inverse(g, n, "G")) << "n = " << n << ", t = " << t;
      for (std::size_t x = 0; x < n; ++x) {
        Rational row = 0;
        for (std::size_t y = 0; y < n; ++y) row += g[x * n + y];
        EXPECT_EQ(row, 1) << "n = " << n << ", x = " << x;
      }
    }
  }
  EXPECT_THROW(truncated_geometric_inverse(3, Rational(1)), InvalidArgument);
}

// The axis-by-axis reading that `check` uses is the dense reading: every ratio and every output.
TEST(GeometricMechanism, PairLossesByTheAxesAreTheDenseOnes) {
  for (const auto& [width, height] :
       {std::pair<std::size_t, std::size_t>{4, 3}, {1, 5}, {5, 1}, {2, 2}, {1, 1}}) {
    for (const Rational& t : {Rational(5, 2), Rational(2)}) {
      const PairLossMatrix axes = geometric_pair_losses(width, height, t);
      const PairLossMatrix dense = pair_losses(geometric_grid(width, height, t), std::nullopt);
      for (std::size_t x = 0; x < width * height; ++x) {
        for (std::size_t z = 0; z < width * height; ++z) {
          EXPECT_EQ(axes.at(x, z).ratio, dense.at(x, z).ratio) << width << "x" << height;
          EXPECT_EQ(axes.at(x, z).output, dense.at(x, z).output) << width << "x" << height;
        }
      }
    }
  }
}

TEST(GeometricMechanism, EveryPairHasTheTightLossTToTheManhattanDistance) {
  const Rational t(5, 2);
  const std::size_t width = 4, height = 3;
  const DenseMechanism q = geometric_grid(width, height, t);
  const PairLossMatrix losses = pair_losses(q, std::nullopt);
  for (std::size_t x = 0; x < width * height; ++x) {
    for (std::size_t z = 0; z < width * height; ++z) {
      if (x == z) continue;
      const long d = std::labs(static_cast<long>(x % width) - static_cast<long>(z % width)) +
                     std::labs(static_cast<long>(x / width) - static_cast<long>(z / width));
      Rational bound = 1;
      for (long i = 0; i < d; ++i) bound *= t;
      EXPECT_EQ(losses.at(x, z).ratio, ExtendedRational(bound)) << x << " vs " << z;
    }
  }
  const MetricBudget manhattan{GridDistance{width, height, GridMetric::kManhattan},
                               PrivacyBudget::from_exp_eps(t)};
  EXPECT_TRUE(check_metric_privacy(losses, manhattan).holds);
  const MetricBudget less{GridDistance{width, height, GridMetric::kManhattan},
                          PrivacyBudget::from_exp_eps(t - Rational(1, 1000000))};
  EXPECT_FALSE(check_metric_privacy(losses, less).holds);
}

TEST(GeometricMechanism, BuiltFromEpsPassesManhattanAndFailsEuclideanAtTheDiagonal) {
  const MechanismSpec spec = grid_spec(3, 3, PrivacyBudget::from_epsilon(Rational(7, 10)));
  const DenseForm dense = std::get<DenseForm>(exact_form(spec, FormChoice::kDense));
  const PairLossMatrix losses = pair_losses(dense.q, std::nullopt);
  const PrivacyBudget eps = PrivacyBudget::from_epsilon(Rational(7, 10));
  EXPECT_TRUE(
      check_metric_privacy(losses, {GridDistance{3, 3, GridMetric::kManhattan}, eps}).holds);
  const PairBoundVerdict euclidean =
      check_metric_privacy(losses, {GridDistance{3, 3, GridMetric::kEuclidean}, eps});
  ASSERT_FALSE(euclidean.holds);
  // The first failing pair: cell 0 against its diagonal neighbour 4 (t² > e^{0.7 sqrt 2}).
  EXPECT_EQ(euclidean.violation->x, 0u);
  EXPECT_EQ(euclidean.violation->x_prime, 4u);
}

// The exponential mechanism renormalised on the finite axis, Q(y|x) = α^|y-x| / Z(x), is what a
// library gets by normalising each row: on 3 cells its loss between cells 0 and 1 is
// t (1 + 2α) / (1 + α + α²) > t, so it is not metric LDP at t per unit.
TEST(GeometricMechanism, RenormalisingEachRowInsteadBreaksTPerUnit) {
  const Rational t(3), alpha = 1 / t;
  std::vector<Rational> q;
  for (long x = 0; x < 3; ++x) {
    Rational z = 0;
    std::vector<Rational> row;
    for (long y = 0; y < 3; ++y) {
      Rational w = 1;
      for (long i = 0; i < std::labs(y - x); ++i) w *= alpha;
      row.push_back(w);
      z += w;
    }
    for (const Rational& w : row) q.push_back(w / z);
  }
  const PairLossMatrix losses =
      pair_losses(DenseMechanism(3, DenseMechanism::index_labels(3), q), std::nullopt);
  const Rational expected = t * (1 + 2 * alpha) / (1 + alpha + alpha * alpha);
  EXPECT_EQ(losses.at(0, 1).ratio, ExtendedRational(expected));
  EXPECT_FALSE(check_metric_privacy(losses, {GridDistance{3, 1, GridMetric::kManhattan},
                                             PrivacyBudget::from_exp_eps(t)})
                   .holds);
  // The truncated mechanism on the same axis holds exactly at t.
  const PairLossMatrix truncated = pair_losses(geometric_grid(3, 1, t), std::nullopt);
  EXPECT_EQ(truncated.at(0, 1).ratio, ExtendedRational(t));
}

TEST(GeometricMechanism, ExactL2IsThatOfADirectInversion) {
  const MechanismSpec spec = grid_spec(3, 2, PrivacyBudget::from_exp_eps(Rational(2)));
  const DenseForm dense = std::get<DenseForm>(exact_form(spec, FormChoice::kDense));
  const L2Quadratic quadratic = l2_quadratic(spec);
  for (const std::vector<Rational>& p :
       {std::vector<Rational>(6, Rational(1, 6)),
        std::vector<Rational>{Rational(1, 2), Rational(1, 4), 0, 0, Rational(1, 8), Rational(1, 8)},
        std::vector<Rational>{0, 0, 0, 0, 0, 1}}) {
    EXPECT_EQ(expected_l2_loss(quadratic, p, 1000), direct_l2_loss(dense.q, p, 1000));
  }
}

TEST(GeometricMechanism, ParametersAreRefusedByName) {
  MechanismArguments a;
  a.values.set(kGridParameter,
               std::optional<GridShape>(std::pair<std::size_t, std::size_t>{40, 40}));
  a.values.set(kBudgetPerUnitParameter,
               std::optional<PrivacyBudget>(PrivacyBudget::from_exp_eps(Rational(2))));
  try {
    make_mechanism(find_mechanism("geometric"), a);
    FAIL() << "a 40x40 grid was built";
  } catch (const InvalidArgument& e) {
    EXPECT_EQ(std::string(e.what()), "grid: 40x40 has more than 625 cells");
  }
  a.values.set(kGridParameter, std::optional<GridShape>(std::pair<std::size_t, std::size_t>{3, 3}));
  a.values.set(kBudgetPerUnitParameter,
               std::optional<PrivacyBudget>(PrivacyBudget::from_exp_eps(Rational(1))));
  EXPECT_THROW(make_mechanism(find_mechanism("geometric"), a), InvalidArgument);
  a.values.set(kBudgetPerUnitParameter, std::nullopt);
  a.budget = PrivacyBudget::from_exp_eps(Rational(2));
  EXPECT_THROW(make_mechanism(find_mechanism("geometric"), a), InvalidArgument);
}

}  // namespace
}  // namespace uldp
