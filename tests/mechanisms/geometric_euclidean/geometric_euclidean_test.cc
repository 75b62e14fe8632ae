// The Euclidean geometric mechanism: its step t' is below e^{eps/sqrt 2} exactly and close to it,
// its pair losses meet Euclidean metric LDP at eps per unit on every grid shape tried, the
// diagonal neighbours within the rounding of their bound, and it refuses a budget it cannot
// certify.
#include "uldp/mechanisms/geometric_euclidean/geometric_euclidean.h"

#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "uldp/arithmetic/rational.h"
#include "uldp/error.h"
#include "uldp/forms/metric_privacy.h"
#include "uldp/forms/pair_loss.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

MechanismSpec euclidean_grid(std::size_t width, std::size_t height, const PrivacyBudget& per_unit) {
  MechanismArguments a;
  a.values.set(kGridParameter, std::optional<GridShape>(std::pair{width, height}));
  a.values.set(kBudgetPerUnitParameter, std::optional<PrivacyBudget>(per_unit));
  return make_mechanism(find_mechanism("geometric-euclidean"), a);
}

TEST(GeometricEuclidean, TheStepIsBelowEToTheEpsOverRootTwoAndCloseToIt) {
  for (const Rational& eps : {Rational(1), Rational(7, 10), Rational(3), Rational(1, 1000)}) {
    const PrivacyBudget step = euclidean_step(eps);
    ASSERT_TRUE(step.epsilon());
    const Rational& r = *step.epsilon();  // t' <= e^r (PrivacyBudget), and r <= eps/sqrt 2:
    EXPECT_LE(2 * r * r, eps * eps) << eps;
    EXPECT_GE(2 * r * r, eps * eps * (1 - Rational(1, 1000000000))) << eps;  // and close to it
    EXPECT_GT(step.exp_eps(), 1) << eps;
  }
}

TEST(GeometricEuclidean, EveryPairMeetsEuclideanMetricLdpAndTheDiagonalComesClose) {
  for (const auto& [width, height] : {std::pair<std::size_t, std::size_t>{3, 3}, {4, 2}, {5, 1}}) {
    for (const Rational& eps : {Rational(1), Rational(7, 10)}) {
      const MechanismSpec spec = euclidean_grid(width, height, PrivacyBudget::from_epsilon(eps));
      const PairLossMatrix losses =
          pair_losses(std::get<DenseForm>(exact_form(spec, FormChoice::kDense)).q, std::nullopt);
      const PairBoundVerdict v = check_metric_privacy(
          losses,
          {GridDistance{width, height, GridMetric::kEuclidean}, PrivacyBudget::from_epsilon(eps)});
      EXPECT_TRUE(v.holds) << width << "x" << height << " eps " << eps;
      ASSERT_TRUE(v.tightest);
      if (height > 1) {  // a diagonal pair: t'^2 against e^{eps sqrt 2}, equal but for rounding
        EXPECT_GT(v.tightest->loss_share, 1 - 1e-12) << width << "x" << height;
      }
      // Manhattan at eps per unit holds too (t' < e^eps), and is far from tight.
      EXPECT_TRUE(check_metric_privacy(losses, {GridDistance{width, height, GridMetric::kManhattan},
                                                PrivacyBudget::from_epsilon(eps)})
                      .holds);
    }
  }
}

TEST(GeometricEuclidean, ABudgetItCannotCertifyIsRefusedByName) {
  const auto message = [](const PrivacyBudget& per_unit) {
    try {
      euclidean_grid(3, 2, per_unit);
    } catch (const InvalidArgument& e) {
      return std::string(e.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message(PrivacyBudget::from_exp_eps(Rational(2))).rfind("exp_eps_per_unit: ", 0), 0u);
  EXPECT_EQ(message(PrivacyBudget::from_epsilon(Rational(0))).rfind("eps_per_unit: ", 0), 0u);
  // So small that e^(eps/sqrt 2) rounds to 1 at 64 bits: refused, not built as a constant.
  EXPECT_EQ(message(PrivacyBudget::from_epsilon(parse_rational("1e-30", "eps")))
                .rfind("eps_per_unit: ", 0),
            0u);
}

}  // namespace
}  // namespace uldp
