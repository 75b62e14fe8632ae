// SUE (Wang et al., USENIX Security 2017) = basic one-time RAPPOR, exactly: p = s/(s+1) for the
// input's own bit and q = 1 - p for every other, s = e^{ε/2}; no --sensitive or --theta.
#include <gtest/gtest.h>

#include "uldp/error.h"
#include "uldp/forms/bit_product_mechanism.h"
#include "uldp/forms/bit_product_privacy_check.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/registry.h"
#include "uldp/mechanisms/sue/sue.h"

namespace uldp {
namespace {

TEST(SymmetricUnaryEncoding, IsBasicOneTimeRapporAndSymmetric) {
  // t = s^2 with s rational, so θ = s/(s+1) is exact.
  for (const Rational& s : {Rational(1), Rational(3, 2), Rational(2), Rational(20)}) {
    MechanismArguments a;
    a.k = 4;
    a.budget = PrivacyBudget::from_exp_eps(s * s);
    const MechanismSpec spec = make_mechanism(find_mechanism("sue"), a);
    EXPECT_EQ(entry_of(spec).name, "sue");
    EXPECT_EQ(spec.sensitive, IndexSet::all(4));
    const BitProductForm form = std::get<BitProductForm>(exact_form(spec));
    for (std::size_t j = 0; j < 4; ++j) {
      EXPECT_EQ(form.q.bit(j).one_if_on, s / (s + 1));
      EXPECT_EQ(form.q.bit(j).one_if_off, 1 / (s + 1));
      EXPECT_EQ(form.q.bit(j), basic_rappor(4, *a.budget).bit(j));
    }
    const Verdict v = check_ldp(form.q, *a.budget);
    EXPECT_TRUE(v.holds);
    EXPECT_EQ(v.tight_exp_eps, ExtendedRational(s * s));
  }
}

TEST(SymmetricUnaryEncoding, TakesNoSensitiveSet) {
  MechanismArguments a;
  a.k = 4;
  a.budget = PrivacyBudget::from_exp_eps(Rational(4));
  a.sensitive = IndexSet::parse("1", 4, "--sensitive");
  EXPECT_THROW(make_mechanism(find_mechanism("sue"), a), InvalidArgument);
}

}  // namespace
}  // namespace uldp
