// Mangat's randomized response (arXiv 1807.11317, Section 3): the example of the paper.
#include <gtest/gtest.h>

#include "uldp/error.h"
#include "uldp/mechanisms/mangat/mangat.h"
#include "uldp/testing/budgets.h"

namespace uldp {
namespace {

using testing::budget;

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

}  // namespace
}  // namespace uldp
