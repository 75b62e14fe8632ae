#include "uldp/arithmetic/privacy_budget.h"

#include <gtest/gtest.h>

#include <string>

#include "uldp/arithmetic/certified_exp.h"
#include "uldp/error.h"

namespace uldp {
namespace {

TEST(PrivacyBudget, FromExpEpsIsUsedAsIs) {
  const PrivacyBudget b = PrivacyBudget::from_exp_eps(Rational(9, 4));
  EXPECT_EQ(b.exp_eps(), Rational(9, 4));
  ASSERT_TRUE(b.exp_half_eps().has_value());
  EXPECT_EQ(*b.exp_half_eps(), Rational(3, 2));  // a perfect square keeps s exact
  EXPECT_FALSE(PrivacyBudget::from_exp_eps(Rational(2)).exp_half_eps().has_value());
  EXPECT_EQ(b.rounding_error_bound(), 0);
}

TEST(PrivacyBudget, RejectsBudgetsBelowOneAndNegativeEpsilon) {
  EXPECT_THROW(PrivacyBudget::from_exp_eps(Rational(1, 2)), InvalidArgument);
  EXPECT_THROW(PrivacyBudget::from_epsilon(Rational(-1, 10)), InvalidArgument);
  EXPECT_THROW(PrivacyBudget::from_epsilon(Rational(100000)), InvalidArgument);
  try {
    PrivacyBudget::from_exp_eps(Rational(1, 2), "--exp-eps");
    FAIL();
  } catch (const InvalidArgument& e) {
    EXPECT_NE(std::string(e.what()).find("--exp-eps"), std::string::npos);
  }
}

TEST(PrivacyBudget, FromEpsilonRoundsDownSafely) {
  for (const char* eps : {"0.1", "1", "6", "1/3", "0.001", "20"}) {
    const Rational e = parse_rational(eps);
    const PrivacyBudget b = PrivacyBudget::from_epsilon(e);
    ASSERT_TRUE(b.exp_half_eps().has_value());
    EXPECT_EQ(*b.exp_half_eps() * *b.exp_half_eps(), b.exp_eps()) << eps;  // t = s^2 exactly
    EXPECT_EQ(compare_with_exp(*b.exp_half_eps(), e / 2), std::strong_ordering::less) << eps;
    EXPECT_EQ(compare_with_exp(b.exp_eps(), e), std::strong_ordering::less) << eps;  // t <= e^eps
    // The reported bound really bounds e^eps - t, and is small (64-bit s: relative ~2^-60).
    EXPECT_EQ(compare_with_exp(b.exp_eps() + b.rounding_error_bound(), e),
              std::strong_ordering::greater)
        << eps;
    EXPECT_LT(b.rounding_error_bound() / b.exp_eps(), Rational(1, Integer(1) << 58)) << eps;
  }
  const PrivacyBudget zero = PrivacyBudget::from_epsilon(Rational(0));
  EXPECT_EQ(zero.exp_eps(), 1);
}

TEST(PrivacyBudget, AdmitsComparesWithTheRealExpEpsilon) {
  const PrivacyBudget b = PrivacyBudget::from_epsilon(Rational(1));
  EXPECT_TRUE(b.admits(ExtendedRational(b.exp_eps())));
  // 2.7182818284590452353 < e < 2.7182818284590452354: admitted / refused although both exceed t.
  EXPECT_TRUE(b.admits(ExtendedRational(parse_rational("2.7182818284590452353"))));
  EXPECT_FALSE(b.admits(ExtendedRational(parse_rational("2.7182818284590452354"))));
  EXPECT_FALSE(b.admits(ExtendedRational::infinity()));
  const PrivacyBudget exact = PrivacyBudget::from_exp_eps(Rational(3));
  EXPECT_TRUE(exact.admits(ExtendedRational(Rational(3))));
  EXPECT_FALSE(exact.admits(ExtendedRational(Rational(3) + Rational(1, Integer(1) << 100))));
}

// At ε = 0 the only admitted ratio is exactly 1, on both routes (ε given: the certified
// comparison's x = 0 case; t given: the rational comparison); a strict or flipped comparison
// in admits fails here.
TEST(PrivacyBudget, AdmitsRatioExactlyOneAtEpsilonZero) {
  const Rational just_above_one = Rational(1) + Rational(1, Integer(1) << 100);
  for (const PrivacyBudget& b :
       {PrivacyBudget::from_epsilon(Rational(0)), PrivacyBudget::from_exp_eps(Rational(1))}) {
    SCOPED_TRACE(b.describe());
    EXPECT_TRUE(b.admits(ExtendedRational(Rational(1))));
    EXPECT_FALSE(b.admits(ExtendedRational(just_above_one)));
  }
}

TEST(PrivacyBudget, TheShownRoundingErrorIsStillAnUpperBound) {
  // eps = 0.5 once printed "short by at most 0.0000000000000000000673" for a gap of 6.73039e-20:
  // the nearest three digits of an upper bound can fall below it.
  for (const char* eps : {"0.5", "1", "0.1", "2", "6", "0.001"}) {
    const PrivacyBudget b = PrivacyBudget::from_epsilon(parse_rational(eps));
    const std::string text = b.describe();
    const std::string marker = "short by at most ";
    const std::size_t at = text.find(marker);
    ASSERT_NE(at, std::string::npos) << text;
    const std::string shown = text.substr(at + marker.size(), text.size() - at - marker.size() - 1);
    EXPECT_GE(parse_rational(shown), b.rounding_error_bound()) << eps << ": " << text;
    EXPECT_LE(parse_rational(shown), b.rounding_error_bound() * Rational(103, 100)) << text;
  }
}

TEST(SqrtLower, IsALowerBoundAndExactOnSquares) {
  EXPECT_EQ(sqrt_lower(Rational(9, 4), 8), Rational(3, 2));
  const Rational r = sqrt_lower(Rational(2), 64);
  EXPECT_LT(r * r, 2);
  const Rational next = r + Rational(1, Integer(1) << 64);
  EXPECT_GT(next * next, 2);
}

}  // namespace
}  // namespace uldp
