// Randomized response (arXiv 1807.11317, Section 2.4): a known answer worked out by hand.
#include <gtest/gtest.h>

#include "uldp/forms/stochasticity.h"
#include "uldp/mechanisms/rr/rr.h"
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

}  // namespace
}  // namespace uldp
