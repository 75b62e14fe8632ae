// Known answers worked out by hand from the paper's definitions, and exact stochasticity.
#include <gtest/gtest.h>

#include "uldp/error.h"
#include "uldp/forms/stochasticity.h"
#include "uldp/mechanisms/mangat/mangat.h"
#include "uldp/mechanisms/rappor/rappor.h"
#include "uldp/mechanisms/rr/rr.h"
#include "uldp/mechanisms/urap/urap.h"
#include "uldp/mechanisms/urr/urr.h"
#include "uldp/testing/budgets.h"

namespace uldp {
namespace {

using testing::budget;

TEST(RandomizedResponse, KnownAnswer) {
  // k = 3, t = 2: keep 2/(3+2-1) = 1/2, move 1/4 (eq. (2)).
  const DenseMechanism q = randomized_response(3, budget(2));
  EXPECT_EQ(q(0, 0), Rational(1, 2));
  EXPECT_EQ(q(0, 1), Rational(1, 4));
  EXPECT_EQ(q(2, 1), Rational(1, 4));
  EXPECT_TRUE(check_stochastic(q).stochastic);
}

TEST(Mangat, MatchesTheExampleOfSection3) {
  // Input 1 always reports 1; input 0 reports 1 with p and 0 with 1-p.
  const DenseMechanism q = mangat(Rational(1, 3));
  EXPECT_EQ(q(1, 1), 1);
  EXPECT_EQ(q(1, 0), 0);
  EXPECT_EQ(q(0, 1), Rational(1, 3));
  EXPECT_EQ(q(0, 0), Rational(2, 3));
  EXPECT_EQ(mangat_p_for(budget(3)), Rational(1, 3));
  EXPECT_THROW(mangat(Rational(0)), InvalidArgument);
  EXPECT_THROW(mangat(Rational(3, 2)), InvalidArgument);
}

TEST(UtilityOptimizedRR, ConstantsByHand) {
  // |X_S| = 2, t = 3: u = 4, c1 = 3/4, c2 = 1/4, c3 = 2/4 (Definition 3).
  const UrrConstants c = urr_constants(2, Rational(3));
  EXPECT_EQ(c.c1, Rational(3, 4));
  EXPECT_EQ(c.c2, Rational(1, 4));
  EXPECT_EQ(c.c3, Rational(1, 2));
  EXPECT_EQ(c.c3, 1 - 2 * c.c2);  // c3 = 1 - |X_S| c2
}

TEST(UtilityOptimizedRR, MatrixForAnySensitiveSet) {
  // X = {0..4}, X_S = {1, 3} (not "sensitive first"), t = 3.
  const IndexSet xs = IndexSet::parse("1,3", 5, "xs");
  const DenseMechanism q = utility_optimized_rr(xs, budget(3));
  EXPECT_EQ(q(1, 1), Rational(3, 4));  // c1
  EXPECT_EQ(q(1, 3), Rational(1, 4));  // c2
  EXPECT_EQ(q(1, 0), 0);               // sensitive never reaches Y_I
  EXPECT_EQ(q(0, 1), Rational(1, 4));  // non-sensitive to sensitive: c2
  EXPECT_EQ(q(0, 0), Rational(1, 2));  // c3
  EXPECT_EQ(q(0, 2), 0);
  EXPECT_TRUE(check_stochastic(q).stochastic);
}

TEST(UtilityOptimizedRR, EmptySensitiveSetIsTheIdentity) {
  const DenseMechanism q = utility_optimized_rr(IndexSet::parse("", 3, "xs"), budget(2));
  for (std::size_t x = 0; x < 3; ++x) {
    for (std::size_t y = 0; y < 3; ++y) EXPECT_EQ(q(x, y), x == y ? 1 : 0);
  }
}

TEST(UtilityOptimizedRappor, ConstantsByHand) {
  // θ = 3/4, t = 3: (1-θ)t + θ = 3/2, d1 = (3/4)/(3/2) = 1/2, d2 = (3/2)/3 = 1/2.
  const UrapConstants d = urap_constants(Rational(3, 4), Rational(3));
  EXPECT_EQ(d.d1, Rational(1, 2));
  EXPECT_EQ(d.d2, Rational(1, 2));
  const UnaryMechanism q =
      utility_optimized_rappor(IndexSet::parse("0", 2, "xs"), Rational(3, 4), budget(3));
  EXPECT_EQ(q.bit(0).one_if_on, Rational(3, 4));
  EXPECT_EQ(q.bit(0).one_if_off, Rational(1, 2));
  EXPECT_EQ(q.bit(1).one_if_on, Rational(1, 2));  // 1 - d2
  EXPECT_EQ(q.bit(1).one_if_off, 0);
  // Q("11" | x_1) = P(bit0 = 1 | off) P(bit1 = 1 | on) = 1/2 * 1/2.
  EXPECT_EQ(q.probability({true, true}, 1), Rational(1, 4));
  EXPECT_EQ(q.probability({true, true}, 0), 0);
}

TEST(Rappor, BasicOneTimeIsSymmetric) {
  // θ = s/(s+1) gives ψ = 1/(s+1) = 1 - θ.
  const PrivacyBudget b = budget(4);  // s = 2
  const UnaryMechanism q = basic_rappor(3, b);
  EXPECT_EQ(q.bit(0).one_if_on, Rational(2, 3));
  EXPECT_EQ(q.bit(0).one_if_off, Rational(1, 3));
}

TEST(AllMechanisms, RowsSumToExactlyOne) {
  for (const PrivacyBudget& b :
       {budget(1), budget(3, 2), budget(625), PrivacyBudget::from_epsilon(Rational(1, 10))}) {
    EXPECT_TRUE(check_stochastic(randomized_response(7, b)).stochastic);
    EXPECT_TRUE(
        check_stochastic(utility_optimized_rr(IndexSet::parse("0,4-5", 7, "xs"), b)).stochastic);
    EXPECT_TRUE(check_stochastic(basic_rappor(5, b).to_dense()).stochastic);
    EXPECT_TRUE(
        check_stochastic(utility_optimized_rappor(IndexSet::parse("1,3", 5, "xs"), b).to_dense())
            .stochastic);
    EXPECT_TRUE(check_stochastic(mangat(mangat_p_for(b))).stochastic);
  }
}

TEST(Stochasticity, ReportsTheFirstBadRow) {
  const DenseMechanism q(2, {"a", "b"},
                         {Rational(1, 2), Rational(1, 2), Rational(1, 2), Rational(2, 5)});
  const StochasticityReport r = check_stochastic(q);
  EXPECT_FALSE(r.stochastic);
  EXPECT_EQ(r.row, 1u);
  EXPECT_NE(r.problem->find("9/10"), std::string::npos);
}

TEST(UnaryMechanism, DenseExpansionHasALimit) {
  EXPECT_THROW(basic_rappor(17, budget(2)).to_dense(), InvalidArgument);
  EXPECT_EQ(basic_rappor(3, budget(2)).to_dense().output_labels()[6], "011");
}

}  // namespace
}  // namespace uldp
