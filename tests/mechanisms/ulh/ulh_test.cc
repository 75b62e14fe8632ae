// uLH: local hashing on X_S, uRR's shape on X_N. Its rows by hand, its claim (ULDP, tight at t;
// not LDP: each X_N output is invertible), and the refusal of an empty X_S.
#include <gtest/gtest.h>

#include "uldp/error.h"
#include "uldp/forms/dense_privacy_check.h"
#include "uldp/mechanisms/exact_form.h"
#include "uldp/mechanisms/olh/olh.h"
#include "uldp/mechanisms/registry.h"

namespace uldp {
namespace {

MechanismArguments arguments(const char* sensitive) {
  MechanismArguments a;
  a.k = 6;
  a.sensitive = IndexSet::parse(sensitive, 6, "xs");
  a.budget = PrivacyBudget::from_exp_eps(Rational(3));
  a.values.set(kHashSeedsParameter, std::optional<std::uint64_t>(4));
  return a;
}

TEST(UtilityOptimizedLocalHashing, NonSensitiveRowsAndTheClaim) {
  const MechanismArguments a = arguments("0,1,2");
  const MechanismSpec ulh = make_mechanism(find_mechanism("ulh"), a);
  const DenseForm d = std::get<DenseForm>(exact_form(ulh, FormChoice::kDense));
  ASSERT_EQ(d.q.num_outputs(), 4u * 4 + 3);  // g = 4 values per seed, then X_N = {3, 4, 5}
  EXPECT_EQ(d.protected_outputs.size(), 16u);
  for (std::size_t x = 3; x < 6; ++x) {  // q/S on every pair, (t-1)/(t+g-1) = 1/3 on itself
    for (std::size_t y = 0; y < 16; ++y) EXPECT_EQ(d.q(x, y), Rational(1, 24)) << x << "," << y;
    for (std::size_t i = 0; i < 3; ++i)
      EXPECT_EQ(d.q(x, 16 + i), x == 3 + i ? Rational(1, 3) : Rational(0)) << x;
  }
  const PrivacyBudget b = PrivacyBudget::from_exp_eps(Rational(3));
  const Verdict uldp = check_uldp(d.q, *a.sensitive, d.protected_outputs, b, UldpReading::kLiteral);
  EXPECT_TRUE(uldp.holds);
  EXPECT_EQ(uldp.tight_exp_eps, ExtendedRational(Rational(3)));
  EXPECT_FALSE(check_ldp(d.q, b).holds);
  EXPECT_THROW(make_mechanism(find_mechanism("ulh"), arguments("")), InvalidArgument);
}

}  // namespace
}  // namespace uldp
