// uOUE (arXiv 2509.24173) checked against the description of the reference code, bit by bit,
// exactly.
#include <gtest/gtest.h>

#include "uldp/forms/bit_product_mechanism.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/registry.h"
#include "uldp/mechanisms/uoue/uoue.h"

namespace uldp {
namespace {

// uOUE as the reference code states it, per bit (encode_uOUE.m): other sensitive bits 1/(t+1),
// own bit 1/2 (sensitive input) or (t-1)/(2t) (non-sensitive), other non-sensitive bits 0.
TEST(UtilityOptimizedOue, IsUrapAtThetaOneHalfBitForBit) {
  for (const Rational& t : {Rational(1), Rational(3, 2), Rational(3), Rational(403, 7)}) {
    const PrivacyBudget b = PrivacyBudget::from_exp_eps(t);
    const IndexSet xs = IndexSet::from_indices({1, 3, 4}, 6, "xs");
    MechanismArguments a;
    a.k = 6;
    a.sensitive = xs;
    a.budget = b;
    const MechanismSpec spec = make_mechanism(find_mechanism("uoue"), a);
    EXPECT_EQ(entry_of(spec).name, "uoue");
    EXPECT_EQ(theta_of(spec), Rational(1, 2));
    const BitProductForm form = std::get<BitProductForm>(exact_form(spec));
    for (std::size_t j = 0; j < 6; ++j) {
      const BitChannel& bit = form.q.bit(j);
      if (xs.contains(j)) {
        EXPECT_EQ(bit.one_if_on, Rational(1, 2));
        EXPECT_EQ(bit.one_if_off, 1 / (t + 1));
      } else {
        EXPECT_EQ(bit.one_if_on, (t - 1) / (2 * t));
        EXPECT_EQ(bit.one_if_off, 0);
      }
    }
    // The same Q as the uRAP entry with θ = 1/2.
    a.values.set(kThetaParameter,
                 std::optional<Probability>(Probability::from_rational(Rational(1, 2), "theta")));
    const MechanismSpec urap = make_mechanism(find_mechanism("urap"), a);
    EXPECT_EQ(entry_of(urap).name, "urap");
    for (std::size_t j = 0; j < 6; ++j)
      EXPECT_EQ(std::get<BitProductForm>(exact_form(urap)).q.bit(j), form.q.bit(j));
  }
}

}  // namespace
}  // namespace uldp
