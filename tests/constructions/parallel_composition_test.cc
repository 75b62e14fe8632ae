#include "uldp/constructions/parallel_composition.h"

#include <gtest/gtest.h>

#include "test_matrix.h"
#include "uldp/constructions/output_ratios.h"
#include "uldp/error.h"
#include "uldp/mechanisms/mangat/mangat.h"
#include "uldp/mechanisms/rr/rr.h"

namespace uldp {
namespace {

using testing_support::fractions;
using testing_support::matrix;

TEST(DataIntegration, MangatWithBinaryRrReachesTheProductBound) {
  // Q_A = Mangat p = 1/2 (t_A = 2, Y_P = {1}), Q_B = 2-ary RR with t_B = 3. The pair ratio on
  // Y_P x Y_B = {(1,0),(1,1)}: column (1,1) has 1/8 from input 0 and 3/4 from input 1: 6.
  const DenseMechanism q_a = mangat(Rational(1, 2));
  const DenseMechanism q_b = randomized_response(2, PrivacyBudget::from_exp_eps(Rational(3)));
  const DenseMechanism q = parallel_composition(q_a, q_b);
  EXPECT_EQ(q.entries(), fractions({"3/8", "1/8", "3/8", "1/8", "0", "0", "1/4", "3/4"}));
  const IndexSet y_p = IndexSet::from_indices({1}, 2, "y_p");
  EXPECT_EQ(integrated_protected_outputs(y_p, 2).indices(), (std::vector<std::size_t>{2, 3}));
  EXPECT_EQ(data_integration_ratio(q_a, y_p, q_b), ExtendedRational(Rational(6)));
  // Over all of Y_A x Y_B the ratio is infinite: the claim really is about Y_P x Y_B only.
  EXPECT_TRUE(max_ratio_on_outputs(q, IndexSet::all(4)).is_infinite());
}

TEST(DataIntegration, ValidatesArguments) {
  const DenseMechanism q_a = mangat(Rational(1, 2));
  EXPECT_THROW(parallel_composition(q_a, matrix({{"1"}})), InvalidArgument);
  EXPECT_THROW(parallel_composition(q_a, matrix({{"1"}, {"1/2"}})), InvalidArgument);
  EXPECT_THROW(data_integration_ratio(q_a, IndexSet::all(3), matrix({{"1"}, {"1"}})),
               InvalidArgument);
}

TEST(OutputRatios, HandWorked) {
  const DenseMechanism q = matrix({{"1/2", "1/2", "0"}, {"1/8", "3/8", "1/2"}});
  EXPECT_EQ(max_ratio_on_outputs(q, IndexSet::from_indices({0}, 3, "o")),
            ExtendedRational(Rational(4)));
  EXPECT_EQ(max_ratio_on_outputs(q, IndexSet::from_indices({1}, 3, "o")),
            ExtendedRational(Rational(4, 3)));
  EXPECT_EQ(max_ratio_on_outputs(q, IndexSet::from_indices({}, 3, "o")),
            ExtendedRational(Rational(1)));
  EXPECT_TRUE(max_ratio_on_outputs(q, IndexSet::from_indices({2}, 3, "o")).is_infinite());
  const DenseMechanism r = matrix({{"1/4", "3/4", "0"}, {"1/8", "3/8", "1/2"}});
  EXPECT_EQ(max_cross_ratio(q, r, IndexSet::all(3)), ExtendedRational(Rational(2)));
  EXPECT_EQ(max_cross_ratio(r, q, IndexSet::all(3)), ExtendedRational(Rational(3, 2)));
  EXPECT_THROW(max_cross_ratio(q, matrix({{"1"}}), IndexSet::all(3)), InvalidArgument);
}

}  // namespace
}  // namespace uldp
