// Basic one-time RAPPOR (arXiv 1807.11317, Section 2.4): the symmetric bit channel.
#include <gtest/gtest.h>

#include "uldp/mechanisms/rappor/rappor.h"
#include "uldp/testing/budgets.h"

namespace uldp {
namespace {

using testing::budget;

TEST(Rappor, BasicOneTimeIsSymmetric) {
  // θ = s/(s+1) gives ψ = 1/(s+1) = 1 - θ.
  const PrivacyBudget b = budget(4);  // s = 2
  const BitProductMechanism q = basic_rappor(3, b);
  EXPECT_EQ(q.bit(0).one_if_on, Rational(2, 3));
  EXPECT_EQ(q.bit(0).one_if_off, Rational(1, 3));
}

}  // namespace
}  // namespace uldp
