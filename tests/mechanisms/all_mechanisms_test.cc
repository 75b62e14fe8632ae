// Every constructor of the paper's mechanisms gives rows that sum to exactly one, at small, large
// and non-integer budgets.
#include <gtest/gtest.h>

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

}  // namespace
}  // namespace uldp
