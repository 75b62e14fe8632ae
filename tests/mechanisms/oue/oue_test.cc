// OUE (Wang et al., USENIX Security 2017) against its definition, bit by bit, exactly: p = 1/2 for
// the input's own bit, q = 1/(t+1) for every other; the registry takes no --sensitive or --theta.
#include <gtest/gtest.h>

#include "uldp/error.h"
#include "uldp/forms/bit_product_mechanism.h"
#include "uldp/forms/bit_product_privacy_check.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/oue/oue.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

MechanismSpec oue(std::size_t k, const Rational& t) {
  MechanismArguments a;
  a.k = k;
  a.budget = PrivacyBudget::from_exp_eps(t);
  return make_mechanism(find_mechanism("oue"), a);
}

TEST(OptimizedUnaryEncoding, OwnBitOneHalfOtherBitsOneOverTPlusOne) {
  for (const Rational& t : {Rational(1), Rational(3, 2), Rational(3), Rational(403, 7)}) {
    const MechanismSpec spec = oue(5, t);
    EXPECT_EQ(entry_of(spec).name, "oue");
    EXPECT_EQ(theta_of(spec), Rational(1, 2));
    EXPECT_EQ(spec.sensitive, IndexSet::all(5));
    const BitProductForm form = std::get<BitProductForm>(exact_form(spec));
    for (std::size_t j = 0; j < 5; ++j) {
      EXPECT_EQ(form.q.bit(j).one_if_on, Rational(1, 2));
      EXPECT_EQ(form.q.bit(j).one_if_off, 1 / (t + 1));
    }
    // Tight at t: the ratio of bit j = 1 from x = j against x != j is (1/2)(t+1)/... = t.
    const Verdict v = check_ldp(form.q, PrivacyBudget::from_exp_eps(t));
    EXPECT_TRUE(v.holds);
    EXPECT_EQ(v.tight_exp_eps, ExtendedRational(t));
  }
}

TEST(OptimizedUnaryEncoding, TakesNoSensitiveSetAndNoTheta) {
  MechanismArguments a;
  a.k = 4;
  a.budget = PrivacyBudget::from_exp_eps(Rational(3));
  a.sensitive = IndexSet::parse("0", 4, "--sensitive");
  EXPECT_THROW(make_mechanism(find_mechanism("oue"), a), InvalidArgument);
  a.sensitive.reset();
  a.values.set(kThetaParameter,
               std::optional<Probability>(Probability::from_rational(Rational(1, 3), "theta")));
  EXPECT_THROW(make_mechanism(find_mechanism("oue"), a), InvalidArgument);
}

}  // namespace
}  // namespace uldp
