// The exact forms themselves: the stochasticity report and the limit of a dense expansion.
#include <gtest/gtest.h>

#include "uldp/error.h"
#include "uldp/forms/stochasticity.h"
#include "uldp/mechanisms/rappor/rappor.h"
#include "uldp/testing/budgets.h"

namespace uldp {
namespace {

using testing::budget;

TEST(Stochasticity, ReportsTheFirstBadRow) {
  const DenseMechanism q(2, {"a", "b"},
                         {Rational(1, 2), Rational(1, 2), Rational(1, 2), Rational(2, 5)});
  const StochasticityReport r = check_stochastic(q);
  EXPECT_FALSE(r.stochastic);
  EXPECT_EQ(r.row, 1u);
  EXPECT_NE(r.problem->find("9/10"), std::string::npos);
}

TEST(BitProductMechanism, DenseExpansionHasALimit) {
  EXPECT_THROW(basic_rappor(17, budget(2)).to_dense(), InvalidArgument);
  EXPECT_EQ(basic_rappor(3, budget(2)).to_dense().output_labels()[6], "011");
}

}  // namespace
}  // namespace uldp
