// uRR (arXiv 1807.11317, Definition 3): constants and matrices worked out by hand.
#include <gtest/gtest.h>

#include "uldp/arithmetic/index_set.h"
#include "uldp/forms/stochasticity.h"
#include "uldp/mechanisms/urr/urr.h"
#include "uldp/testing/budgets.h"

namespace uldp {
namespace {

using testing::budget;

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

}  // namespace
}  // namespace uldp
