#include "uldp/arithmetic/certified_exp.h"

#include <gtest/gtest.h>

namespace uldp {
namespace {

// e = 2.71828182845904523536028747135266249775724709369995...
const Rational kEBelow = parse_rational("2.71828182845904523536028747135266");
const Rational kEAbove = parse_rational("2.71828182845904523536028747135267");

TEST(ExpBounds, BracketEAndAreTight) {
  const ExpBounds b = exp_bounds(Rational(1), 100);
  EXPECT_LE(b.lower, kEAbove);
  EXPECT_GE(b.upper, kEBelow);
  EXPECT_LT(b.lower, b.upper);
  EXPECT_LT(b.upper - b.lower, Rational(1, Integer(1) << 95));
  // The bracket must contain e: its ends straddle the 33-digit enclosure.
  EXPECT_LT(b.lower, kEAbove);
  EXPECT_GT(b.upper, kEBelow);
}

TEST(ExpBounds, ZeroAndNegativeArguments) {
  const ExpBounds zero = exp_bounds(Rational(0), 64);
  EXPECT_EQ(zero.lower, 1);
  EXPECT_EQ(zero.upper, 1);
  const ExpBounds minus_one = exp_bounds(Rational(-1), 80);
  EXPECT_LT(minus_one.lower * kEBelow, 1);
  EXPECT_GT(minus_one.upper * kEAbove, 1);
}

TEST(ExpBounds, LargeArgumentsKeepRelativePrecision) {
  // e^6 = 403.428793492735122608387180543388...
  const ExpBounds b = exp_bounds(Rational(6), 80);
  EXPECT_LT(b.lower, parse_rational("403.4287934927351226083871805434"));
  EXPECT_GT(b.upper, parse_rational("403.4287934927351226083871805433"));
  EXPECT_LT((b.upper - b.lower) / b.lower, Rational(1, Integer(1) << 70));
}

TEST(CompareWithExp, DecidesExactlyEvenVeryCloseToE) {
  EXPECT_EQ(compare_with_exp(kEBelow, Rational(1)), std::strong_ordering::less);
  EXPECT_EQ(compare_with_exp(kEAbove, Rational(1)), std::strong_ordering::greater);
  EXPECT_EQ(compare_with_exp(Rational(1), Rational(0)), std::strong_ordering::equal);
  EXPECT_EQ(compare_with_exp(Rational(0), Rational(1)), std::strong_ordering::less);
  // e^{1/10} = 1.10517091807564762481170782649...
  EXPECT_EQ(compare_with_exp(parse_rational("1.1051709180756476248117078264"), Rational(1, 10)),
            std::strong_ordering::less);
  EXPECT_EQ(compare_with_exp(parse_rational("1.1051709180756476248117078265"), Rational(1, 10)),
            std::strong_ordering::greater);
}

TEST(LogBounds, BracketKnownLogarithms) {
  // ln 625 = 6.43775164973639...; ln(1/2) = -0.693147180559945...
  const LogBounds b = log_bounds(Rational(625), 40);
  EXPECT_LT(b.lower, parse_rational("6.4377516497364"));
  EXPECT_GT(b.upper, parse_rational("6.4377516497363"));
  const LogBounds half = log_bounds(Rational(1, 2), 40);
  EXPECT_LT(half.lower, parse_rational("-0.69314718055994"));
  EXPECT_GT(half.upper, parse_rational("-0.69314718055995"));
}

}  // namespace
}  // namespace uldp
