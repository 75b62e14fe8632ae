// θ* of uRAP (optimal_theta.h): the closed-form worst case equals the general one, θ* beats the
// paper's θ and its neighbours, and a brute-force grid minimisation over the general worst-case
// computation (an independent path: coordinate model + simplex projection) lands next to it.
#include "uldp/losses/optimal_theta.h"

#include <gtest/gtest.h>

#include "test_support.h"
#include "uldp/error.h"
#include "uldp/losses/l1_loss.h"
#include "uldp/losses/l2_loss.h"
#include "uldp/mechanisms/rappor/rappor.h"

namespace uldp::testing {
namespace {

struct Setting {
  std::size_t k, k_s;
  Rational t;
};

// Small settings on both sides of the p_UN threshold t - 1 = k_n/2, plus k_n = 0 and k_s = 1.
const std::vector<Setting> kSettings = {
    {6, 2, Rational(3)},   {6, 2, Rational(20)},        {10, 1, Rational(2)},
    {10, 9, Rational(50)}, {5, 5, Rational(4)},         {12, 3, Rational(7, 2)},
    {8, 4, Rational(400)}, {30, 6, Rational(101, 100)},
};

IndexSet first_symbols(std::size_t k, std::size_t k_s) {
  std::vector<std::size_t> xs;
  for (std::size_t x = 0; x < k_s; ++x) xs.push_back(x);
  return IndexSet::from_indices(xs, k, "sensitive");
}

Rational general_worst_l2(const Setting& s, const Rational& theta) {
  const auto model =
      model_of("urap", first_symbols(s.k, s.k_s), PrivacyBudget::from_exp_eps(s.t), theta);
  return worst_case_l2_loss(model, 1).value;
}

Interval general_worst_l1(const Setting& s, const Rational& theta) {
  const auto model =
      model_of("urap", first_symbols(s.k, s.k_s), PrivacyBudget::from_exp_eps(s.t), theta);
  return worst_case_l1_loss(model, 1, 80).root_sum;
}

TEST(OptimalTheta, ClosedFormWorstCaseEqualsTheGeneralComputation) {
  for (const Setting& s : kSettings) {
    for (const Rational& theta :
         {Rational(1, 7), Rational(1, 2), Rational(5, 6), Rational(99, 100)}) {
      EXPECT_EQ(urap_worst_case_l2_times_n(s.k, s.k_s, s.t, theta), general_worst_l2(s, theta))
          << s.k << " " << s.k_s << " " << s.t << " theta " << theta;
    }
  }
}

TEST(OptimalTheta, L2BracketIsNarrowAndBeatsThePaperAndItsNeighbours) {
  for (const Setting& s : kSettings) {
    const OptimalTheta opt = optimal_urap_theta(s.k, s.k_s, s.t, ThetaObjective::kL2);
    EXPECT_LE(opt.bracket.width(), Rational(1, 1000000000000LL));
    EXPECT_TRUE(opt.bracket.contains(opt.theta));
    EXPECT_TRUE(opt.unique_proven);
    const Rational best = general_worst_l2(s, opt.theta);
    const Rational paper = default_rappor_theta(PrivacyBudget::from_exp_eps(s.t));
    // With |X_S| = 1 below the p_UN threshold the paper's θ is θ* itself (docs/utility.md), and
    // its 64-bit approximation may be nearer than the bracket's midpoint.
    if (!opt.bracket.contains(paper)) {
      EXPECT_LE(best, general_worst_l2(s, paper)) << s.k << " " << s.k_s << " " << s.t;
    }
    for (const Rational& delta : {Rational(1, 1000), Rational(1, 1000000)}) {
      EXPECT_LE(best, general_worst_l2(s, opt.theta + delta));
      EXPECT_LE(best, general_worst_l2(s, opt.theta - delta));
    }
  }
}

TEST(OptimalTheta, ClosedFormLiesInTheBracketWhenTheWorstCaseIsUniformOnXN) {
  int closed = 0;
  for (const Setting& s : kSettings) {
    const OptimalTheta opt = optimal_urap_theta(s.k, s.k_s, s.t, ThetaObjective::kL2);
    const Interval formula = urap_closed_form_theta(s.k_s, s.t, 80);
    const bool overlaps = formula.lower <= opt.bracket.upper && opt.bracket.lower <= formula.upper;
    if (opt.closed_form) {
      ++closed;
      EXPECT_TRUE(overlaps) << s.k << " " << s.k_s << " " << s.t;
    }
  }
  EXPECT_GE(closed, 3);  // the settings exercise both regimes
  EXPECT_LE(closed, static_cast<int>(kSettings.size()) - 2);
}

// r = 1/(t-1) gives 1 + r - sqrt(r(r+1)) = (t - s)/(t - 1) = s/(s+1): the paper's θ.
TEST(OptimalTheta, WithOneSensitiveSymbolThePapersThetaIsOptimalBelowThePunThreshold) {
  const OptimalTheta opt = optimal_urap_theta(20, 1, Rational(9), ThetaObjective::kL2);
  EXPECT_TRUE(opt.closed_form);
  EXPECT_TRUE(opt.bracket.contains(Rational(3, 4)));  // s = 3
  // Above the threshold (t - 1 > k_n/2) it is not.
  const OptimalTheta above = optimal_urap_theta(4, 1, Rational(9), ThetaObjective::kL2);
  EXPECT_FALSE(above.closed_form);
  EXPECT_FALSE(above.bracket.contains(Rational(3, 4)));
}

// Brute force: the best of 1999 grid points of the general worst case is within one grid step.
TEST(OptimalTheta, BruteForceGridAgreesForL2AndL1) {
  const std::vector<Setting> small = {
      {6, 2, Rational(3)}, {6, 2, Rational(20)}, {5, 5, Rational(4)}};
  const long steps = 400;
  for (const Setting& s : small) {
    Rational best_l2_theta, best_l2;
    Rational best_l1_theta;
    Interval best_l1{Rational(-1), Rational(-1)};
    for (long i = 1; i < steps; ++i) {
      const Rational theta(i, steps);
      const Rational l2 = general_worst_l2(s, theta);
      if (i == 1 || l2 < best_l2) best_l2 = l2, best_l2_theta = theta;
      const Interval l1 = general_worst_l1(s, theta);
      if (i == 1 || l1.midpoint() < best_l1.midpoint()) best_l1 = l1, best_l1_theta = theta;
    }
    const Rational step(1, steps);
    const OptimalTheta l2 = optimal_urap_theta(s.k, s.k_s, s.t, ThetaObjective::kL2);
    const OptimalTheta l1 = optimal_urap_theta(s.k, s.k_s, s.t, ThetaObjective::kL1);
    EXPECT_LE(abs(best_l2_theta - l2.theta), step) << s.k << " " << s.k_s << " " << s.t;
    EXPECT_LE(abs(best_l1_theta - l1.theta), step) << s.k << " " << s.k_s << " " << s.t;
    // And θ* is no worse than the best grid point.
    EXPECT_LE(general_worst_l2(s, l2.theta), best_l2);
    EXPECT_LE(general_worst_l1(s, l1.theta).lower, best_l1.upper);
  }
}

TEST(OptimalTheta, L1OptimumBeatsThePaper) {
  for (const Setting& s : kSettings) {
    const OptimalTheta opt = optimal_urap_theta(s.k, s.k_s, s.t, ThetaObjective::kL1);
    EXPECT_LE(opt.bracket.width(), Rational(1, 1000000000000LL));
    const Rational paper = default_rappor_theta(PrivacyBudget::from_exp_eps(s.t));
    EXPECT_LE(general_worst_l1(s, opt.theta).lower, general_worst_l1(s, paper).upper);
    for (const Rational& delta : {Rational(1, 1000), Rational(-1, 1000)}) {
      EXPECT_LE(general_worst_l1(s, opt.theta).lower, general_worst_l1(s, opt.theta + delta).upper);
    }
  }
}

TEST(OptimalTheta, NoSensitiveSymbolGivesThetaOneAndBadInputIsRefused) {
  const OptimalTheta opt = optimal_urap_theta(5, 0, Rational(3), ThetaObjective::kL2);
  EXPECT_EQ(opt.theta, 1);
  EXPECT_THROW(optimal_urap_theta(5, 2, Rational(1), ThetaObjective::kL2), InvalidArgument);
  EXPECT_THROW(optimal_urap_theta(5, 6, Rational(2), ThetaObjective::kL2), InvalidArgument);
}

}  // namespace
}  // namespace uldp::testing
