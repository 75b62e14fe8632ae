// uRAP (arXiv 1807.11317, Definition 4): constants and bit channels worked out by hand.
#include <gtest/gtest.h>

#include "uldp/mechanisms/urap/urap.h"
#include "uldp/testing/budgets.h"

namespace uldp {
namespace {

using testing::budget;

TEST(UtilityOptimizedRappor, ConstantsByHand) {
  // θ = 3/4, t = 3: (1-θ)t + θ = 3/2, d1 = (3/4)/(3/2) = 1/2, d2 = (3/2)/3 = 1/2.
  const UrapConstants d = urap_constants(Rational(3, 4), Rational(3));
  EXPECT_EQ(d.d1, Rational(1, 2));
  EXPECT_EQ(d.d2, Rational(1, 2));
  const BitProductMechanism q =
      utility_optimized_rappor(IndexSet::parse("0", 2, "xs"), Rational(3, 4), budget(3));
  EXPECT_EQ(q.bit(0).one_if_on, Rational(3, 4));
  EXPECT_EQ(q.bit(0).one_if_off, Rational(1, 2));
  EXPECT_EQ(q.bit(1).one_if_on, Rational(1, 2));  // 1 - d2
  EXPECT_EQ(q.bit(1).one_if_off, 0);
  // Q("11" | x_1) = P(bit0 = 1 | off) P(bit1 = 1 | on) = 1/2 * 1/2.
  EXPECT_EQ(q.probability({true, true}, 1), Rational(1, 4));
  EXPECT_EQ(q.probability({true, true}, 0), 0);
}

}  // namespace
}  // namespace uldp
